/** Help centre articles shipped with the product (spec section 2, Help centre). */
export interface HelpArticleSeed {
  title: string;
  category: 'getting_started' | 'features' | 'ai_scoring' | 'national_id' | 'troubleshooting' | 'updates';
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  estimatedTime: number;
  version: string;
  author: string;
  tags: string[];
  isFeatured: boolean;
  content: string;
}

const TEAM = 'CreditCheck SL Support Team';

export const HELP_ARTICLES: HelpArticleSeed[] = [
  {
    title: 'Getting started as a business',
    category: 'getting_started',
    difficulty: 'beginner',
    estimatedTime: 5,
    version: '1.2',
    author: TEAM,
    tags: ['registration', 'subscription', 'verification'],
    isFeatured: true,
    content: `Welcome to CreditCheck SL. This guide takes your institution from registration to its first credit check.

## 1. Register
Open **Register now** on the home page and fill in your business details: registered name, type, registration number, tax ID, address and a contact person. Choose a strong password of at least 8 characters.

## 2. Pay the monthly subscription
After registering, the payment dialog opens. Pay by card; the amount in Leones is shown for reference. You can switch on **Auto-renew** so your access never lapses. An invoice is issued for every month paid.

## 3. Verification
Before you can search, our team checks your registration documents, tax identification and supporting documents. You will be told as soon as your business is verified.

## 4. Sign in and search
Sign in at **Login**, open **Customer Search**, choose the purpose of the check, confirm you have the customer's consent, and search by National ID, phone, licence or passport.`,
  },
  {
    title: 'How to search for a customer and pull a credit report',
    category: 'features',
    difficulty: 'beginner',
    estimatedTime: 4,
    version: '1.1',
    author: TEAM,
    tags: ['search', 'report', 'consent', 'purpose'],
    isFeatured: true,
    content: `A credit report may only be released for a **lawful purpose or with the customer's consent** (Credit Reference Act, 2011).

1. Open **Customer Search**.
2. Pick the **purpose**: a new loan application, review of an existing account, employment screening with consent, and so on.
3. Tick the consent box once the customer has agreed in writing.
4. Search by **National ID (NIN)**, phone number, driver's licence or passport. If you only have a name, you must also enter the **date of birth**.
5. Choose the right person from the candidates. Identification numbers are partly masked to protect privacy; compare the birth year and district.
6. Open the report: score and band, the reasons behind the score, every account with its 24-month history, disputed entries and recent inquiries.

Every search and report is recorded with who, when and why, and the customer can see it in their access log. Each report counts against your monthly inquiry quota.`,
  },
  {
    title: 'How to report a defaulter',
    category: 'features',
    difficulty: 'intermediate',
    estimatedTime: 6,
    version: '1.0',
    author: TEAM,
    tags: ['defaulter', 'reporting', 'accounts'],
    isFeatured: true,
    content: `Reporting defaults keeps the whole market honest. A defaulter report needs:

- the customer's **full name** and **address**;
- **at least one valid ID number**: National ID, driver's licence or passport;
- a **phone number** (+232 followed by 8 digits);
- the **default amount** and the **date of default**.

Open **Submit Reports**, choose **Report a Defaulter**, and complete the form. Each field tells you what is missing.

### Monthly files
Lenders report all their accounts every month. Upload a CSV or JSON file from **Submit Reports**; download the template first. Valid rows are applied together; rows with errors are listed with their row number and the field to fix, and you can download them as a CSV, correct them and upload again. Sending the same account number again updates the account instead of creating a duplicate.`,
  },
  {
    title: 'What your credit score means',
    category: 'ai_scoring',
    difficulty: 'beginner',
    estimatedTime: 5,
    version: '1.0',
    author: 'CreditCheck SL Analytics',
    tags: ['score', 'bands', 'reasons'],
    isFeatured: false,
    content: `Your score is a number from **300 to 850** that estimates how likely you are to repay on time over the next 12 months. Higher is better.

| Band | What it means |
|---|---|
| Good | Lenders see a low risk |
| Fair | Some late payments or high balances |
| Poor | Recent serious delinquency or defaults |

Every score comes with up to four **reasons**, the factors that lowered it most, one per kind of factor (payment history, amounts owed, length of history, new credit, bills and mobile money), each saying what would help, such as "Bring the 2 accounts behind on payments up to date; late payments weigh less as they age." A file with a default, or an account 90 days or more late, scores between 300 and 349 while it shows.

**No score is not a bad score.** If you have no account with at least six months of history, or no account reported in the last 12 months, you get *no score* with the reason ("insufficient credit history", "no account reported in the last 12 months"). The law says a missing record must not count against you.`,
  },
  {
    title: 'How the scorecard is built and audited',
    category: 'ai_scoring',
    difficulty: 'advanced',
    estimatedTime: 8,
    version: '1.0',
    author: 'CreditCheck SL Analytics',
    tags: ['model', 'scorecard', 'audit', 'regulator'],
    isFeatured: false,
    content: `The score is a **logistic-regression scorecard** over binned features, the form that lenders and regulators can read line by line.

- Features come from the registry: worst delinquency in 12 and 24 months, defaults and amounts, the share of on-time payments, balances against original amounts, the age of the oldest account, open accounts, recent inquiries, the mix of account types, and mobile-money or utility accounts for people without a bank history.
- Each feature is split into bins; each bin carries points. The points add up to the score, so any score can be explained and reproduced.
- The model is checked so that common sense holds: a new default never raises a score.
- Every computed score is stored with the model version, so an auditor can reproduce any past score.

The model card, with its accuracy on held-out data and its limits, is published to the regulator.`,
  },
  {
    title: 'Using your National ID (NIN) with CreditCheck SL',
    category: 'national_id',
    difficulty: 'beginner',
    estimatedTime: 3,
    version: '1.0',
    author: TEAM,
    tags: ['NIN', 'national id', 'identity'],
    isFeatured: false,
    content: `The **National Identification Number (NIN)** issued by the National Civil Registration Authority is your lifelong identifier, and the main key of your credit file.

- Enter it exactly as printed: letters and digits, without spaces. We ignore spaces and dashes and accept lower case.
- Lenders see it only partly, for example \`****0001\`.
- If you do not have a NIN yet, lenders can still find your file with your driver's licence or passport number, or your name with your date of birth and phone.

Consumers register with their NIN and date of birth, then confirm a one-time code sent to a phone number already on their credit file. This stops anyone who knows your NIN from reading your report.`,
  },
  {
    title: 'Why some people have two files, and how we merge them',
    category: 'national_id',
    difficulty: 'intermediate',
    estimatedTime: 5,
    version: '1.0',
    author: TEAM,
    tags: ['matching', 'duplicates', 'identity'],
    isFeatured: false,
    content: `Lenders report people with different spellings (Mohamed, Mohammed), different identifiers, or a swapped day and month in the date of birth. CreditCheck SL matches each report to the right person:

1. A matching **ID number** links the report to that person, unless the name or date of birth disagrees strongly; then a person at the bureau reviews it.
2. Without an ID match, we compare **names** (allowing for spelling variants), **date of birth** and **phone**. We link automatically only when one person is clearly the best match.
3. Otherwise a new file is created and the pair is queued for review.

If you see an account that is not yours, file a **dispute** from your Disputes page.`,
  },
  {
    title: 'How disputes work',
    category: 'features',
    difficulty: 'beginner',
    estimatedTime: 4,
    version: '1.1',
    author: TEAM,
    tags: ['dispute', 'consumer rights', 'correction'],
    isFeatured: false,
    content: `You have the right to challenge any entry on your report, free of charge.

1. Open **Disputes** and choose the account.
2. Pick a reason and explain in at most 100 words.
3. The entry is marked **disputed** at once, on every report any lender pulls.
4. The lender that reported it must answer within the deadline (30 days unless the regulator sets otherwise): it either corrects the entry or verifies it with a note.
5. If the lender does not answer in time, the entry is left out of lenders' reports until it answers, and the Bank of Sierra Leone sees the overdue case.

You can follow every step on the dispute's timeline, and complain to the regulator if you are not satisfied.`,
  },
  {
    title: 'Protecting your file: consent, freeze and fraud alerts',
    category: 'features',
    difficulty: 'beginner',
    estimatedTime: 4,
    version: '1.0',
    author: TEAM,
    tags: ['privacy', 'freeze', 'consent', 'fraud'],
    isFeatured: false,
    content: `From **Privacy Controls** you decide who sees your data:

- **Consents**: grant a lender access for a period, and revoke it at any time.
- **Freeze**: while your file is frozen, no new lender can pull your report. Lenders you already borrow from can still review your existing accounts. Unfreeze when you apply for a loan.
- **Fraud alert**: tells every lender to verify your identity before lending in your name.

Your **Data Access Log** lists every search and report that touched your file: which lender, when, and for what purpose.`,
  },
  {
    title: 'I cannot sign in',
    category: 'troubleshooting',
    difficulty: 'beginner',
    estimatedTime: 3,
    version: '1.0',
    author: TEAM,
    tags: ['login', 'password', 'locked'],
    isFeatured: false,
    content: `Check these in order:

- **Right sign-in page**: businesses use *Login* (username or email); consumers use the *Access Portal* with their National ID or phone; staff use their own pages.
- **Phone format**: +232 followed by 8 digits, for example +232 76 123 456.
- **Locked account**: after 10 failed attempts in a row the account is locked for 15 minutes. Wait, then try again.
- **Suspended business**: if your business was suspended, contact support.
- **Session ended**: you are signed out after 30 minutes without activity and after 12 hours in any case.

If nothing helps, contact support from the footer.`,
  },
  {
    title: 'My monthly file was rejected',
    category: 'troubleshooting',
    difficulty: 'intermediate',
    estimatedTime: 5,
    version: '1.0',
    author: TEAM,
    tags: ['upload', 'csv', 'errors'],
    isFeatured: false,
    content: `A file is checked row by row. The result lists each rejected row with its **row number**, the **field** and the **message**.

Common causes:
- No ID number at all on the row: at least one of National ID, driver's licence or passport is required.
- A phone number that is not a Sierra Leone number.
- A status that is not one of current, late_30, late_60, late_90, default, written_off, closed, paid.
- A default without the default amount or date.
- Amounts with thousands separators: write \`1500000\`, not \`1,500,000\`.

Download the rejected rows as CSV, fix them and upload only those rows again. Files can hold up to 100,000 rows.`,
  },
  {
    title: "What's new: monthly file uploads with row-level errors",
    category: 'updates',
    difficulty: 'beginner',
    estimatedTime: 2,
    version: '2026.11',
    author: 'CreditCheck SL Product Team',
    tags: ['release', 'uploads'],
    isFeatured: false,
    content: `Lenders can now upload their monthly file as CSV or JSON. Valid rows are applied together, all or nothing, and every rejected row is listed with the field to fix. Download the rejected rows, correct them and send them again: existing accounts are updated, never duplicated.`,
  },
  {
    title: "What's new: free credit reports for every consumer",
    category: 'updates',
    difficulty: 'beginner',
    estimatedTime: 2,
    version: '2026.10',
    author: 'CreditCheck SL Product Team',
    tags: ['release', 'consumers'],
    isFeatured: false,
    content: `Every person in Sierra Leone can now see their own credit report and score for free. Register in the Access Portal with your National ID, confirm the code we send to your phone, and download your report as a PDF. Reading your own report never affects your score.`,
  },
  {
    title: "What's new: Leone amounts at the current exchange rate",
    category: 'updates',
    difficulty: 'beginner',
    estimatedTime: 1,
    version: '2026.09',
    author: 'CreditCheck SL Product Team',
    tags: ['release', 'payments', 'leone'],
    isFeatured: false,
    content: `Subscription prices are in US dollars; the payment dialog now shows the approximate amount in Leones at the exchange rate our administrators keep up to date. Invoices record the rate of the day you paid.`,
  },
];
