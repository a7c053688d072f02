import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { SCORE_UNAVAILABLE, type TCreditScore, type TScoreUnavailable } from '@shared/scoring';
import type { Database } from '../../db/client';
import { creditScores } from '../../db/schema/index';
import { applyScorecard } from './apply-scorecard';
import { computeFeatures } from './compute-features';
import type { FeatureVector } from './feature-definitions';
import { loadActiveCheckedModel } from './model-store';
import { readScoringInputs, type ScoringAudience, type ScoringInputs } from './queries';

export interface ScoreSubjectOptions {
  /** The instant the registry is read as of; now by default. */
  asOf?: Date;
  /**
   * Store the result in credit_scores: `true` always (a business report: the lender saw it);
   * `if-changed` unless the person's last stored score has the same model, inputs and result (the
   * person's own views, which would otherwise add a row per page view).
   */
  store?: boolean | 'if-changed';
  /** Why it is computed, kept with the stored score: business_report, consumer_report, ... */
  context?: string;
  /** The report it is computed for: kept with the score and left out of the inquiries it counts. */
  inquiryId?: string | null;
  /** The inputs, when the caller read them with the rest of the file (credit/report-sources.ts). */
  inputs?: ScoringInputs;
  /** `business`: only what a business report shows (no entry hidden by an overdue dispute); the person's own view by default. */
  audience?: ScoringAudience;
}

/** The report's score fields: a score, or null and the reason there is none. */
export interface SubjectScore {
  score: TCreditScore | null;
  scoreUnavailable: TScoreUnavailable | null;
  /** The stored row, when stored. */
  scoreId: string | null;
  asOf: string;
}

/**
 * The score of one person, as the report builder and the consumer's own report show it. Reads
 * the registry in one round trip, computes the features and applies the active scorecard; a thin
 * file gets no score and the reason. With `store`, the result is written with its model version,
 * feature values and the digest of its inputs, so it can be shown over time and reproduced.
 */
export async function scoreSubject(db: Database, subjectId: string, options: ScoreSubjectOptions = {}): Promise<SubjectScore> {
  const asOf = options.asOf ?? new Date();
  const inputs = options.inputs ?? (await readScoringInputs(db, subjectId, asOf, options.inquiryId, options.audience));
  const computed = computeScore(inputs, asOf);
  const { score, scoreUnavailable } = computed;

  let scoreId: string | null = null;
  if (options.store === 'if-changed') {
    const [last] = await db
      .select({
        id: creditScores.id,
        modelVersion: creditScores.modelVersion,
        modelSha256: creditScores.modelSha256,
        inputsDigest: creditScores.inputsDigest,
        value: creditScores.value,
        unavailableCode: creditScores.unavailableCode,
      })
      .from(creditScores)
      .where(eq(creditScores.subjectId, subjectId))
      .orderBy(desc(creditScores.computedAt), desc(creditScores.id))
      .limit(1);
    const isSame =
      last &&
      last.modelVersion === computed.modelVersion &&
      last.modelSha256 === computed.modelSha256 &&
      last.inputsDigest === computed.inputsDigest &&
      last.value === (score?.value ?? null) &&
      last.unavailableCode === (scoreUnavailable?.code ?? null);
    if (isSame) scoreId = last.id;
  }
  if (options.store && scoreId === null) {
    const [row] = await db
      .insert(creditScores)
      .values(
        storedScoreValues(computed, { subjectId, asOf, context: options.context ?? 'unspecified', inquiryId: options.inquiryId ?? null }),
      )
      .returning({ id: creditScores.id });
    scoreId = row.id;
  }
  // A stored score names its row, so whoever holds the report can have it audited (GET /api/scoring/scores/:id/audit).
  return { score: score && scoreId ? { ...score, scoreId } : score, scoreUnavailable, scoreId, asOf: asOf.toISOString() };
}

/** A score computed from its inputs with the active scorecard, before it is stored. */
export interface ComputedScore {
  score: TCreditScore | null;
  scoreUnavailable: TScoreUnavailable | null;
  modelVersion: string;
  /** SHA-256 of the model file (models/manifest.json), stored with the score. */
  modelSha256: string;
  features: FeatureVector | null;
  points: Record<string, number> | null;
  inputsDigest: string;
  accountCount: number;
}

