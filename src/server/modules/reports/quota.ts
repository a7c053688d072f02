import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

/** The first day of the month as 'YYYY-MM-DD' (UTC months are Sierra Leone's months: GMT all year). */
export function monthKey(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

const ZReportsRow = z.object({ reports: z.coerce.number<number | string>() });

/** Reports the business pulled this month, from the counter (credit_report_usage). */
export async function reportsUsedThisMonth(db: Database, businessId: string, now = new Date()): Promise<number> {
  const [row] = await queryParsedRows(
    db,
    ZReportsRow,
    sql`SELECT reports FROM credit_report_usage WHERE business_id = ${businessId}::uuid AND month = ${monthKey(now)}::date`,
  );
  return Number(row?.reports ?? 0);
}

/**
 * Counts one report against the month's quota: the statement returns one row, or none when no
 * quota is left. It runs inside the report's single write statement (credit/pull-report.ts): the
 * counter row is locked from that instant to the commit only, so two reports racing for the last
 * unit take turns without a business's reports queueing behind each other (decisions/016).
 */
export function takeReportFromQuotaSql(
  businessId: Placeholder | string,
  monthlyQuota: Placeholder | number,
  month: Placeholder | string,
): SQL {
  return sql`INSERT INTO credit_report_usage AS u (business_id, month, reports)
        SELECT ${businessId}::uuid, ${month}::date, 1 WHERE ${monthlyQuota}::int > 0
        ON CONFLICT (business_id, month) DO UPDATE SET reports = u.reports + 1 WHERE u.reports < ${monthlyQuota}::int
        RETURNING reports`;
}

/**
 * Sets every counter from the inquiry records: after records were written without the counter
 * (the generated registry, a restore from an older backup).
 */
export async function recountReportUsage(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM credit_report_usage`);
  await db.execute(
    sql`INSERT INTO credit_report_usage (business_id, month, reports)
        SELECT business_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)::int
        FROM credit_inquiries WHERE kind = 'report' GROUP BY 1, 2`,
  );
}
