import { ALTERNATIVE_ACCOUNT_TYPES, type TAccountStatus } from '@shared/credit-reference';
import type { ScoringAccount } from './compute-features';
import { countWholeMonths, monthIndexOf, toIsoDate } from './month-arithmetic';

/** One month of an account as known at the score date; age 0 is the score date's month. */
export interface MonthView {
  age: number;
  status: TAccountStatus;
  /** Minor units; null when only a monthly code is known for the month. */
  balance: number | null;
  amountPastDue: number | null;
}

/** An account as it stood at the score date: its months (newest first) and what they imply. */
export interface AccountTimeline {
  account: ScoringAccount;
  isAlternative: boolean;
  ageMonths: number;
  /** Known months, youngest first; never a month after the score date. */
  months: MonthView[];
  /** The youngest known month, or null when none is known. */
  latest: MonthView | null;
  /** A default shows on or before the score date: a default date, a default month or a default status. */
  isDefaulted: boolean;
}

/** The account status a payment-history code stands for (both scorecards). */
export const STATUS_OF_CODE: Record<string, TAccountStatus | undefined> = {
  '0': 'current',
  '1': 'late_30',
  '2': 'late_60',
  '3': 'late_90',
  D: 'default',
  C: 'closed',
};
/** How late a status is: 0 on time, 1..3 30/60/90+ days, 4 default; null for closed or paid. */
export const LATENESS_OF_STATUS: Record<TAccountStatus, number | null> = {
  current: 0,
  late_30: 1,
  late_60: 2,
  late_90: 3,
  default: 4,
  written_off: 4,
  closed: null,
  paid: null,
};
export const CLOSED_STATUSES: readonly TAccountStatus[] = ['closed', 'paid'];

/**
 * The months of an account known at `asOf`, from three sources, each overriding the one before:
 * the monthly codes (payment_history), the last report's own values (when it is not later than
 * `asOf`), and the monthly rows (credit_account_months). A month after `asOf` is never read, so
 * training rebuilds a past date with no look-ahead.
 */
export function timelineAt(account: ScoringAccount, asOf: Date): AccountTimeline {
  const asOfMonth = monthIndexOf(asOf);
  const byAge = new Map<number, MonthView>();
  const reportAge = asOfMonth - monthIndexOf(account.lastReportedAt);
  [...account.paymentHistory].forEach((code, i) => {
    const status = STATUS_OF_CODE[code];
    const age = reportAge + i;
    if (status && age >= 0) byAge.set(age, { age, status, balance: null, amountPastDue: null });
  });
  if (reportAge >= 0 && new Date(account.lastReportedAt).getTime() <= asOf.getTime())
    byAge.set(reportAge, {
      age: reportAge,
      status: account.status,
      balance: account.balance,
      amountPastDue: account.amountPastDue ?? null,
    });
  for (const m of account.months ?? []) {
    const age = asOfMonth - monthIndexOf(m.month);
    if (age >= 0) byAge.set(age, { age, status: m.status, balance: m.balance, amountPastDue: m.amountPastDue });
  }
  const months = [...byAge.values()].sort((a, b) => a.age - b.age);
  const isDefaulted =
    (account.defaultDate !== null && account.defaultDate <= toIsoDate(asOf)) || months.some((m) => LATENESS_OF_STATUS[m.status] === 4);
  return {
    account,
    isAlternative: ALTERNATIVE_ACCOUNT_TYPES.includes(account.type as never),
    ageMonths: countWholeMonths(account.openedAt, asOf),
    months,
    latest: months[0] ?? null,
    isDefaulted,
  };
}

/** Whether the account is open in its latest known month (an account with no known month counts as open). */
export function isOpenAt(t: AccountTimeline): boolean {
  return t.latest === null || !CLOSED_STATUSES.includes(t.latest.status);
}
