import type { TScoreFactorGroup, TScoreReasonCode } from './scoring';

/**
 * The factor group of each reason code: what the person's dashboard grades one card per group
 * from. The scorecard's feature definitions (src/server/modules/scoring/feature-definitions.ts)
 * give each feature a group and a reason code; tests/unit/scoring/score-factors.test.ts holds this
 * map to them, so the two cannot drift. `mix` is scorecard 1's "few kinds of credit": never shown
 * as a card, since its only advice would be to borrow more.
 */
export const SCORE_REASON_GROUP: Record<TScoreReasonCode, TScoreFactorGroup | 'mix'> = {
  RECENT_DELINQUENCY: 'payment_history',
  PAST_DELINQUENCY: 'payment_history',
  DEFAULTS: 'payment_history',
  DEFAULT_AMOUNT: 'payment_history',
  ON_TIME_SHARE: 'payment_history',
  NO_PAYMENT_HISTORY: 'payment_history',
  LATE_ACCOUNTS: 'payment_history',
  LATE_MONTHS: 'payment_history',
  RECENT_LATE_PAYMENT: 'payment_history',
  AMOUNT_PAST_DUE: 'payment_history',
  FEW_ON_TIME_MONTHS: 'payment_history',
  HIGH_BALANCES: 'amounts_owed',
  NO_OPEN_CREDIT: 'amounts_owed',
  OPEN_ACCOUNTS: 'amounts_owed',
  BALANCES_RISING: 'amounts_owed',
  LOAN_BALANCES: 'amounts_owed',
  SHORT_HISTORY: 'length_of_history',
  INQUIRIES: 'new_credit',
  NEW_ACCOUNT: 'new_credit',
  ACCOUNT_MIX: 'mix',
  ALTERNATIVE_DATA: 'alternative_data',
};

/** The group of a stored reason's code; null for a code this build does not know. */
export function groupOfReason(code: string): TScoreFactorGroup | 'mix' | null {
  return Object.hasOwn(SCORE_REASON_GROUP, code) ? SCORE_REASON_GROUP[code as TScoreReasonCode] : null;
}
