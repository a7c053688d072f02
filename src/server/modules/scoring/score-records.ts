import { and, desc, eq } from 'drizzle-orm';
import { SCORE_UNAVAILABLE, type TScoreAudit, type TScoreBand, type TScoreHistory } from '@shared/scoring';
import type { Database } from '../../db/client';
import { consumerProfiles, creditScores, creditSubjectIdentifiers } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';
import { applyScorecard } from './apply-scorecard';
import type { FeatureVector } from './feature-definitions';
import { ModelFileError } from './model-manifest';
import { loadCheckedModel } from './model-store';
import { readScoringInputs } from './queries';
import { digestInputs } from './service';

const HISTORY_LIMIT = 100;

/** The credit file of a signed-in consumer: the registry subject holding their NIN. */
export async function findConsumerSubjectId(db: Database, userId: string): Promise<string | null> {
  const [profile] = await db
    .select({ nationalId: consumerProfiles.nationalId, verifiedAt: consumerProfiles.identityVerifiedAt })
    .from(consumerProfiles)
    .where(eq(consumerProfiles.userId, userId))
    .limit(1);
  if (!profile) throw notFound('Consumer profile not found');
  // Until the person proved they hold a phone on the file, the file is not shown to them.
  if (!profile.verifiedAt) throw forbidden('Confirm your identity to see your credit file');
  const [identifier] = await db
    .select({ subjectId: creditSubjectIdentifiers.subjectId })
    .from(creditSubjectIdentifiers)
    .where(and(eq(creditSubjectIdentifiers.type, 'nin'), eq(creditSubjectIdentifiers.value, profile.nationalId)))
    .limit(1);
  return identifier?.subjectId ?? null;
}

/** A person's stored scores, newest first: their score over time. */
export async function listScoreHistory(db: Database, subjectId: string | null): Promise<TScoreHistory> {
  if (!subjectId) return { scores: [] };
  const rows = await db
    .select()
    .from(creditScores)
    .where(eq(creditScores.subjectId, subjectId))
    .orderBy(desc(creditScores.computedAt), desc(creditScores.id))
    .limit(HISTORY_LIMIT);
  return {
    scores: rows.map((r) => ({
      id: r.id,
      computedAt: r.computedAt.toISOString(),
      asOf: r.asOf.toISOString(),
      modelVersion: r.modelVersion,
      value: r.value,
      band: r.band as TScoreBand | null,
      reasons: r.reasons,
      unavailable: r.unavailableCode
        ? { code: r.unavailableCode, text: SCORE_UNAVAILABLE[r.unavailableCode as keyof typeof SCORE_UNAVAILABLE] ?? r.unavailableCode }
        : null,
    })),
  };
}

/** The model of a stored score, if its file still has the bytes the score was made with. */
function modelOfStoredScore(version: string, storedSha256: string) {
  try {
    const checked = loadCheckedModel(version);
    return checked.sha256 === storedSha256 ? checked.model : null;
  } catch (error) {
    // A file changed, unrecorded or gone is an audit finding, not a server error.
    if (error instanceof ModelFileError) return null;
    throw error;
  }
}

/**
 * Reproduces a stored score for an auditor: loads the stored model version, checks its file's
 * SHA-256 against the one stored with the score, applies it to the stored feature values, and reads
 * the registry again as of the stored instant to tell whether its rows are still the ones the score
 * read (a later report or a correction changes them; the stored features do not).
 */
export async function auditStoredScore(db: Database, scoreId: string): Promise<TScoreAudit> {
  const [row] = await db.select().from(creditScores).where(eq(creditScores.id, scoreId)).limit(1);
  if (!row) throw notFound('No such score');
  const model = modelOfStoredScore(row.modelVersion, row.modelSha256);
  const recomputed =
    model && row.features
      ? (() => {
          const breakdown = applyScorecard(model, row.features as FeatureVector);
          return { value: breakdown.value, band: breakdown.band, reasons: breakdown.reasons };
        })()
      : { value: null, band: null, reasons: [] };
  // Read again as the score read it: a business report's score did not read entries hidden from lenders.
  const inputs = await readScoringInputs(
    db,
    row.subjectId,
    row.asOf,
    row.inquiryId,
    row.context === 'business_report' ? 'business' : 'consumer',
  );
  const isReproduced =
    model !== null &&
    recomputed.value === row.value &&
    recomputed.band === row.band &&
    // By code and sentence: the sentence carries the figures, and jsonb reorders the keys of a reason's params.
    JSON.stringify(recomputed.reasons.map(reasonKey)) === JSON.stringify(row.reasons.map(reasonKey)) &&
    (row.features !== null || row.unavailableCode !== null);
  return {
    id: row.id,
    subjectId: row.subjectId,
    computedAt: row.computedAt.toISOString(),
    asOf: row.asOf.toISOString(),
    context: row.context,
    modelVersion: row.modelVersion,
    modelSha256: row.modelSha256,
    isModelUnchanged: model !== null,
    stored: { value: row.value, band: row.band, reasons: row.reasons, unavailableCode: row.unavailableCode },
    features: row.features,
    points: row.points,
    recomputed,
    isReproduced,
    inputsDigest: row.inputsDigest,
    isRegistryUnchanged: digestInputs(inputs) === row.inputsDigest,
  };
}

const reasonKey = (reason: { code: string; text: string }) => [reason.code, reason.text];
