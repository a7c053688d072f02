import type { FeatureDefinition } from './feature-definitions';

/**
 * Scorecard 2's features (issue 19), read from each account's months (credit_account_months, and
 * the monthly codes where no month row exists) as they stood at the score date. Every window is 12
 * months or less: the model is fitted 24 months before the registry's snapshot, where 12 of the 36
 * kept months lie before the date.
 */
export const HISTORY_FEATURE_KEYS = [
  'worstLate12m',
  'monthsSinceLastLate',
  'lateMonths12m',
  'onTimeMonths12m',
  'lateAccountsNow',
  'amountPastDueSle',
  'creditUtilisation',
  'balanceTrend6m',
  'instalmentBalanceShare',
  'openAccountsNow',
  'hardInquiries12m',
  'monthsSinceNewestAccount',
  'alternativeOnTimeShare12m',
  'seriousDelinquency',
] as const;

/** 'seriousDelinquency' is an input of the rule (not a fitted feature): 1 when the file is scored by it. */
export const SERIOUS_DELINQUENCY_KEY = 'seriousDelinquency';

export const HISTORY_FEATURE_DEFINITIONS: readonly FeatureDefinition[] = [
  {
    key: 'worstLate12m',
    title: 'Worst lateness, last 12 months',
    description:
      'The worst monthly status of any account (mobile money, utilities and post-paid phones included) in the 12 months before the score date: 0 on time, 1 30 days late, 2 60 days, 3 90 days or more, 4 default.',
    direction: 'decreasing',
    unit: 'level',
    fineCuts: [1, 2, 3, 4],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'RECENT_DELINQUENCY',
  },
  {
    key: 'monthsSinceLastLate',
    title: 'Months since the last late payment',
    description:
      'Months from the last month any account was reported late (30 days or more) to the score date; 12 when none was in the last 12 months.',
    direction: 'increasing',
    unit: 'recency',
    fineCuts: [1, 2, 3, 4, 6, 9, 12],
    canBeMissing: false,
    maxValue: 12,
    group: 'payment_history',
    reasonCode: 'RECENT_LATE_PAYMENT',
  },
  {
    key: 'lateMonths12m',
    title: 'Months late, last 12 months',
    description:
      'Months reported 30 days or more late (or in default) in the 12 months before the score date, all accounts added (bills and mobile money included).',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1, 2, 3, 4, 6, 9, 12],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'LATE_MONTHS',
  },
  {
    key: 'onTimeMonths12m',
    title: 'Months paid on time, last 12 months',
    description: 'Months reported on time in the 12 months before the score date, all accounts added: the depth of the evidence.',
    direction: 'increasing',
    unit: 'count',
    fineCuts: [3, 6, 9, 12, 15, 18, 24, 30, 36],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'FEW_ON_TIME_MONTHS',
  },
  {
    key: 'lateAccountsNow',
    title: 'Accounts behind now',
    description: 'Accounts 30 days or more late, or in default, in their latest month at the score date.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1, 2, 3],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'LATE_ACCOUNTS',
  },
  {
    key: 'amountPastDueSle',
    title: 'Amount past due (SLE)',
    description:
      'The amounts past due of every account in its latest month at the score date, in New Leones; an account in default counts its default amount or balance, whichever is more.',
    direction: 'decreasing',
    unit: 'sle',
    fineCuts: [1, 100, 500, 2_000, 10_000, 50_000],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'AMOUNT_PAST_DUE',
  },
  {
    key: 'creditUtilisation',
    title: 'Balance to limit, revolving accounts and bills',
    description:
      'Total balance over total limit of the open revolving accounts in their latest month at the score date: credit cards, overdrafts and mobile money loans (balance to limit), utility and post-paid phone accounts (unpaid to the monthly bill); term loans, whose balance follows their schedule, are not counted. An account in default counts as drawn to twice its limit.',
    direction: 'decreasing',
    unit: 'share',
    fineCuts: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
    canBeMissing: true,
    group: 'amounts_owed',
    reasonCode: 'HIGH_BALANCES',
    missingReasonCode: 'NO_OPEN_CREDIT',
  },
  {
    key: 'balanceTrend6m',
    title: 'Change in balances, last 6 months',
    description:
      'The balances of the same revolving accounts now less their balances 6 months earlier, over their limits (accounts reported at both dates); positive when balances grew.',
    direction: 'decreasing',
    unit: 'share',
    fineCuts: [-0.3, -0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2, 0.3],
    canBeMissing: true,
    group: 'amounts_owed',
    reasonCode: 'BALANCES_RISING',
  },
  {
    key: 'instalmentBalanceShare',
    title: 'Still owed on loans',
    description:
      'Total balance over total amount borrowed of the open loans paid by instalments (every account that is not a card, an overdraft, mobile money or a bill) in their latest month at the score date; an account in default counts as owing twice its principal.',
    direction: 'decreasing',
    unit: 'share',
    fineCuts: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
    canBeMissing: true,
    group: 'amounts_owed',
    reasonCode: 'LOAN_BALANCES',
  },
  {
    key: 'openAccountsNow',
    title: 'Open accounts',
    description: 'Accounts open (not closed or paid off) in their latest month at the score date, of every type.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [2, 3, 4, 5, 7],
    canBeMissing: false,
    group: 'amounts_owed',
    reasonCode: 'OPEN_ACCOUNTS',
  },
  {
    key: 'hardInquiries12m',
    title: 'Credit applications, last 12 months',
    description:
      "Lenders that pulled the person's report for a credit application in the 12 months before the score date (several pulls by one lender count once); the person's own checks, account reviews and other purposes never count.",
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1, 2, 3, 4, 6],
    canBeMissing: false,
    group: 'new_credit',
    reasonCode: 'INQUIRIES',
  },
  {
    key: 'monthsSinceNewestAccount',
    title: 'Months since the newest account opened',
    description: 'Months from the opening of the most recently opened account (of any type) to the score date.',
    direction: 'increasing',
    unit: 'months',
    fineCuts: [3, 6, 9, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66],
    canBeMissing: false,
    group: 'new_credit',
    reasonCode: 'NEW_ACCOUNT',
  },
  {
    key: 'alternativeOnTimeShare12m',
    title: 'Bills and mobile money paid on time, last 12 months',
    description:
      'Of the months reported on mobile money loans, utility and post-paid phone accounts in the 12 months before the score date, the share on time; missing when the file has none reported in that time.',
    direction: 'increasing',
    unit: 'share',
    fineCuts: [0.5, 0.7, 0.8, 0.9, 0.95, 1],
    canBeMissing: true,
    maxValue: 1,
    group: 'alternative_data',
    reasonCode: 'ALTERNATIVE_DATA',
  },
  {
    key: 'seriousDelinquency',
    title: 'In default or 90 days late',
    description:
      '1 when an account shows a default within the retention period or is 90 days or more late in its latest month at the score date: such a file is scored by the rule, not by the fit.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1],
    canBeMissing: false,
    group: 'payment_history',
    reasonCode: 'DEFAULTS',
    isRuleInput: true,
  },
];
