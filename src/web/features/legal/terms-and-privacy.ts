import { disputeDeadlineOf, retentionOf, type TLegalDocument, type TLegalFacts } from './legal-facts';

/** Terms of Service: who may use the bureau, for what, and what each side promises. */
export function termsOfService(facts: TLegalFacts): TLegalDocument {
  return {
    summary:
      'These terms apply to everyone who uses CreditCheck SL: lenders and other businesses, people checking their own credit, and the staff of the bureau and of the Bank of Sierra Leone.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'CreditCheck SL is a credit bureau in Sierra Leone. We keep records of how people and businesses repay credit, so that lenders can decide fairly and borrowers can prove a good record.',
          'We operate under the Credit Reference Act, 2011. The Bank of Sierra Leone licenses and supervises credit bureaus and may inspect our systems and records at any time.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your password to yourself and choose one you do not use elsewhere. You are responsible for what is done with your account. If you think someone else has used it, change your password at once and tell us.',
          'If you forget your password, you can ask for a reset code by email or text message. After a reset every signed-in session of your account is ended.',
        ],
      },
      {
        heading: 'Businesses and lenders',
        paragraphs: ['A business that registers with us agrees to:'],
        list: [
          'search a person’s credit file only for a permissible purpose (such as a new credit application or the review of an existing account), and only with the person’s consent where the law requires it;',
          'send accurate and complete information about the accounts it reports, every month, and correct it promptly when it is wrong;',
          `answer every dispute about its data within ${disputeDeadlineOf(facts)}; an entry not answered in time is left out of the reports other lenders see until it is resolved;`,
          'keep the reports it receives confidential, use them only for the purpose it gave, and never sell or pass them on;',
          'pay its subscription; a paid plan renews each month until it is cancelled, and a change of plan is charged only for the difference over the rest of the month.',
        ],
      },
      {
        heading: 'People checking their own credit',
        paragraphs: [
          'Checking your own credit file is free and does not count as a search by a lender, so it never affects your score.',
          'You must only ever open your own file. We confirm who you are with your National ID and a code sent to your phone before showing it.',
        ],
      },
      {
        heading: 'What we promise',
        paragraphs: [
          'We keep the information lenders send as they sent it, show every person their own file free of charge, record every search of a file, and investigate disputes.',
          `Negative information such as a default is reported for ${retentionOf(facts)} from the date of the default, then removed.`,
          'A credit score is an estimate made from the file. The decision to lend is always the lender’s own.',
        ],
      },
      {
        heading: 'Suspension and ending',
        paragraphs: [
          'We may suspend a business that searches without a permissible purpose, reports false information or does not pay, and we report serious misuse to the Bank of Sierra Leone. You may close your account at any time; records we must keep by law are kept for the periods described in our Privacy Policy.',
        ],
      },
      {
        heading: 'Complaints and the law that applies',
        paragraphs: [
          'If you are unhappy with us, contact our support team first. You may also complain to the Bank of Sierra Leone, which supervises the bureau. These terms are governed by the laws of Sierra Leone.',
        ],
      },
    ],
  };
}

/** Privacy Policy: what is collected, from whom, for how long, who sees it. */
export function privacyPolicy(facts: TLegalFacts): TLegalDocument {
  return {
    summary:
      'This policy explains, in plain words, what information we hold about you, where it comes from, how long we keep it and who may see it.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['About people:'],
        list: [
          'who you are: name, National ID number (NIN), date of birth, phone number, address and, if you give it, your email;',
          'your credit accounts: the lender, the type of account, the amount, the balance, the monthly payments and whether they were on time, and any default;',
          'who has searched your file, when and for what purpose;',
          'your disputes, consents and privacy choices, such as a freeze or a fraud alert.',
        ],
      },
      {
        heading: 'Where it comes from',
        paragraphs: [
          'From lenders and other businesses that give credit (banks, microfinance institutions, mobile lenders, utilities and shops selling on credit), which report each account every month.',
          'From you: when you register, confirm your identity, file a dispute or change your settings.',
          'About businesses, from the business itself: its registration number, tax ID, registration documents and contact person.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          `A default or written-off account is reported for ${retentionOf(facts)} from the date of the default; after that it is left out of every report and score. An account repaid since keeps its history, without the old default.`,
          'Monthly balance history is kept for the last 36 months.',
          'The record of who searched your file, and the audit log of what staff did, are kept as long as the law requires so that misuse can be investigated.',
        ],
      },
      {
        heading: 'Who sees it',
        list: [
          'You: your whole file, free of charge, whenever you sign in.',
          'Lenders and other registered businesses: a report on you only for a permissible purpose, and only with your consent where the law requires it. Each search is recorded and you can see it in your Data Access Log. A freeze on your file stops new searches.',
          'The Bank of Sierra Leone, as regulator: to supervise the bureau and the lenders, audit searches and investigate complaints.',
          'Our own staff: only what they need to run the bureau, and every action is written to a tamper-evident audit log.',
        ],
        paragraphs: ['We never sell your information or use it for advertising.'],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can see your file, withdraw a consent you gave a lender, freeze your file, place a fraud alert, and choose how we notify you. See the Data Protection page for all your rights.',
        ],
      },
    ],
  };
}
