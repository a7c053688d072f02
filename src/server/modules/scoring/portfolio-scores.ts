import type { TPortfolioScores } from '@shared/schemas/business';
import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSED_STATUSES_SQL } from '../../db/account-statuses';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { SETTING_DEFAULTS } from '../settings';
import { applyScorecard } from './apply-scorecard';
import { computeFeatures } from './compute-features';
import { loadActiveModel } from './model-store';
import { subtractMonths } from './month-arithmetic';
import { HARD_INQUIRY_PURPOSE, ZScoringAccountJson, ZScoringInquiryJson, type ScoringInputs } from './queries';

/** At most this many clients are scored for the chart; a larger portfolio is sampled (stable, by a hash of the id). */
export const PORTFOLIO_SAMPLE = 1_000;
const BIN_WIDTH = 25;
const INQUIRY_MONTHS = 6;

const ZSubjectScoringInputsRow = z.object({
  subject_id: z.string(),
  accounts: jsonColumnOf(z.array(ZScoringAccountJson)),
  inquiries: jsonColumnOf(z.array(ZScoringInquiryJson)),
});

/**
 * The scoring inputs of many people in one statement: the same rows, retention rule and inquiry
 * window as scoring/queries.ts readScoringInputs reads for one (a test checks they agree).
 */
export async function readScoringInputsForSubjects(db: Database, subjectIds: string[], asOf: Date): Promise<Map<string, ScoringInputs>> {
  const result = new Map<string, ScoringInputs>();
  if (subjectIds.length === 0) return result;
  const from = subtractMonths(asOf, INQUIRY_MONTHS);
  const rows = await queryParsedRows(
    db,
    ZSubjectScoringInputsRow,
    sql`WITH retention AS (
          SELECT ((${asOf.toISOString()}::timestamptz AT TIME ZONE 'UTC')
            - make_interval(years => COALESCE((SELECT (value #>> '{}')::int FROM settings WHERE key = 'retention_years'), ${SETTING_DEFAULTS.retention_years})))::date AS cutoff
        ), people AS (
          SELECT unnest(${sql.param(subjectIds)}::uuid[]) AS subject_id
        )
        SELECT p.subject_id,
          COALESCE((SELECT json_agg(json_build_object(
              'id', a.id, 'type', a.type, 'currency', a.currency, 'principal', a.principal, 'balance', a.balance,
              'openedAt', a.opened_at, 'status', a.status,
              'defaultAmount', CASE WHEN a.default_date < r.cutoff THEN NULL ELSE a.default_amount END,
              'defaultDate', CASE WHEN a.default_date < r.cutoff THEN NULL ELSE a.default_date END,
              'paymentHistory', a.payment_history, 'lastReportedAt', a.last_reported_at) ORDER BY a.id)
            FROM credit_accounts a CROSS JOIN retention r
            WHERE a.subject_id = p.subject_id
              AND NOT (a.default_date IS NOT NULL AND a.default_date < r.cutoff AND a.status IN ('default', 'written_off'))), '[]'::json) AS accounts,
          COALESCE((SELECT json_agg(json_build_object('businessId', q.business_id, 'createdAt', q.created_at) ORDER BY q.created_at, q.id)
            FROM credit_inquiries q
            WHERE q.subject_id = p.subject_id AND q.kind = 'report' AND q.purpose = ${HARD_INQUIRY_PURPOSE}
              AND q.created_at > ${from.toISOString()}::timestamptz AND q.created_at <= ${asOf.toISOString()}::timestamptz), '[]'::json) AS inquiries
        FROM people p`,
  );
  for (const row of rows) {
    result.set(row.subject_id, {
      accounts: row.accounts.map((a) => ({
        id: a.id,
        type: a.type,
        currency: a.currency,
        principal: Number(a.principal),
        balance: Number(a.balance),
        openedAt: a.openedAt,
        status: a.status,
        defaultAmount: a.defaultAmount === null ? null : Number(a.defaultAmount),
        defaultDate: a.defaultDate,
        paymentHistory: a.paymentHistory,
        lastReportedAt: new Date(a.lastReportedAt).toISOString(),
      })),
      inquiries: row.inquiries.map((q) => ({ businessId: q.businessId, createdAt: new Date(q.createdAt).toISOString() })),
    });
  }
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
