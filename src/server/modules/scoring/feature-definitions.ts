import type { TScoreFactorGroup, TScoreReasonCode } from '@shared/scoring';
import { HISTORY_FEATURE_DEFINITIONS, HISTORY_FEATURE_KEYS } from './history-feature-definitions';

/**
 * The scorecard's features: what each measures, which way common sense says it must push the
 * score, and the fine bins the fit starts from (the fit pools adjacent bins until the points are
 * monotone in that direction). Changing a definition changes what every stored feature value
 * means, so it needs a new model version.
 */

/** Scorecard 1's features (kept so its stored scores can be reproduced), then scorecard 2's. */
export const LEGACY_FEATURE_KEYS = [
  'worstDelinquency12m',
  'worstDelinquency24m',
  'defaultCount',
  'defaultAmountSle',
  'onTimeShare',
  'utilisation',
  'oldestAccountMonths',
  'openAccounts',
  'inquiries6m',
  'creditTypeCount',
  'alternativeAccountsInGoodStanding',
] as const;
export const FEATURE_KEYS = [...LEGACY_FEATURE_KEYS, ...HISTORY_FEATURE_KEYS] as const;
export type TFeatureKey = (typeof FEATURE_KEYS)[number];

/** A person's feature values; null means "nothing to measure" (only where `canBeMissing`). */
export type FeatureVector = Record<TFeatureKey, number | null>;

/**
 * `increasing`: a higher value never lowers the score (more on-time payments);
 * `decreasing`: a higher value never raises it (more defaults).
 */
export type FeatureDirection = 'increasing' | 'decreasing';

/** How a value is written in the model card and bin labels. */
export type FeatureUnit = 'level' | 'count' | 'share' | 'months' | 'sle' | 'recency';

export interface FeatureDefinition {
  key: TFeatureKey;
  title: string;
  description: string;
  direction: FeatureDirection;
  unit: FeatureUnit;
  /** Lower bounds (inclusive) of the fine bins after the first; the first bin starts at -infinity. */
  fineCuts: number[];
  canBeMissing: boolean;
  /** The largest value the feature can take, when it has one (labels say "100%", not "100% or more"). */
  maxValue?: number;
  /** The factor group of its reason (scorecard 2: one reason per group at most). */
  group: TScoreFactorGroup | 'mix';
  reasonCode: TScoreReasonCode;
  /** The reason when the value is missing (it then carries neutral points). */
  missingReasonCode?: TScoreReasonCode;
  /** An input of a documented rule, never fitted (seriousDelinquency). */
  isRuleInput?: boolean;
}

/** Worst delinquency levels: what a payment-history code or status means in the delinquency features. */
export const DELINQUENCY_LEVELS = ['none', '30 days late', '60 days late', '90 days or more late', 'default'] as const;

