import { formatPercent, plural } from '@shared/format';
import { SCORE_UNAVAILABLE, type TScoreUnavailableCode } from '@shared/scoring';
import { SIMULATION_NOTE, type TScoreSimulation, type TScoreSimulationRequest, type TSimulationChange } from '@shared/score-simulation';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { LATENESS_OF_STATUS, timelineAt } from './account-timeline';
import { applyScorecard } from './apply-scorecard';
import { computeFeatures, type ScoringAccount } from './compute-features';
import type { FeatureVector } from './feature-definitions';
import { roundTo4 } from './history-features';
import { loadActiveModel } from './model-store';
import { readScoringInputs } from './queries';
import { findConsumerSubjectId } from './score-records';

/** What the file shows that a scenario can change: the accounts behind now that are not in default. */
export interface ScenarioFacts {
  /** Accounts 30 to 90+ days late in their latest month, not in default: these can be brought up to date. */
  curableLateAccounts: number;
  /** Their amounts past due, New Leones. */
  curablePastDueSle: number;
  /** A default shows: the rule's condition stays whatever is paid. */
  hasDefault: boolean;
}

/** The facts of a file at `asOf` (the same timelines the features read). */
export function scenarioFacts(accounts: readonly ScoringAccount[], asOf: Date, toSle: (minor: number, currency: string) => number) {
  const timelines = accounts.filter((a) => a.openedAt <= asOf.toISOString().slice(0, 10)).map((a) => timelineAt(a, asOf));
  const curable = timelines.filter((t) => !t.isDefaulted && t.latest !== null && (LATENESS_OF_STATUS[t.latest.status] ?? 0) >= 1);
  return {
    curableLateAccounts: curable.length,
    curablePastDueSle: curable.reduce((s, t) => s + toSle(t.latest?.amountPastDue ?? 0, t.account.currency), 0),
    hasDefault: timelines.some((t) => t.isDefaulted),
  } satisfies ScenarioFacts;
}

/**
 * The feature vector as it would read after the chosen changes, on scorecard 2's features. Each
 * change moves only features the scorecard says move the score one way, so the estimate's sense is
 * fixed: bringing accounts up to date or paying down never lowers it, a new account never raises it.
 * - Up to date: the late accounts (not in default) are behind no more and owe nothing past due; the
 *   late months already reported stay (they weigh less as they age); a default stays, so does the rule.
 * - Paying down p%: balances of open accounts fall by p% of what they are (balance to limit, what is
 *   still owed on loans, and the 6-month change by the same amount).
 * - A new account: one more open account, opened this month, after one application for credit.
 */
export function applyScenario(features: FeatureVector, scenario: TScoreSimulationRequest, facts: ScenarioFacts): FeatureVector {
  const next: FeatureVector = { ...features };
  if (scenario.bringLateAccountsUpToDate && facts.curableLateAccounts > 0) {
    next.lateAccountsNow = Math.max(0, (next.lateAccountsNow ?? 0) - facts.curableLateAccounts);
    next.amountPastDueSle = Math.max(0, Math.floor((next.amountPastDueSle ?? 0) - facts.curablePastDueSle));
    if (!facts.hasDefault) next.seriousDelinquency = 0;
  }
  const share = (scenario.payDownBalancePercent ?? 0) / 100;
  if (share > 0) {
    const utilisation = features.creditUtilisation;
    if (utilisation !== null) next.creditUtilisation = roundTo4(utilisation * (1 - share));
    if (features.instalmentBalanceShare !== null) next.instalmentBalanceShare = roundTo4(features.instalmentBalanceShare * (1 - share));
    if (features.balanceTrend6m !== null && utilisation !== null)
      next.balanceTrend6m = roundTo4(Math.max(-1, features.balanceTrend6m - utilisation * share));
  }
  if (scenario.openNewAccount) {
    next.openAccountsNow = (next.openAccountsNow ?? 0) + 1;
    next.monthsSinceNewestAccount = 0;
    next.hardInquiries12m = (next.hardInquiries12m ?? 0) + 1;
  }
  return next;
}

/** One change per choice, as a code with its figures: what it did to this file. */
function scenarioChanges(scenario: TScoreSimulationRequest, facts: ScenarioFacts): TSimulationChange[] {
  const changes: TSimulationChange[] = [];
  if (scenario.bringLateAccountsUpToDate) {
    if (facts.curableLateAccounts > 0) changes.push({ code: 'brought_up_to_date', count: facts.curableLateAccounts });
    else if (!facts.hasDefault) changes.push({ code: 'nothing_behind' });
    if (facts.hasDefault) changes.push({ code: 'default_stays' });
  }
  if (scenario.payDownBalancePercent) changes.push({ code: 'paid_down', percent: scenario.payDownBalancePercent / 100 });
  if (scenario.openNewAccount) changes.push({ code: 'new_account' });
  return changes;
}

/** A change in plain English (the answer's `applied`; the catalogue's dashboard:simulator.applied holds the same words). */
function describeChange(change: TSimulationChange): string {
  switch (change.code) {
    case 'brought_up_to_date':
      return `${plural(change.count ?? 0, { one: 'account', other: 'accounts' })} behind on payments brought up to date.`;
    case 'nothing_behind':
      return 'No account is behind on payments: nothing to bring up to date.';
    case 'default_stays':
      return 'A default stays on the file for its retention period, whatever is paid.';
    case 'paid_down':
      return `${formatPercent(change.percent ?? 0)} of what you owe paid down.`;
    case 'new_account':
      return 'A new account opened this month, after one application for credit.';
  }
}

/** The thin-file refusal: there is no score to start the estimate from. */
function noScore(code: TScoreUnavailableCode) {
  return new HttpError(409, `There is no score to estimate from: ${SCORE_UNAVAILABLE[code]}.`, { code });
}

/**
 * The signed-in consumer's "what if": their file read now (their own view), the live scorecard
 * applied to their features as they are and after the chosen changes. Nothing is written: no
 * stored score, no inquiry, no access-log entry.
 */
export async function simulateOwnScore(db: Database, userId: string, scenario: TScoreSimulationRequest): Promise<TScoreSimulation> {
  const subjectId = await findConsumerSubjectId(db, userId);
  if (!subjectId) throw notFound('You have no credit file yet');
  const asOf = new Date();
  const model = loadActiveModel();
  const inputs = await readScoringInputs(db, subjectId, asOf, null, 'consumer');
  const computed = computeFeatures(inputs.accounts, inputs.inquiries, asOf, { sleRates: model.sleRates });
  if (computed.isThinFile) throw noScore(computed.thinReason);
  const toSle = (minor: number, currency: string) => (minor / 100) * (model.sleRates[currency] ?? 0);
  const facts = scenarioFacts(inputs.accounts, asOf, toSle);
  const changes = scenarioChanges(scenario, facts);
  const current = applyScorecard(model, computed.features);
  const estimated = applyScorecard(model, applyScenario(computed.features, scenario, facts));
  return {
    current: { value: current.value, band: current.band },
    estimated: { value: estimated.value, band: estimated.band },
    change: estimated.value - current.value,
    reasons: estimated.reasons,
    applied: changes.map(describeChange),
    appliedChanges: changes,
    isEstimate: true,
    note: SIMULATION_NOTE,
    modelVersion: model.version,
  };
}
