import type { TAccountStatus } from '@shared/credit-reference';
import type { ScoringAccount, ScoringAccountMonth } from './compute-features';

/** An account as SQL reads it: snake_case, money as text (or a number), dates as text. */
export interface ScoringAccountRow {
  type: string;
  currency: string;
  principal: string | number;
  balance: string | number;
  opened_at: string;
  status: TAccountStatus;
  default_amount: string | number | null;
  default_date: string | null;
  payment_history: string;
  last_reported_at: string | Date;
  amount_past_due: string | number | null;
}

/**
 * One account in the score's terms (money in minor units as numbers, its last report as an ISO
 * instant), with its months: the one conversion for a report's accounts (queries.ts
 * scoringAccountsOfFile) and the training snapshot's (training/build-snapshot.ts).
 */
export function scoringAccountOfRow(a: ScoringAccountRow, months: ScoringAccountMonth[]): ScoringAccount {
  return {
    type: a.type,
    currency: a.currency,
    principal: Number(a.principal),
    balance: Number(a.balance),
    openedAt: a.opened_at,
    status: a.status,
    defaultAmount: a.default_amount === null ? null : Number(a.default_amount),
    defaultDate: a.default_date,
    paymentHistory: a.payment_history,
    lastReportedAt: new Date(a.last_reported_at).toISOString(),
    amountPastDue: a.amount_past_due === null ? null : Number(a.amount_past_due),
    months,
  };
}

/** A month of an account as SQL reads it (snake_case, money as text or a number). */
export interface ScoringMonthRow {
  month: string;
  balance: string | number;
  amount_past_due: string | number | null;
  status: TAccountStatus;
}

/** One month in the score's terms: the one conversion for the report's months and the auditor's. */
export function scoringMonthOfRow(m: ScoringMonthRow): ScoringAccountMonth {
  return {
    month: m.month.slice(0, 10),
    balance: Number(m.balance),
    amountPastDue: m.amount_past_due === null ? null : Number(m.amount_past_due),
    status: m.status,
  };
}
