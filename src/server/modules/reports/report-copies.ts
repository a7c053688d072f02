import type { TReportCopySummary } from '@shared/schemas/business';
import { ZCreditReportSchema, type TCreditReport } from '@shared/schemas/credit';
import { SCORE_BANDS } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows, timestampColumn } from '../../db/query';
import { notFound } from '../../lib/http-error';

/** A stored copy (credit_report_copies.report): the report as released, read back through the same schema. */
const ZReportCopyRow = z.object({ report: jsonColumnOf(ZCreditReportSchema) });

/** One line of the business's list of pulled reports, read out of the stored copies. */
const ZReportCopyListRow = z.object({
  report_id: z.string(),
  created_at: timestampColumn,
  subject_name: z.string().nullable(),
  purpose: z.string().nullable(),
  score: z.coerce.number<number | string>().nullable(),
  band: z.enum(SCORE_BANDS).nullable(),
  pulled_by: z.string(),
});

/** A report this business pulled; another business's id, or an unknown one, is 404 alike. */
export async function getReportCopy(db: Database, businessId: string, reportId: string): Promise<TCreditReport> {
  const [row] = await queryParsedRows(
    db,
    ZReportCopyRow,
    sql`SELECT report FROM credit_report_copies WHERE report_id = ${reportId}::uuid AND business_id = ${businessId}::uuid`,
  );
  if (!row) throw notFound('No such report among the reports your business pulled');
  return row.report;
}

/** The reports this business pulled, newest first, with who pulled them. */
export async function listReportCopies(db: Database, businessId: string, limit: number): Promise<TReportCopySummary[]> {
  const rows = await queryParsedRows(
    db,
    ZReportCopyListRow,
    sql`SELECT c.report_id, c.created_at,
          c.report #>> '{subject,fullName}' AS subject_name,
          c.report ->> 'purpose' AS purpose,
          (c.report #>> '{score,value}')::int AS score,
          c.report #>> '{score,band}' AS band,
          ${madeBySql} AS pulled_by
        FROM credit_report_copies c
        JOIN credit_inquiries q ON q.id = c.report_id
        ${madeByJoins}
        WHERE c.business_id = ${businessId}::uuid
        ORDER BY c.created_at DESC, c.report_id
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    reportId: r.report_id,
    createdAt: r.created_at,
    subjectName: r.subject_name ?? 'Unknown person',
    purpose: r.purpose,
    score: r.score,
    band: r.band,
    pulledBy: r.pulled_by,
  }));
}

/**
 * Who made an inquiry or a submission (alias q, with a user_id column): a team member's name, the
 * business's contact for the owner. Requests made with an API key are recorded under the key's
 * creator, so they read as that person.
 */
export const madeByJoins = sql`LEFT JOIN business_members mb ON mb.user_id = q.user_id
        LEFT JOIN business_profiles owner ON owner.user_id = q.user_id`;
export const madeBySql = sql`COALESCE(mb.full_name, owner.contact_name, 'Unknown user')`;
