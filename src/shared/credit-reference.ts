/**
 * The registry's reference codes. The database holds the same rows (created by a migration, with
 * names administrators may edit); a unit test checks the two lists agree.
 */

/** Account types. "alternative" ones are mobile money and utilities: data for people banks do not see. */
export const ACCOUNT_TYPES = [
  { code: 'personal_loan', name: 'Personal loan', category: 'credit' },
  { code: 'business_loan', name: 'Business loan', category: 'credit' },
  { code: 'microfinance_loan', name: 'Microfinance loan', category: 'credit' },
  { code: 'group_loan', name: 'Group (solidarity) loan', category: 'credit' },
  { code: 'salary_loan', name: 'Salary-backed loan', category: 'credit' },
  { code: 'mortgage', name: 'Mortgage', category: 'credit' },
  { code: 'vehicle_loan', name: 'Vehicle loan', category: 'credit' },
  { code: 'asset_finance', name: 'Asset finance / hire purchase', category: 'credit' },
  { code: 'credit_card', name: 'Credit card', category: 'credit' },
  { code: 'overdraft', name: 'Overdraft', category: 'credit' },
  { code: 'trade_credit', name: 'Trade credit (goods on credit)', category: 'credit' },
  { code: 'mobile_money_loan', name: 'Mobile money loan', category: 'alternative' },
  { code: 'utility', name: 'Utility account (electricity, water)', category: 'alternative' },
  { code: 'telecom_postpaid', name: 'Post-paid telephone line', category: 'alternative' },
] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number]['code'];
export const ACCOUNT_TYPE_CODES = ACCOUNT_TYPES.map((t) => t.code) as [TAccountType, ...TAccountType[]];
export const ALTERNATIVE_ACCOUNT_TYPES: readonly TAccountType[] = ACCOUNT_TYPES.filter((t) => t.category === 'alternative').map(
  (t) => t.code,
);

/** Account statuses (API contract). "negative" ones are what the retention period applies to. */
export const ACCOUNT_STATUSES = [
  { code: 'current', name: 'Current', isNegative: false },
  { code: 'late_30', name: '30 days late', isNegative: false },
  { code: 'late_60', name: '60 days late', isNegative: false },
  { code: 'late_90', name: '90 days or more late', isNegative: true },
  { code: 'default', name: 'In default', isNegative: true },
  { code: 'written_off', name: 'Written off', isNegative: true },
  { code: 'closed', name: 'Closed', isNegative: false },
  { code: 'paid', name: 'Paid in full', isNegative: false },
] as const;
export type TAccountStatus = (typeof ACCOUNT_STATUSES)[number]['code'];
export const ACCOUNT_STATUS_CODES = ACCOUNT_STATUSES.map((s) => s.code) as [TAccountStatus, ...TAccountStatus[]];
/** Statuses that need a default amount and date: a defaulter report (FAQ). */
export const DEFAULTED_STATUSES: readonly TAccountStatus[] = ['default', 'written_off'];

/**
 * Permissible purposes (Credit Reference Act, 2011: a report is released only for a lawful
 * purpose or with the person's consent).
 */
export const PERMISSIBLE_PURPOSES = [
  {
    code: 'credit_application',
    name: 'New credit application',
    description: 'Assessing an application for a loan, credit line or goods on credit',
  },
  {
    code: 'account_review',
    name: 'Review of an existing account',
    description: 'Reviewing, renewing or raising the limit of an account the person already holds',
  },
  { code: 'guarantor_assessment', name: 'Guarantor assessment', description: 'Assessing a person who offers to guarantee a loan' },
  { code: 'debt_collection', name: 'Debt collection', description: 'Tracing or collecting a debt the person owes the business' },
  {
    code: 'employment_screening',
    name: 'Employment screening',
    description: 'Screening a job applicant for a position of financial trust, with written consent',
  },
  { code: 'tenancy_screening', name: 'Tenancy screening', description: 'Assessing a prospective tenant, with written consent' },
  { code: 'insurance_underwriting', name: 'Insurance underwriting', description: 'Underwriting an insurance policy, with written consent' },
] as const;
export type TPurposeCode = (typeof PERMISSIBLE_PURPOSES)[number]['code'];
export const PURPOSE_CODES = PERMISSIBLE_PURPOSES.map((p) => p.code) as [TPurposeCode, ...TPurposeCode[]];

/** How often an account's instalments fall due (a report's paymentFrequency). */
export const PAYMENT_FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'irregular', 'single_payment'] as const;
export type TPaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
export const PAYMENT_FREQUENCY_NAMES: Record<TPaymentFrequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  irregular: 'Irregular',
  single_payment: 'One payment at the end',
};

/**
 * The other people on an account (group and solidarity loans): a co-borrower owes it with the
 * borrower, a guarantor answers for it if the borrower does not pay. A report names at most
 * ACCOUNT_PARTIES_MAX of them (a CSV row ACCOUNT_PARTIES_CSV_MAX).
 */
export const PARTY_ROLES = ['co_borrower', 'guarantor'] as const;
export type TPartyRole = (typeof PARTY_ROLES)[number];
/** The role a person has on an account shown on their file. */
export const ACCOUNT_ROLES = ['borrower', ...PARTY_ROLES] as const;
export type TAccountRole = (typeof ACCOUNT_ROLES)[number];
export const ACCOUNT_ROLE_NAMES: Record<TAccountRole, string> = {
  borrower: 'Borrower',
  co_borrower: 'Co-borrower',
  guarantor: 'Guarantor',
};
export const ACCOUNT_PARTIES_MAX = 5;
export const ACCOUNT_PARTIES_CSV_MAX = 3;
/** Months of balance history kept and shown per account. */
export const ACCOUNT_HISTORY_MONTHS = 36;

export const IDENTIFIER_TYPES = ['nin', 'drivers_license', 'passport'] as const;
export type TIdentifierType = (typeof IDENTIFIER_TYPES)[number];

export const CURRENCIES = ['SLE', 'USD'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

/**
 * Payment history: one character a month, most recent month first, at most 24.
 * 0 paid on time, 1 30 days late, 2 60 days late, 3 90 days or more late, D in default,
 * C closed or paid off, - no report that month.
 */
export const PAYMENT_HISTORY_CODES = ['0', '1', '2', '3', 'D', 'C', '-'] as const;
export const PAYMENT_HISTORY_MONTHS = 24;
export const PAYMENT_HISTORY_PATTERN = /^[0123DC-]{0,24}$/;

export const PAYMENT_HISTORY_LABELS: Record<string, string> = {
  '0': 'on_time',
  '1': 'late_30',
  '2': 'late_60',
  '3': 'late_90',
  D: 'default',
  C: 'closed',
  '-': 'no_data',
};

/** The history code a month reported with this status adds. */
export function historyCodeOfStatus(status: TAccountStatus): string {
  switch (status) {
    case 'current':
      return '0';
    case 'late_30':
      return '1';
    case 'late_60':
      return '2';
    case 'late_90':
      return '3';
    case 'default':
    case 'written_off':
      return 'D';
    case 'closed':
    case 'paid':
      return 'C';
  }
}
