import {
  COMPLIANCE_BANDS,
  COMPLIANCE_SCORE_RULES,
  type TComplianceBand,
  type TComplianceList,
  type TComplianceRow,
} from '@shared/schemas/oversight';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import { readSetting } from '../settings';

// Compliance per business over a period: overdue disputes, rejected rows of monthly files,
// searches that led to no report, reports whose purpose needs an account the business does not
// hold, and months without a monthly file. The score is 100 less the penalties of
// COMPLIANCE_SCORE_RULES (src/shared), which the page shows word for word (decisions/013).

const DAY_MS = 86_400_000;
/** Reports within this many days of a search count as following it. */
export const SEARCH_FOLLOW_UP_DAYS = 7;
/** A month's file is due by the 15th of the next month. */
const MONTHLY_FILE_GRACE_DAYS = 15;

export interface Period {
  from: string;
  to: string;
}

/** The period asked for, or the last 90 days to today. */
export function periodOf(query: { from?: string; to?: string }, now = new Date()): Period {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 89 * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

const ZExistsRow = z.object({ ok: z.boolean() });

/** Whether the disputes area's table exists (it is another area's migration). */
export async function hasDisputeTable(db: Database): Promise<boolean> {
  const [row] = await queryParsedRows(db, ZExistsRow, sql`SELECT to_regclass('public.disputes') IS NOT NULL AS ok`);
  return !!row?.ok;
}

/** One business's figures for the period (readCompliance's statement): the counts are `::int`. */
const ZMetricsRow = z.object({
  business_id: z.string(),
  business_name: z.string(),
  verification_status: z.string(),
  plan_code: z.string(),
  files: numberColumn,
  rows: numberColumn,
  rejected_rows: numberColumn,
  searches: numberColumn,
  reports: numberColumn,
  searches_with_hits: numberColumn,
  searches_checked: numberColumn,
  searches_without_report: numberColumn,
  purpose_mismatches: numberColumn,
  months_due: numberColumn,
  months_late: numberColumn,
  reports_accounts: z.boolean(),
});

/** Open disputes of one business: how many, how many overdue, the oldest due date among those. */
const ZOpenDisputesRow = z.object({
  business_id: z.string(),
  open: numberColumn,
  overdue: numberColumn,
  oldest_due: timestampColumn.nullable(),
});

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
const rule = (code: string) => COMPLIANCE_SCORE_RULES.find((r) => r.code === code)!;

/** The penalties and score of one business (pure: the unit of COMPLIANCE_SCORE_RULES). */
export function scoreCompliance(input: {
  overdueDisputes: number;
  rejectedRate: number;
  searchesWithoutReportRate: number;
  searchesChecked: number;
  purposeMismatches: number;
  monthsLate: number;
}) {
  const penalties = [
    { code: 'overdue_disputes', points: clamp(input.overdueDisputes * rule('overdue_disputes').perItem, rule('overdue_disputes').max) },
    { code: 'rejected_rows', points: clamp(input.rejectedRate * 100 * rule('rejected_rows').perItem, rule('rejected_rows').max) },
    {
      code: 'searches_without_report',
      points:
        input.searchesChecked === 0
          ? 0
          : clamp(
              (input.searchesWithoutReportRate * 100 - 50) * rule('searches_without_report').perItem,
              rule('searches_without_report').max,
            ),
    },
    { code: 'purpose_mismatch', points: clamp(input.purposeMismatches * rule('purpose_mismatch').perItem, rule('purpose_mismatch').max) },
    { code: 'late_submissions', points: clamp(input.monthsLate * rule('late_submissions').perItem, rule('late_submissions').max) },
  ].filter((p) => p.points > 0);
  const score = Math.max(0, 100 - penalties.reduce((sum, p) => sum + p.points, 0));
  const band: TComplianceBand = COMPLIANCE_BANDS.find((b) => score >= b.min)!.band;
  return { penalties, score, band };
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Compliance of every verified or suspended business (those that may have used the registry). */
export async function readCompliance(
  db: Database,
  period: Period,
  options: { businessId?: string; now?: Date } = {},
): Promise<TComplianceList> {
  const now = options.now ?? new Date();
  const fromTs = `${period.from}T00:00:00Z`;
  const toTs = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString();
  // Months of the period whose file deadline has passed by the end of the period (or now).
  const horizon = new Date(Math.min(Date.parse(toTs), now.getTime())).toISOString();
  const searchCutoff = new Date(Math.min(Date.parse(toTs), now.getTime() - SEARCH_FOLLOW_UP_DAYS * DAY_MS)).toISOString();

  const metrics = await queryParsedRows(
    db,
    ZMetricsRow,
    sql`WITH biz AS (
          SELECT b.user_id AS business_id, b.business_name, b.verification_status::text AS verification_status, b.plan_code, b.verified_at, b.created_at
          FROM business_profiles b
          WHERE b.verification_status IN ('verified', 'suspended') ${options.businessId ? sql`AND b.user_id = ${options.businessId}::uuid` : sql``}
        ),
        files AS (
          SELECT s.business_id, count(*)::int AS files, COALESCE(sum(s.total), 0)::int AS rows, COALESCE(sum(s.rejected), 0)::int AS rejected_rows
          FROM credit_submissions s
          WHERE s.status = 'completed' AND s.created_at >= ${fromTs}::timestamptz AND s.created_at < ${toTs}::timestamptz
          GROUP BY s.business_id
        ),
        inq AS (
          SELECT i.business_id,
            count(*) FILTER (WHERE i.kind = 'search')::int AS searches,
            count(*) FILTER (WHERE i.kind = 'report')::int AS reports,
            count(*) FILTER (WHERE i.kind = 'search' AND i.result_count > 0)::int AS searches_with_hits,
            count(*) FILTER (WHERE i.kind = 'search' AND i.result_count > 0 AND i.created_at < ${searchCutoff}::timestamptz)::int AS searches_checked,
            count(*) FILTER (WHERE i.kind = 'search' AND i.result_count > 0 AND i.created_at < ${searchCutoff}::timestamptz AND NOT EXISTS (
              SELECT 1 FROM credit_inquiry_subjects c JOIN credit_inquiries r ON r.subject_id = c.subject_id
              WHERE c.inquiry_id = i.id AND r.business_id = i.business_id AND r.kind = 'report'
                AND r.created_at >= i.created_at AND r.created_at < i.created_at + make_interval(days => ${SEARCH_FOLLOW_UP_DAYS})
            ))::int AS searches_without_report,
            count(*) FILTER (WHERE i.kind = 'report' AND i.purpose IN ('account_review', 'debt_collection') AND NOT EXISTS (
              SELECT 1 FROM credit_accounts a WHERE a.business_id = i.business_id AND a.subject_id = i.subject_id
            ))::int AS purpose_mismatches
          FROM credit_inquiries i
          WHERE i.created_at >= ${fromTs}::timestamptz AND i.created_at < ${toTs}::timestamptz
          GROUP BY i.business_id
        ),
        months AS (
          SELECT biz.business_id, m.start AS month_start,
            m.start + interval '1 month' + make_interval(days => ${MONTHLY_FILE_GRACE_DAYS}) AS deadline
          FROM biz CROSS JOIN LATERAL generate_series(date_trunc('month', ${fromTs}::timestamptz AT TIME ZONE 'UTC'), date_trunc('month', ${horizon}::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS m(start)
          WHERE EXISTS (SELECT 1 FROM credit_accounts a WHERE a.business_id = biz.business_id)
            AND (m.start + interval '1 month' + make_interval(days => ${MONTHLY_FILE_GRACE_DAYS})) AT TIME ZONE 'UTC' <= ${horizon}::timestamptz
            AND COALESCE(biz.verified_at, biz.created_at) < (m.start + interval '1 month') AT TIME ZONE 'UTC'
        ),
        late AS (
          SELECT months.business_id, count(*)::int AS months_due,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM credit_submissions s WHERE s.business_id = months.business_id AND s.status = 'completed'
                AND s.created_at >= months.month_start AT TIME ZONE 'UTC' AND s.created_at < months.deadline AT TIME ZONE 'UTC'
            ))::int AS months_late
          FROM months GROUP BY months.business_id
        )
        SELECT biz.business_id, biz.business_name, biz.verification_status, biz.plan_code,
          COALESCE(files.files, 0) AS files, COALESCE(files.rows, 0) AS rows, COALESCE(files.rejected_rows, 0) AS rejected_rows,
          COALESCE(inq.searches, 0) AS searches, COALESCE(inq.reports, 0) AS reports, COALESCE(inq.searches_with_hits, 0) AS searches_with_hits,
          COALESCE(inq.searches_checked, 0) AS searches_checked, COALESCE(inq.searches_without_report, 0) AS searches_without_report,
          COALESCE(inq.purpose_mismatches, 0) AS purpose_mismatches,
          COALESCE(late.months_due, 0) AS months_due, COALESCE(late.months_late, 0) AS months_late,
          EXISTS (SELECT 1 FROM credit_accounts a WHERE a.business_id = biz.business_id) AS reports_accounts
        FROM biz
        LEFT JOIN files ON files.business_id = biz.business_id
        LEFT JOIN inq ON inq.business_id = biz.business_id
        LEFT JOIN late ON late.business_id = biz.business_id
        ORDER BY biz.business_name`,
  );

  const isDisputeDataAvailable = await hasDisputeTable(db);
  const disputes = new Map<string, { open: number; overdue: number; oldest: number | null }>();
  if (isDisputeDataAvailable) {
    // Overdue is read from the deadline itself (open and past due_at), as the disputes area defines it.
    const rows = await queryParsedRows(
      db,
      ZOpenDisputesRow,
      sql`SELECT business_id, count(*)::int AS open, count(*) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz)::int AS overdue,
            min(due_at) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz) AS oldest_due
          FROM disputes WHERE status = 'open' GROUP BY business_id`,
    );
    for (const r of rows) {
      disputes.set(r.business_id, {
        open: r.open,
        overdue: r.overdue,
        oldest: r.oldest_due ? Math.floor((now.getTime() - Date.parse(r.oldest_due)) / DAY_MS) : null,
      });
    }
  }

  const businesses: TComplianceRow[] = metrics.map((m) => {
    const d = disputes.get(m.business_id) ?? { open: 0, overdue: 0, oldest: null };
    const rows = m.rows;
    const rejectedRate = rows === 0 ? 0 : m.rejected_rows / rows;
    const checked = m.searches_checked;
    const withoutRate = checked === 0 ? 0 : m.searches_without_report / checked;
    const { penalties, score, band } = scoreCompliance({
      overdueDisputes: d.overdue,
      rejectedRate,
      searchesWithoutReportRate: withoutRate,
      searchesChecked: checked,
      purposeMismatches: m.purpose_mismatches,
      monthsLate: m.months_late,
    });
    const flags: string[] = [];
    if (d.overdue > 0) flags.push(`${d.overdue} overdue dispute${d.overdue === 1 ? '' : 's'}`);
    if (rejectedRate >= 0.05) flags.push(`${percent(rejectedRate)} of monthly-file rows rejected`);
    if (checked > 0 && withoutRate > 0.5) flags.push(`${percent(withoutRate)} of searches with a hit led to no report`);
    if (m.purpose_mismatches > 0)
      flags.push(
        `${m.purpose_mismatches} report${m.purpose_mismatches === 1 ? '' : 's'} for an existing-account purpose without an account`,
      );
    if (m.months_late > 0) flags.push(`${m.months_late} month${m.months_late === 1 ? '' : 's'} without a monthly file`);
    return {
      businessId: m.business_id,
      businessName: m.business_name,
      verificationStatus: m.verification_status,
      planCode: m.plan_code,
      disputes: { open: d.open, overdue: d.overdue, oldestOverdueDays: d.oldest },
      submissions: {
        files: m.files,
        rows,
        rejectedRows: m.rejected_rows,
        rejectedRate: Math.round(rejectedRate * 10_000) / 10_000,
      },
      inquiries: {
        searches: m.searches,
        reports: m.reports,
        searchesWithHits: m.searches_with_hits,
        searchesWithoutReport: m.searches_without_report,
        searchesWithoutReportRate: Math.round(withoutRate * 10_000) / 10_000,
        purposeMismatches: m.purpose_mismatches,
      },
      monthly: { monthsDue: m.months_due, monthsLate: m.months_late, reportsAccounts: m.reports_accounts },
      penalties,
      score,
      band,
      flags,
    };
  });
  // Worst first: the regulator reads from the top.
  businesses.sort((a, b) => a.score - b.score || a.businessName.localeCompare(b.businessName));
  return { ...period, disputeDeadlineDays: await readSetting(db, 'dispute_deadline_days'), isDisputeDataAvailable, businesses };
}

const ZOverdueDisputeRow = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.string(),
  filed_at: timestampColumn,
  due_at: timestampColumn,
});

/** The overdue disputes of one business, for the compliance page's detail (empty without the disputes table). */
export async function listOverdueDisputesOf(db: Database, businessId: string, now = new Date()) {
  if (!(await hasDisputeTable(db))) return [];
  const rows = await queryParsedRows(
    db,
    ZOverdueDisputeRow,
    sql`SELECT id, reference, reason, filed_at, due_at FROM disputes
        WHERE status = 'open' AND business_id = ${businessId}::uuid AND due_at <= ${now.toISOString()}::timestamptz
        ORDER BY due_at LIMIT 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    reason: r.reason,
    filedAt: r.filed_at,
    dueAt: r.due_at,
    daysOverdue: Math.floor((now.getTime() - Date.parse(r.due_at)) / DAY_MS),
  }));
}
