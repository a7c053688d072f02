import type { TScoreUnavailableCode } from '@shared/scoring';
import { LATENESS_OF_STATUS, isOpenAt, timelineAt, type AccountTimeline } from './account-timeline';
import type { ScoringAccount, ScoringInquiry } from './compute-features';
import type { HISTORY_FEATURE_KEYS } from './history-feature-definitions';
import { subtractMonths, toIsoDate } from './month-arithmetic';

export type HistoryFeatures = Record<(typeof HISTORY_FEATURE_KEYS)[number], number | null>;

/** The thin-file rule: an account at least this many months old... */
export const MIN_HISTORY_MONTHS = 6;
/** ...and an account reported within this many months of the score date. */
export const RECENT_REPORT_MONTHS = 12;
const WINDOW = 12;
const TREND_MONTHS = 6;
const UTILISATION_CAP = 2;
/** Accounts whose balance shows how much of a limit is drawn (term loans follow their schedule). */
const REVOLVING_TYPES: readonly string[] = ['credit_card', 'overdraft', 'mobile_money_loan', 'utility', 'telecom_postpaid'];

/**
 * The accounts opened by `asOf`, as they stood then: what the thin-file rule and scorecard 2's
 * features read (a score makes them once for both).
 */
export function timelinesAt(accounts: readonly ScoringAccount[], asOf: Date): AccountTimeline[] {
  const asOfDate = toIsoDate(asOf);
  return accounts.filter((a) => a.openedAt <= asOfDate).map((a) => timelineAt(a, asOf));
}

/**
 * Why a file gets no score at the timelines' date, or null when it gets one: no account with 6
 * months of history (INSUFFICIENT_HISTORY), or none reported in the last 12 months
 * (NO_RECENT_REPORT). A missing or stale record must not count against a person, so it gives no
 * score, never a low one.
 */
export function thinFileReason(known: readonly AccountTimeline[]): TScoreUnavailableCode | null {
  if (!known.some((t) => t.ageMonths >= MIN_HISTORY_MONTHS)) return 'INSUFFICIENT_HISTORY';
  // A month counts as a report when the account was open in it: a file whose accounts were all
  // paid off more than 12 months ago shows nothing of how the person handles credit now.
  if (!known.some((t) => t.months.some((m) => m.age < RECENT_REPORT_MONTHS && LATENESS_OF_STATUS[m.status] !== null)))
    return 'NO_RECENT_REPORT';
  return null;
}

/**
 * Scorecard 2's features of one person at `asOf`, from their timelines at that date (timelinesAt;
 * history-feature-definitions.ts says what each measures). Pure and deterministic; every month
 * after `asOf` is ignored.
 */
export function computeHistoryFeatures(
  known: readonly AccountTimeline[],
  inquiries: readonly ScoringInquiry[],
  asOf: Date,
  toSle: (minor: number, currency: string) => number,
): HistoryFeatures {
  const months = monthCounts(known);
  const windowStart = toIsoDate(subtractMonths(asOf, WINDOW));
  const defaultWithinWindow = known.some((t) => t.account.defaultDate !== null && t.account.defaultDate > windowStart && t.isDefaulted);
  const revolving = known.filter((t) => REVOLVING_TYPES.includes(t.account.type) && isOpenAt(t) && t.account.principal > 0);

  return {
    worstLate12m: Math.max(months.worstLate, defaultWithinWindow ? 4 : 0),
    monthsSinceLastLate: months.youngestLate,
    lateMonths12m: months.late,
    onTimeMonths12m: months.onTime,
    lateAccountsNow: known.filter((t) => t.latest !== null && levelOf(t.latest.status) >= 1).length,
    amountPastDueSle: Math.floor(sum(known.map((t) => toSle(pastDueOf(t), t.account.currency)))),
    creditUtilisation: utilisationOf(revolving, toSle),
    balanceTrend6m: balanceTrendOf(revolving, toSle),
    instalmentBalanceShare: utilisationOf(
      known.filter((t) => !REVOLVING_TYPES.includes(t.account.type) && isOpenAt(t) && t.account.principal > 0),
      toSle,
    ),
    openAccountsNow: known.filter(isOpenAt).length,
    hardInquiries12m: countApplicants(inquiries, asOf, WINDOW),
    monthsSinceNewestAccount: Math.max(0, Math.min(...known.map((t) => t.ageMonths))),
    alternativeOnTimeShare12m: months.alternative === 0 ? null : roundTo4(months.alternativeOnTime / months.alternative),
    seriousDelinquency: isSerious(known) ? 1 : 0,
  };
}

