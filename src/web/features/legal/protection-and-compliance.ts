import { disputeDeadlineOf, retentionOf, type TLegalDocument, type TLegalFacts } from './legal-facts';

/** Data Protection: the person's rights and how to use them. */
export function dataProtection(facts: TLegalFacts): TLegalDocument {
  return {
    summary:
      'Your credit information is protected by the Credit Reference Act, 2011 and by the National Data Protection Policy approved in 2026. These are your rights and how to use them.',
    sections: [
      {
        heading: 'Your rights',
        paragraphs: [],
        list: [
          'To see your file: your full credit report is free, as often as you like, and you can download it as a PDF. Looking at it never lowers your score.',
          'To know who looked: your Data Access Log lists every business that opened your file, when and for what purpose.',
          'To correct it: if something is wrong, such as an account that is not yours, a wrong balance or a payment marked late that was on time, you can ask for it to be corrected.',
          `To dispute it: file a dispute from your Disputes page. The lender has ${disputeDeadlineOf(facts)} to answer. While the dispute is open the entry is marked as disputed, and if the lender does not answer in time the entry is left out of the reports lenders see until it is resolved.`,
          'To control access: withdraw a consent, freeze your file so no new lender can search it, or place a fraud alert.',
          `To be forgotten in time: negative information is removed ${retentionOf(facts)} after the default.`,
        ],
      },
      {
        heading: 'How we protect your information',
        paragraphs: [
          'Passwords are stored only as a one-way hash. Identity numbers are partly hidden when shown. Every search and every staff action is recorded in an audit log that cannot be changed without it showing. Lenders see only what their purpose needs.',
        ],
      },
      {
        heading: 'If something goes wrong',
        paragraphs: [
          'If we find that your information was seen by someone who should not have seen it, we will tell you and the Bank of Sierra Leone without delay, and say what we are doing about it.',
          'If you are not satisfied with how we handled a dispute or a request, you can complain from your account or directly to the Bank of Sierra Leone.',
        ],
      },
    ],
  };
}

/** Compliance: the bureau's legal basis and how it, and its lenders, are held to it. */
export function compliance(facts: TLegalFacts): TLegalDocument {
  return {
    summary: 'How CreditCheck SL meets the law, how we hold the lenders who use us to it, and how the regulator checks both.',
    sections: [
      {
        heading: 'The law we work under',
        list: [
          'The Credit Reference Act, 2011, which sets the rules for credit bureaus, the data lenders report and the release of credit reports.',
          'The National Data Protection Policy approved in 2026, which sets how personal information is collected, kept, shared and corrected.',
          'The directives of the Bank of Sierra Leone, which licenses and supervises credit bureaus.',
        ],
        paragraphs: [],
      },
      {
        heading: 'What we require of lenders',
        list: [
          'Every search states a permissible purpose, and we check the consent the law requires before releasing a report.',
          'Businesses are verified from their registration documents before they may search.',
          'Data is reported every month in a checked format; rows that fail the checks are refused and returned with the reason.',
          `Disputes must be answered within ${disputeDeadlineOf(facts)}.`,
          'Searches are limited in number, and unusual patterns are flagged for investigation.',
        ],
        paragraphs: [],
      },
      {
        heading: 'How the regulator oversees us',
        paragraphs: [
          'The Bank of Sierra Leone has its own access to the bureau: it monitors the compliance of each lender, reads the audit log, investigates complaints and reviews security incidents. The audit log is sealed at regular intervals so that any change to past records can be detected.',
        ],
      },
      {
        heading: 'Retention',
        paragraphs: [
          `Negative information is kept and reported for ${retentionOf(facts)} from the default date, as the retention setting of the bureau requires, then removed from every report and score automatically.`,
        ],
      },
    ],
  };
}
