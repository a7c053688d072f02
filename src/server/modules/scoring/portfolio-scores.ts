import type { TPortfolioScores } from '@shared/schemas/business';
import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSED_STATUSES_SQL } from '../../db/account-statuses';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { applyScorecard } from './apply-scorecard';
import { computeFeatures } from './compute-features';
import { loadActiveModel } from './model-store';
import { parseScoringInputs, scoringInputsColumnsOf, ZScoringInputsRow, type ScoringInputs } from './queries';

/** At most this many clients are scored for the chart; a larger portfolio is sampled (stable, by a hash of the id). */
export const PORTFOLIO_SAMPLE = 1_000;
const BIN_WIDTH = 25;

const ZSubjectScoringInputsRow = ZScoringInputsRow.extend({ subject_id: z.string() });

/**
 * The scoring inputs of many people in one statement: the same columns readScoringInputs reads for
 * one (scoringInputsColumnsOf, the person's whole file, retention applied), per person.
 */
export async function readScoringInputsForSubjects(db: Database, subjectIds: string[], asOf: Date): Promise<Map<string, ScoringInputs>> {
  const result = new Map<string, ScoringInputs>();
  if (subjectIds.length === 0) return result;
  const rows = await queryParsedRows(
    db,
    ZSubjectScoringInputsRow,
    sql`SELECT p.subject_id, ${scoringInputsColumnsOf(sql`p.subject_id`, asOf, null, 'consumer')}
        FROM unnest(${sql.param(subjectIds)}::uuid[]) AS p(subject_id)`,
  );
  for (const row of rows) result.set(row.subject_id, parseScoringInputs(row));
  return result;
}

/**
 * The score distribution of the business's clients (people with an open account it reported),
 * computed now with the active scorecard. Only counts leave this function: the business sees a
 * histogram of its own portfolio, never a person's score without a report (and no inquiry is
 * recorded, none being made). Thin files are counted as "no score", never as low scores.
 */
export async function getPortfolioScores(db: Database, businessId: string, now = new Date()): Promise<TPortfolioScores> {
  const model = loadActiveModel();
  const [[{ clients }], sample] = await Promise.all([
    queryParsedRows(
      db,
      z.object({ clients: z.coerce.number<number | string>() }),
      sql`SELECT count(DISTINCT subject_id)::int AS clients FROM credit_accounts WHERE business_id = ${businessId}::uuid AND status NOT IN ${CLOSED_STATUSES_SQL}`,
    ),
    queryParsedRows(
      db,
      z.object({ subject_id: z.string() }),
      sql`SELECT subject_id FROM (
            SELECT DISTINCT subject_id FROM credit_accounts WHERE business_id = ${businessId}::uuid AND status NOT IN ${CLOSED_STATUSES_SQL}
          ) c ORDER BY md5(subject_id::text) LIMIT ${PORTFOLIO_SAMPLE}`,
    ),
  ]);
  const inputs = await readScoringInputsForSubjects(
    db,
    sample.map((s) => s.subject_id),
    now,
  );
  const values: number[] = [];
  let noScore = 0;
  for (const input of inputs.values()) {
    const computed = computeFeatures(input.accounts, input.inquiries, now, { sleRates: model.sleRates });
    if (computed.isThinFile) noScore++;
    else values.push(applyScorecard(model, computed.features).value);
  }
  const bins: TPortfolioScores['bins'] = [];
  for (let from = SCORE_MIN; from < SCORE_MAX; from += BIN_WIDTH) {
    const to = Math.min(from + BIN_WIDTH, SCORE_MAX);
    const isLast = to === SCORE_MAX;
    bins.push({ from, to, count: values.filter((v) => v >= from && (isLast ? v <= to : v < to)).length });
  }
  // Bands run best first; the last starts at the bottom of the scale (scoring/scorecard-model.ts).
  const bands = model.bands.map((band, i) => {
    const upper = i === 0 ? Infinity : model.bands[i - 1].minScore;
    return { band: band.name, minScore: band.minScore, count: values.filter((v) => v >= band.minScore && v < upper).length };
  });
  return {
    modelVersion: model.version,
    asOf: now.toISOString(),
    clients: Number(clients),
    considered: inputs.size,
    scored: values.length,
    noScore,
    average: values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length),
    bins,
    bands,
  };
}
