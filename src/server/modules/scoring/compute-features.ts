import { ALTERNATIVE_ACCOUNT_TYPES, type TAccountStatus } from '@shared/credit-reference';
import type { TScoreUnavailableCode } from '@shared/scoring';
import type { FeatureVector, LEGACY_FEATURE_KEYS } from './feature-definitions';
import { CLOSED_STATUSES, LATENESS_OF_STATUS, STATUS_OF_CODE } from './account-timeline';
import { computeHistoryFeatures, countApplicants, roundTo4, sum, thinFileReason, timelinesAt } from './history-features';
import { countWholeMonths, monthIndexOf, toIsoDate } from './month-arithmetic';

/** One month of an account (credit_account_months), minor units. */
export interface ScoringAccountMonth {
  /** YYYY-MM-01. */
  month: string;
  balance: number;
  amountPastDue: number | null;
  status: TAccountStatus;
}

/** One account as the registry holds it: the last report, with up to 24 monthly codes, newest first, and its months. */
export interface ScoringAccount {
  type: string;
  currency: string;
  /** Minor units. */
  principal: number;
  balance: number;
  /** YYYY-MM-DD. */
  openedAt: string;
  status: TAccountStatus;
  defaultAmount: number | null;
  defaultDate: string | null;
  /** 0 on time, 1/2/3 30/60/90+ days late, D default, C closed, - no report; the first is the month of lastReportedAt. */
  paymentHistory: string;
  /** ISO timestamp or date. */
  lastReportedAt: string;
  /** The amount past due of the last report (minor units), when reported. */
  amountPastDue?: number | null;
  /** Its months of balance and status, any order (the last 36 are read). */
  months?: ScoringAccountMonth[];
}

/** A report pulled for a credit application (hard inquiry). */
export interface ScoringInquiry {
  businessId: string;
  /** ISO timestamp. */
  createdAt: string;
}

export interface FeatureOptions {
  /** Minor units of a currency to New Leones (major units); the model file holds the rates. */
  sleRates: Record<string, number>;
}

export type FeatureResult =
  { isThinFile: true; features: null; thinReason: TScoreUnavailableCode } | { isThinFile: false; features: FeatureVector };

/** Scorecard 1's rule of an account "of history" for its alternative-data feature. */
const MIN_HISTORY_MONTHS = 3;

const DELINQUENCY_OF_CODE: Record<string, number | undefined> = { '0': 0, '1': 1, '2': 2, '3': 3, D: 4 };
const DEFAULTED_STATUSES: readonly TAccountStatus[] = ['default', 'written_off'];
const UTILISATION_CAP = 2;

/** One account as it stood at the score date: only what was known then. */
interface AccountAtDate {
  isAlternative: boolean;
  type: string;
  ageMonths: number;
  /** null when the last report is later than the score date and its history has no code for that month. */
  status: TAccountStatus | null;
  /** null when only a later balance is known. */
  balanceSle: number | null;
  principalSle: number;
  /** [age in months before the score date, delinquency level or null for C/-]. */
  months: { age: number; code: string }[];
  /** Months before the score date of the last report, when it is not later than the score date. */
  reportAge: number | null;
  isDefaulted: boolean;
  defaultAmountSle: number;
  defaultAge: number | null;
}

/**
 * The feature values of one person at `asOf`, from their accounts and hard inquiries: scorecard
 * 1's (kept so its scores can be reproduced) and scorecard 2's (history-features.ts). Pure and
 * deterministic: the server scores with it and training rebuilds past snapshots with it, so an
 * account reported after `asOf` is read as it stood then (later months and balances ignored). A
 * thin file (history-features.ts thinFileReason) gets no features and the reason.
 */
export function computeFeatures(
  accounts: readonly ScoringAccount[],
  inquiries: readonly ScoringInquiry[],
  asOf: Date,
  options: FeatureOptions,
): FeatureResult {
  // Each account's months at the score date, made once for the thin-file rule and scorecard 2.
  const timelines = timelinesAt(accounts, asOf);
  const thinReason = thinFileReason(timelines);
  if (thinReason !== null) return { isThinFile: true, features: null, thinReason };
  const toSle = (minor: number, currency: string) => {
    const rate = options.sleRates[currency];
    if (rate === undefined) throw new Error(`no SLE rate for currency ${currency}`);
    return (minor / 100) * rate;
  };
  const features: FeatureVector = {
    ...legacyFeatures(accounts, inquiries, asOf, options),
    ...computeHistoryFeatures(timelines, inquiries, asOf, toSle),
  };
  return { isThinFile: false, features };
}