/**
 * The months of the 12 before the score date that the payment features count, in one pass over
 * every account's months (a report scores on every pull: the filters and arrays this replaced
 * were a fifth of a score's CPU, docs/performance.md):
 * - of an open account's months (a closed or paid month is neither late nor on time), the late
 *   ones (how many, the worst, the youngest: 12 when none) and the on-time ones; an account in
 *   default proves nothing on time, so its months never count as on time and a defaulter report
 *   can only lower the score;
 * - of an alternative-data account's months, open or not, how many and how many on time.
 */
function monthCounts(known: readonly AccountTimeline[]) {
  const counts = { late: 0, worstLate: 0, youngestLate: WINDOW, onTime: 0, alternative: 0, alternativeOnTime: 0 };
  for (const t of known) {
    for (const m of t.months) {
      if (m.age >= WINDOW) continue;
      if (t.isAlternative) {
        counts.alternative++;
        if (m.status === 'current' && !t.isDefaulted) counts.alternativeOnTime++;
      }
      const level = LATENESS_OF_STATUS[m.status];
      if (level === null) continue;
      if (level >= 1) {
        counts.late++;
        counts.worstLate = Math.max(counts.worstLate, level);
        counts.youngestLate = Math.min(counts.youngestLate, m.age);
      } else if (!t.isDefaulted) counts.onTime++;
    }
  }
  return counts;
}

/**
 * The rule's condition: a default on the file (within retention: older ones are not read) or an
 * account 90 days or more late in its latest month. Such files are left out of the fit and placed
 * below every other file (apply-scorecard.ts).
 */
function isSerious(known: readonly AccountTimeline[]): boolean {
  return known.some((t) => t.isDefaulted || (t.latest !== null && LATENESS_OF_STATUS[t.latest.status] === 3));
}

const levelOf = (status: keyof typeof LATENESS_OF_STATUS) => LATENESS_OF_STATUS[status] ?? 0;

/** What is past due on an account in its latest month; an account in default owes its default amount or balance, whichever is more. */
function pastDueOf(t: AccountTimeline): number {
  const latest = t.latest;
  const reported = latest?.amountPastDue ?? 0;
  if (!t.isDefaulted || (latest !== null && !isOpenAt(t))) return reported;
  return Math.max(reported, t.account.defaultAmount ?? 0, latest?.balance ?? t.account.balance);
}

function balanceNow(t: AccountTimeline): number | null {
  const balance = t.latest?.balance ?? null;
  if (balance === null) return null;
  return t.isDefaulted ? Math.max(balance, UTILISATION_CAP * t.account.principal) : balance;
}

/** Balance over principal of open credit accounts whose latest balance is known; null when there is none. */
function utilisationOf(credit: readonly AccountTimeline[], toSle: (minor: number, currency: string) => number): number | null {
  const known = credit.filter((t) => balanceNow(t) !== null);
  if (known.length === 0) return null;
  const balance = sum(known.map((t) => toSle(balanceNow(t)!, t.account.currency)));
  const principal = sum(known.map((t) => toSle(t.account.principal, t.account.currency)));
  return roundTo4(Math.min(UTILISATION_CAP, balance / principal));
}

/** (Balance now - balance 6 months before the latest month) / principal, over accounts known at both. */
function balanceTrendOf(credit: readonly AccountTimeline[], toSle: (minor: number, currency: string) => number): number | null {
  let change = 0;
  let principal = 0;
  for (const t of credit) {
    const now = balanceNow(t);
    const then = t.latest ? t.months.find((m) => m.age === t.latest!.age + TREND_MONTHS)?.balance : null;
    if (now === null || then === null || then === undefined) continue;
    change += toSle(now - then, t.account.currency);
    principal += toSle(t.account.principal, t.account.currency);
  }
  return principal === 0 ? null : roundTo4(Math.max(-1, Math.min(UTILISATION_CAP, change / principal)));
}

/** Lenders that pulled a report for a credit application in the `months` before the score date (both scorecards). */
export function countApplicants(inquiries: readonly ScoringInquiry[], asOf: Date, months: number): number {
  const from = subtractMonths(asOf, months).getTime();
  const to = asOf.getTime();
  const lenders = new Set<string>();
  for (const q of inquiries) {
    const t = new Date(q.createdAt).getTime();
    if (t > from && t <= to) lenders.add(q.businessId);
  }
  return lenders.size;
}

export const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
export const roundTo4 = (v: number) => Math.round(v * 10_000) / 10_000;
