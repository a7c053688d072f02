import type { TAccountStatus } from '@shared/credit-reference';
import type { ScoringAccount } from '../compute-features';
import { monthIndexOf, subtractMonths, toIsoDate } from '../month-arithmetic';

/** The outcome window: a person is "bad" if they go 90 days past due or default within it. */
export const OUTCOME_MONTHS = 12;

const BAD_CODES = new Set(['3', 'D']);
const BAD_STATUSES: readonly TAccountStatus[] = ['late_90', 'default', 'written_off'];

/**
 * Whether a person went 90 days past due or defaulted on any account in the 12 months after the
 * observation date, as the registry shows it later: a monthly code 3 or D in a month of the
 * window, a default date in it, a last report in it with such a status, or a month row
 * (credit_account_months) in it with such a status. Accounts opened after
 * the observation date count too: the score predicts the person, not their existing accounts.
 */
export function hasGoneBad(accounts: readonly ScoringAccount[], observation: Date): boolean {
  const first = monthIndexOf(observation) + 1;
  const last = monthIndexOf(observation) + OUTCOME_MONTHS;
  const from = toIsoDate(observation);
  const to = toIsoDate(subtractMonths(observation, -OUTCOME_MONTHS));
  return accounts.some((a) => {
    const reportMonth = monthIndexOf(a.lastReportedAt);
    const isBadMonth = [...a.paymentHistory].some((code, i) => BAD_CODES.has(code) && reportMonth - i >= first && reportMonth - i <= last);
    const isBadDefault = a.defaultDate !== null && a.defaultDate > from && a.defaultDate <= to;
    const isBadStatus = BAD_STATUSES.includes(a.status) && reportMonth >= first && reportMonth <= last;
    const isBadMonthRow = (a.months ?? []).some(
      (m) => BAD_STATUSES.includes(m.status) && monthIndexOf(m.month) >= first && monthIndexOf(m.month) <= last,
    );
    return isBadMonth || isBadDefault || isBadStatus || isBadMonthRow;
  });
}