/** Applies the active scorecard to inputs already read: no database work (the business report reads them with the rest of the file). */
export function computeScore(inputs: ScoringInputs, asOf: Date): ComputedScore {
  const { model, sha256: modelSha256 } = loadActiveCheckedModel();
  const computed = computeFeatures(inputs.accounts, inputs.inquiries, asOf, { sleRates: model.sleRates });
  let score: TCreditScore | null = null;
  let scoreUnavailable: TScoreUnavailable | null = null;
  let points: Record<string, number> | null = null;
  if (computed.isThinFile) {
    scoreUnavailable = { code: computed.thinReason, text: SCORE_UNAVAILABLE[computed.thinReason] };
  } else {
    const breakdown = applyScorecard(model, computed.features);
    score = { value: breakdown.value, band: breakdown.band, reasons: breakdown.reasons, modelVersion: model.version };
    points = { base: model.basePoints, ...breakdown.points };
  }
  return {
    score,
    scoreUnavailable,
    modelVersion: model.version,
    modelSha256,
    features: computed.features,
    points,
    inputsDigest: digestInputs(inputs),
    accountCount: inputs.accounts.length,
  };
}

/** The credit_scores row of a computed score: what makes it reproducible later. */
export function storedScoreValues(
  computed: ComputedScore,
  where: { subjectId: string; asOf: Date; context: string; inquiryId: string | null; id?: string },
) {
  return {
    // A caller writing the row in its own statement chooses the id, so the report can carry it (reports/pull-report.ts).
    ...(where.id === undefined ? {} : { id: where.id }),
    subjectId: where.subjectId,
    modelVersion: computed.modelVersion,
    modelSha256: computed.modelSha256,
    asOf: where.asOf,
    value: computed.score?.value ?? null,
    band: computed.score?.band ?? null,
    reasons: computed.score?.reasons ?? [],
    unavailableCode: computed.scoreUnavailable?.code ?? null,
    features: computed.features,
    points: computed.points,
    inputsDigest: computed.inputsDigest,
    accountCount: computed.accountCount,
    context: where.context,
    inquiryId: where.inquiryId,
  } satisfies typeof creditScores.$inferInsert;
}

/**
 * SHA-256 of the inputs in a canonical form (accounts by id, inquiries by time), so an auditor can
 * tell whether the registry rows read again are those a past score read. The instant is stored
 * beside it, not in it: the same rows read on two days give the same digest.
 */
export function digestInputs(inputs: ScoringInputs): string {
  const canonical = {
    accounts: [...inputs.accounts]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((a) => [
        a.id,
        a.type,
        a.currency,
        a.principal,
        a.balance,
        a.openedAt,
        a.status,
        a.defaultAmount,
        a.defaultDate,
        a.paymentHistory,
        a.lastReportedAt,
        // Scorecard 2 reads these too (added after scorecard 1: absent, they leave its digests as they were).
        ...(a.amountPastDue === undefined && a.months === undefined
          ? []
          : [
              a.amountPastDue ?? null,
              [...(a.months ?? [])]
                .sort((x, y) => (x.month < y.month ? -1 : 1))
                .map((m) => [m.month, m.balance, m.amountPastDue, m.status]),
            ]),
      ]),
    inquiries: [...inputs.inquiries].map((q) => [q.businessId, q.createdAt]).sort(),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The score of a credit report being built (called by credit-file/report.ts buildCreditReport, inside the report's
 * transaction): always stored with the report's inquiry for a business report; for the person's own
 * report (no purpose), stored when it differs from their last stored score. Storing on the person's
 * GET is an append-only record of what was shown, like the access log, not a change they make.
 */
export async function scoreCreditReport(
  db: Database,
  subjectId: string,
  report: { reportId: string; purpose: string | null },
  asOf: Date,
  inputs?: ScoringInputs,
): Promise<Pick<SubjectScore, 'score' | 'scoreUnavailable'>> {
  const isBusinessReport = report.purpose !== null;
  const { score, scoreUnavailable } = await scoreSubject(db, subjectId, {
    asOf,
    inputs,
    store: isBusinessReport ? true : 'if-changed',
    context: isBusinessReport ? 'business_report' : 'consumer_report',
    inquiryId: isBusinessReport ? report.reportId : null,
    audience: isBusinessReport ? 'business' : 'consumer',
  });
  return { score, scoreUnavailable };
}