/** Scorecard 1's features, as it computed them. */
function legacyFeatures(
  accounts: readonly ScoringAccount[],
  inquiries: readonly ScoringInquiry[],
  asOf: Date,
  options: FeatureOptions,
): Record<(typeof LEGACY_FEATURE_KEYS)[number], number | null> {
  const asOfDate = toIsoDate(asOf);
  const known = accounts.filter((a) => a.openedAt <= asOfDate).map((a) => accountAtDate(a, asOf, options));

  const open = known.filter((a) => a.status === null || !CLOSED_STATUSES.includes(a.status));
  const defaulted = known.filter((a) => a.isDefaulted);
  // What rewards a longer or broader file counts only accounts never in default, so a defaulter
  // report, even of an old account of a new kind, can never add points.
  const inGoodStanding = known.filter((a) => !a.isDefaulted);

  return {
    worstDelinquency12m: Math.max(0, ...known.map((a) => worstLevelWithin(a, 12))),
    worstDelinquency24m: Math.max(0, ...known.map((a) => worstLevelWithin(a, 24))),
    defaultCount: defaulted.length,
    defaultAmountSle: Math.floor(sum(defaulted.map((a) => a.defaultAmountSle))),
    onTimeShare: shareOnTime(known),
    utilisation: utilisationOf(open.filter((a) => !a.isAlternative && a.principalSle > 0)),
    oldestAccountMonths: Math.max(0, ...inGoodStanding.map((a) => a.ageMonths)),
    openAccounts: open.length,
    inquiries6m: countApplicants(inquiries, asOf, 6),
    creditTypeCount: new Set(inGoodStanding.filter((a) => !a.isAlternative).map((a) => a.type)).size,
    alternativeAccountsInGoodStanding: known.filter(
      (a) => a.isAlternative && a.ageMonths >= MIN_HISTORY_MONTHS && !a.isDefaulted && worstLevelWithin(a, 12) < 2,
    ).length,
  };
}

function accountAtDate(a: ScoringAccount, asOf: Date, options: FeatureOptions): AccountAtDate {
  const rate = options.sleRates[a.currency];
  if (rate === undefined) throw new Error(`no SLE rate for currency ${a.currency}`);
  const toSle = (minor: number) => (minor / 100) * rate;
  const offset = monthIndexOf(asOf) - monthIndexOf(a.lastReportedAt);
  const months = [...a.paymentHistory].map((code, i) => ({ age: offset + i, code })).filter((m) => m.age >= 0);
  const isSnapshotKnown = offset >= 0 && new Date(a.lastReportedAt).getTime() <= asOf.getTime();
  const defaultAge = a.defaultDate !== null && a.defaultDate <= toIsoDate(asOf) ? countWholeMonths(a.defaultDate, asOf) : null;
  const status = isSnapshotKnown ? a.status : (STATUS_OF_CODE[months.find((m) => m.age === 0)?.code ?? ''] ?? null);
  const isDefaulted = (status !== null && DEFAULTED_STATUSES.includes(status)) || defaultAge !== null || months.some((m) => m.code === 'D');
  return {
    isAlternative: ALTERNATIVE_ACCOUNT_TYPES.includes(a.type as never),
    type: a.type,
    ageMonths: countWholeMonths(a.openedAt, asOf),
    status,
    balanceSle: isSnapshotKnown ? toSle(a.balance) : null,
    principalSle: toSle(a.principal),
    months,
    reportAge: isSnapshotKnown ? offset : null,
    isDefaulted,
    defaultAmountSle: isDefaulted ? toSle(a.defaultAmount ?? (isSnapshotKnown ? a.balance : a.principal)) : 0,
    defaultAge,
  };
}

/** The worst delinquency level (0 to 4) the account shows in the `window` months before the score date. */
function worstLevelWithin(a: AccountAtDate, window: number): number {
  let worst = 0;
  for (const m of a.months) {
    if (m.age < window) worst = Math.max(worst, DELINQUENCY_OF_CODE[m.code] ?? 0);
  }
  if (a.reportAge !== null && a.reportAge < window && a.status !== null) worst = Math.max(worst, LATENESS_OF_STATUS[a.status] ?? 0);
  if (a.defaultAge !== null && a.defaultAge < window) worst = 4;
  return worst;
}

/**
 * Of the monthly payment statuses in 24 months, the share on time; null when none was reported.
 * Every month of an account that went into default counts as not on time: the loan was not repaid
 * as agreed, and a defaulter report can then only lower the share.
 */
function shareOnTime(accounts: readonly AccountAtDate[]): number | null {
  let paid = 0;
  let onTime = 0;
  for (const a of accounts) {
    for (const m of a.months) {
      if (m.age >= 24 || DELINQUENCY_OF_CODE[m.code] === undefined) continue;
      paid += 1;
      if (m.code === '0' && !a.isDefaulted) onTime += 1;
    }
  }
  return paid === 0 ? null : roundTo4(onTime / paid);
}

/**
 * Total balance over total principal of open credit accounts; an account in default counts as
 * drawn to the cap (or its balance, if more). Null when there is none, or when a balance is not
 * known at the score date (a past date: the registry keeps only the latest balance).
 */
function utilisationOf(accounts: readonly AccountAtDate[]): number | null {
  if (accounts.length === 0 || accounts.some((a) => a.balanceSle === null)) return null;
  const balance = sum(accounts.map((a) => (a.isDefaulted ? Math.max(a.balanceSle!, UTILISATION_CAP * a.principalSle) : a.balanceSle!)));
  return roundTo4(Math.min(UTILISATION_CAP, balance / sum(accounts.map((a) => a.principalSle))));
}
