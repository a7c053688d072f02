import type { TBusinessDashboard, TRecentInquiry } from '@shared/schemas/business';
import { SCORE_BANDS } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSED_STATUSES_SQL } from '../../db/account-statuses';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { getBusinessUsage, madeByJoins, madeBySql, monthPeriod } from '../reports';

const RECENT_INQUIRIES = 8;

const ZCount = z.coerce.number<number | string>();
const ZDateOrText = z.union([z.date(), z.string()]);

const ZDashboardCountsRow = z.object({
  accounts_reported: ZCount,
  defaulters_reported: ZCount,
  files: ZCount,
  accounts_on_file: ZCount,
  active_clients: ZCount,
  open_disputes: ZCount,
  overdue_disputes: ZCount,
  nearest_due_at: ZDateOrText.nullable(),
  nearest_reference: z.string().nullable(),
});

const ZRecentInquiryRow = z.object({
  id: z.string(),
  kind: z.enum(['search', 'report']),
  created_at: ZDateOrText,
  purpose: z.string(),
  purpose_name: z.string(),
  subject_name: z.string().nullable(),
  /** The stored (masked) terms of a search. */
  search_terms: jsonColumnOf(z.record(z.string(), z.string()).nullable()),
  result_count: ZCount,
  score: ZCount.nullable(),
  band: z.enum(SCORE_BANDS).nullable(),
  is_score_recorded: z.boolean(),
  has_copy: z.boolean(),
  made_by: z.string(),
});
/** Statuses of an account that is no longer open. */

const TERM_LABELS: Record<string, string> = {
  nationalId: 'NIN',
  phone: 'Phone',
  driversLicense: "Driver's licence",
  passportNumber: 'Passport',
};

/** What a search looked for, from its stored (masked) terms. */
export function describeSearchTerms(terms: Record<string, string> | null): string | null {
  if (!terms) return null;
  for (const [key, label] of Object.entries(TERM_LABELS)) {
    if (terms[key]) return `${label} ${terms[key]}`;
  }
  if (terms.firstName || terms.lastName)
    return `${[terms.firstName, terms.lastName].filter(Boolean).join(' ')}${terms.dateOfBirth ? `, born ${terms.dateOfBirth}` : ''}`;
  return null;
}

/**
 * The business dashboard in one round of queries: usage (credit/access), then one statement for
 * every count and one for the recent inquiries, run side by side.
 */
export async function getBusinessDashboard(db: Database, businessId: string, now = new Date()): Promise<TBusinessDashboard> {
  const { start } = monthPeriod(now);
  const [usage, [counts], recent] = await Promise.all([
    getBusinessUsage(db, businessId, now),
    queryParsedRows(
      db,
      ZDashboardCountsRow,
      sql`SELECT
            (SELECT count(*)::int FROM credit_accounts WHERE business_id = ${businessId}::uuid AND last_reported_at >= ${start.toISOString()}::timestamptz) AS accounts_reported,
            (SELECT count(*)::int FROM credit_accounts WHERE business_id = ${businessId}::uuid AND last_reported_at >= ${start.toISOString()}::timestamptz
               AND status IN ('default', 'written_off')) AS defaulters_reported,
            (SELECT count(*)::int FROM credit_submissions WHERE business_id = ${businessId}::uuid AND created_at >= ${start.toISOString()}::timestamptz) AS files,
            (SELECT count(*)::int FROM credit_accounts WHERE business_id = ${businessId}::uuid) AS accounts_on_file,
            (SELECT count(DISTINCT subject_id)::int FROM credit_accounts WHERE business_id = ${businessId}::uuid AND status NOT IN ${CLOSED_STATUSES_SQL}) AS active_clients,
            (SELECT count(*)::int FROM disputes WHERE business_id = ${businessId}::uuid AND status = 'open') AS open_disputes,
            (SELECT count(*)::int FROM disputes WHERE business_id = ${businessId}::uuid AND status = 'open' AND due_at < ${now.toISOString()}::timestamptz) AS overdue_disputes,
            n.due_at AS nearest_due_at, n.reference AS nearest_reference
          FROM (SELECT 1) AS one
          LEFT JOIN LATERAL (
            SELECT due_at, reference FROM disputes WHERE business_id = ${businessId}::uuid AND status = 'open' ORDER BY due_at, id LIMIT 1
          ) n ON true`,
    ),
    listRecentInquiries(db, businessId, RECENT_INQUIRIES),
  ]);
  return {
    usage,
    reporting: {
      accountsReportedThisMonth: Number(counts.accounts_reported),
      defaultersReportedThisMonth: Number(counts.defaulters_reported),
      filesThisMonth: Number(counts.files),
      accountsOnFile: Number(counts.accounts_on_file),
    },
    disputes: {
      open: Number(counts.open_disputes),
      overdue: Number(counts.overdue_disputes),
      nearestDueAt: counts.nearest_due_at ? new Date(counts.nearest_due_at).toISOString() : null,
      nearestReference: counts.nearest_reference,
    },
    activeClients: Number(counts.active_clients),
    recentInquiries: recent,
  };
}

/** The business's latest searches and reports; a report carries the band of the score it was shown. */
export async function listRecentInquiries(db: Database, businessId: string, limit: number): Promise<TRecentInquiry[]> {
  const rows = await queryParsedRows(
    db,
    ZRecentInquiryRow,
    sql`SELECT q.id, q.kind::text AS kind, q.created_at, q.purpose, p.name AS purpose_name,
          COALESCE(c.report #>> '{subject,fullName}', CASE WHEN q.kind = 'report' THEN s.first_name || ' ' || s.last_name END) AS subject_name,
          q.search_terms, q.result_count,
          COALESCE((c.report #>> '{score,value}')::int, cs.value) AS score, COALESCE(c.report #>> '{score,band}', cs.band) AS band,
          (c.report_id IS NOT NULL OR cs.id IS NOT NULL) AS is_score_recorded,
          c.report_id IS NOT NULL AS has_copy,
          ${madeBySql} AS made_by
        FROM credit_inquiries q
        JOIN permissible_purposes p ON p.code = q.purpose
        LEFT JOIN credit_report_copies c ON c.report_id = q.id
        LEFT JOIN credit_subjects s ON s.id = q.subject_id
        -- The score stored with the report (scoring stores one per business report), through the subject's index.
        LEFT JOIN LATERAL (
          SELECT id, value, band FROM credit_scores WHERE subject_id = q.subject_id AND inquiry_id = q.id ORDER BY computed_at DESC LIMIT 1
        ) cs ON q.kind = 'report'
        ${madeByJoins}
        WHERE q.business_id = ${businessId}::uuid
        ORDER BY q.created_at DESC, q.id
        LIMIT ${limit}`,
  );
  return rows.map((r) => {
    const terms = r.search_terms;
    return {
      id: r.id,
      kind: r.kind,
      createdAt: new Date(r.created_at).toISOString(),
      purpose: r.purpose,
      purposeName: r.purpose_name,
      subjectName: r.kind === 'report' ? (r.subject_name ?? 'Unknown person') : null,
      searchedFor: r.kind === 'search' ? describeSearchTerms(terms) : null,
      resultCount: Number(r.result_count),
      score: r.score === null ? null : Number(r.score),
      band: r.band,
      isScoreRecorded: r.kind === 'report' && r.is_score_recorded,
      reportId: r.has_copy ? r.id : null,
      madeBy: r.made_by,
    };
  });
}
