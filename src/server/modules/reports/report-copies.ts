import type { TReportCopyList } from '@shared/schemas/business';
import type { TPageQuery } from '@shared/schemas/common';
import { ZCreditReportSchema, type TCreditReport } from '@shared/schemas/credit';
import { SCORE_BANDS } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows, timestampColumn } from '../../db/query';
import { notFound } from '../../lib/http-error';
import { decodeKeysetCursor, keysetAfterSql, keysetPage, microsecondsSql } from '../../lib/keyset-page';

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
  created_us: z.string(),
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

/**
 * The reports this business pulled, newest first, with who pulled them, a page at a time (keyset
 * through the index on (business_id, created_at): a deep page costs what the first does).
 */
export async function listReportCopies(db: Database, businessId: string, page: TPageQuery): Promise<TReportCopyList> {
  const after = page.cursor ? decodeKeysetCursor(page.cursor) : null;
  const fetched = await queryParsedRows(
    db,
    ZReportCopyListRow,
    sql`SELECT c.report_id, c.created_at,
          c.report #>> '{subject,fullName}' AS subject_name,
          c.report ->> 'purpose' AS purpose,
          (c.report #>> '{score,value}')::int AS score,
          c.report #>> '{score,band}' AS band,
          ${madeBySql} AS pulled_by, ${microsecondsSql(sql`c.created_at`)} AS created_us
        FROM credit_report_copies c
        JOIN credit_inquiries q ON q.id = c.report_id
        ${madeByJoins}
        WHERE c.business_id = ${businessId}::uuid ${after ? sql`AND ${keysetAfterSql(sql`c.created_at`, sql`c.report_id`, after)}` : sql``}
        ORDER BY c.created_at DESC, c.report_id DESC
        LIMIT ${page.limit + 1}`,
  );
  const { rows, nextCursor } = keysetPage(fetched, page.limit, (r) => ({ sortUs: r.created_us, id: r.report_id }));
  const reports = rows.map((r) => ({
    reportId: r.report_id,
    createdAt: r.created_at,
    subjectName: r.subject_name ?? 'Unknown person',
    purpose: r.purpose,
    score: r.score,
    band: r.band,
    pulledBy: r.pulled_by,
  }));
  return { reports, items: reports, nextCursor };
}

/**
 * Who made an inquiry or a submission (alias q, with a user_id column): a team member's name, the
 * business's contact for the owner. Requests made with an API key are recorded under the key's
 * creator, so they read as that person.
 */
export const madeByJoins = sql`LEFT JOIN business_members mb ON mb.user_id = q.user_id
        LEFT JOIN business_profiles owner ON owner.user_id = q.user_id`;
export const madeBySql = sql`COALESCE(mb.full_name, owner.contact_name, 'Unknown user')`;