export const FEATURE_DEFINITIONS: readonly FeatureDefinition[] = [
  {
    key: 'worstDelinquency12m',
    group: 'payment_history',
    title: 'Worst delinquency, last 12 months',
    description:
      'The worst monthly status on any account in the 12 months before the score date: 0 none, 1 30 days late, 2 60 days, 3 90 days or more, 4 default.',
    direction: 'decreasing',
    unit: 'level',
    fineCuts: [1, 2, 3, 4],
    canBeMissing: false,
    reasonCode: 'RECENT_DELINQUENCY',
  },
  {
    key: 'worstDelinquency24m',
    group: 'payment_history',
    title: 'Worst delinquency, last 24 months',
    description: 'The same over the 24 months before the score date.',
    direction: 'decreasing',
    unit: 'level',
    fineCuts: [1, 2, 3, 4],
    canBeMissing: false,
    reasonCode: 'PAST_DELINQUENCY',
  },
  {
    key: 'defaultCount',
    group: 'payment_history',
    title: 'Accounts in default',
    description: 'Accounts reported in default or written off (or with a default date) on or before the score date.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1, 2, 3],
    canBeMissing: false,
    reasonCode: 'DEFAULTS',
  },
  {
    key: 'defaultAmountSle',
    group: 'payment_history',
    title: 'Amount in default (SLE)',
    description: 'The sum of the default amounts of those accounts, in New Leones (USD at the model rate).',
    direction: 'decreasing',
    unit: 'sle',
    fineCuts: [1, 500, 2_000, 10_000, 50_000],
    canBeMissing: false,
    reasonCode: 'DEFAULT_AMOUNT',
  },
  {
    key: 'onTimeShare',
    group: 'payment_history',
    title: 'Share of payments on time',
    description:
      'Of the monthly statuses reported in the 24 months before the score date (all accounts), the share that were on time; every month of an account that went into default counts as not on time.',
    direction: 'increasing',
    unit: 'share',
    fineCuts: [0.5, 0.7, 0.8, 0.9, 0.95, 1],
    canBeMissing: true,
    maxValue: 1,
    reasonCode: 'ON_TIME_SHARE',
    missingReasonCode: 'NO_PAYMENT_HISTORY',
  },
  {
    key: 'utilisation',
    group: 'amounts_owed',
    title: 'Balance to amount borrowed',
    description:
      'Total balance over total principal of the open credit accounts (not mobile money or utilities); an account in default counts as drawn to twice its principal.',
    direction: 'decreasing',
    unit: 'share',
    fineCuts: [0.1, 0.3, 0.5, 0.7, 0.9, 1],
    canBeMissing: true,
    reasonCode: 'HIGH_BALANCES',
    missingReasonCode: 'NO_OPEN_CREDIT',
  },
  {
    key: 'oldestAccountMonths',
    group: 'length_of_history',
    title: 'Age of the oldest account (months)',
    description: 'Months from the opening of the oldest account never in default to the score date.',
    direction: 'increasing',
    unit: 'months',
    fineCuts: [6, 12, 18, 24, 30, 36, 48, 60, 72, 120],
    canBeMissing: false,
    reasonCode: 'SHORT_HISTORY',
  },
  {
    key: 'openAccounts',
    group: 'amounts_owed',
    title: 'Open accounts',
    description: 'Accounts not closed or paid off at the score date, of every type.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [2, 3, 4, 5, 7],
    canBeMissing: false,
    reasonCode: 'OPEN_ACCOUNTS',
  },
  {
    key: 'inquiries6m',
    group: 'new_credit',
    title: 'Credit applications, last 6 months',
    description: 'Reports pulled for a new credit application in the 6 months before the score date; several by one lender count once.',
    direction: 'decreasing',
    unit: 'count',
    fineCuts: [1, 2, 3, 4, 6],
    canBeMissing: false,
    reasonCode: 'INQUIRIES',
  },
  {
    key: 'creditTypeCount',
    group: 'mix',
    title: 'Kinds of credit account',
    description:
      'Distinct credit account types held and never in default (loans, cards, overdrafts...), mobile money and utilities not counted.',
    direction: 'increasing',
    unit: 'count',
    fineCuts: [1, 2, 3],
    canBeMissing: false,
    reasonCode: 'ACCOUNT_MIX',
  },
  {
    key: 'alternativeAccountsInGoodStanding',
    group: 'alternative_data',
    title: 'Mobile money and utility accounts in good standing',
    description:
      'Mobile money loans, utility and post-paid phone accounts with 3 months of history or more, not in default and never 60 days late in the last 12 months: evidence for people with no bank history.',
    direction: 'increasing',
    unit: 'count',
    fineCuts: [1, 2, 3],
    canBeMissing: false,
    reasonCode: 'ALTERNATIVE_DATA',
  },
  ...HISTORY_FEATURE_DEFINITIONS,
];

/** Scorecard 2's fitted features: the history features and the age of the oldest account. */
export const MODEL_FEATURE_KEYS: readonly TFeatureKey[] = [
  ...HISTORY_FEATURE_DEFINITIONS.filter((d) => !d.isRuleInput).map((d) => d.key),
  'oldestAccountMonths',
];

export const FEATURE_DEFINITION_BY_KEY = Object.fromEntries(FEATURE_DEFINITIONS.map((d) => [d.key, d])) as Record<
  TFeatureKey,
  FeatureDefinition
>;
