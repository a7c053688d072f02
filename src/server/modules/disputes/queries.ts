import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { instantSql } from '../../db/instant';
import { queryParsedRows } from '../../db/query';

/**
 * THE rule that leaves an account out of what lenders see: its dispute is open and past its
 * deadline (the lender did not answer in time; disputes area, issue 7). A SQL condition on the
 * account id expression given (e.g. sql`a.id`), as of `asOf`. The business report
 * (credit/report.ts) and the score on it (scoring/queries.ts) both use this one predicate, so a
 * score never counts an entry the report it comes with does not show.
 */
export function isHiddenFromLendersSql(accountId: SQL, asOf: Date | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM disputes hd WHERE hd.account_id = ${accountId} AND hd.status = 'open' AND hd.due_at <= ${instantSql(asOf)})`;
}

const ZDateOrText = z.union([z.date(), z.string()]);
const ZCount = z.coerce.number<number | string>();

export interface OverdueDispute {
  disputeId: string;
  reference: string;
  businessId: string;
  businessName: string;
  consumerUserId: string;
  consumerName: string;
  accountId: string;
  accountNumber: string;
  reason: string;
  filedAt: string;
  dueAt: string;
  daysOverdue: number;
}

/**
 * Disputes past their deadline with no answer from the lender, oldest deadline first: what the
 * regulator watches (compliance per business). For the regulator area to call; one business with
 * `businessId`. "Overdue" is read from the deadline itself, so it holds from the first second past
 * it, before the daily job has written the timeline step.
 */
export async function listOverdueDisputes(
  db: Database,
  options: { businessId?: string; now?: Date; limit?: number } = {},
): Promise<OverdueDispute[]> {
  const now = options.now ?? new Date();
  const rows = await queryParsedRows(
    db,
    z.object({
      id: z.string(),
      reference: z.string(),
      business_id: z.string(),
      business_name: z.string().nullable(),
      consumer_user_id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      account_id: z.string(),
      account_number: z.string(),
      reason: z.string(),
      filed_at: ZDateOrText,
      due_at: ZDateOrText,
    }),
    sql`SELECT d.id, d.reference, d.business_id, b.business_name, d.consumer_user_id, cp.first_name, cp.last_name,
          d.account_id, a.account_number, d.reason, d.filed_at, d.due_at
        FROM disputes d
        JOIN credit_accounts a ON a.id = d.account_id
        JOIN consumer_profiles cp ON cp.user_id = d.consumer_user_id
        LEFT JOIN business_profiles b ON b.user_id = d.business_id
        WHERE d.status = 'open' AND d.due_at <= ${now.toISOString()}::timestamptz
          ${options.businessId ? sql`AND d.business_id = ${options.businessId}::uuid` : sql``}
        ORDER BY d.due_at, d.id
        LIMIT ${options.limit ?? 1000}`,
  );
  return rows.map((r) => {
    const dueAt = new Date(r.due_at);
    return {
      disputeId: r.id,
      reference: r.reference,
      businessId: r.business_id,
      businessName: r.business_name ?? 'Unknown business',
      consumerUserId: r.consumer_user_id,
      consumerName: `${r.first_name} ${r.last_name}`,
      accountId: r.account_id,
      accountNumber: r.account_number,
      reason: r.reason,
      filedAt: new Date(r.filed_at).toISOString(),
      dueAt: dueAt.toISOString(),
      daysOverdue: Math.floor((now.getTime() - dueAt.getTime()) / (24 * 3600_000)),
    };
  });
}

export interface DisputeBacklog {
  /** Open disputes: the lender has not answered yet. */
  open: number;
  /** Open disputes past their deadline (a subset of `open`). */
  overdue: number;
  /** How long the oldest overdue dispute has been past its deadline; 0 when none is. */
  oldestOverdueSeconds: number;
}

/**
 * The whole backlog in one aggregate over open disputes (the partial index on due_at WHERE
 * status = 'open' covers it): what /metrics reports at each scrape. Same "overdue" as
 * listOverdueDisputes: past the deadline, whether or not the daily job has stamped it yet.
 */
export async function readDisputeBacklog(db: Database, now = new Date()): Promise<DisputeBacklog> {
  const [row] = await queryParsedRows(
    db,
    z.object({ open: ZCount, overdue: ZCount, oldest_due: ZDateOrText.nullable() }),
    sql`SELECT count(*)::int AS open,
          count(*) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz)::int AS overdue,
          min(due_at) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz) AS oldest_due
        FROM disputes WHERE status = 'open'`,
  );
  const oldestDue = row?.oldest_due ? new Date(row.oldest_due) : null;
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    oldestOverdueSeconds: oldestDue ? Math.max(0, Math.floor((now.getTime() - oldestDue.getTime()) / 1000)) : 0,
  };
}
