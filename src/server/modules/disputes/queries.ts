import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';

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
export async function listOverdueDisputes(db: Database, options: { businessId?: string; now?: Date; limit?: number } = {}): Promise<OverdueDispute[]> {
  const now = options.now ?? new Date();
  const rows = await queryRows<{
    id: string;
    reference: string;
    business_id: string;
    business_name: string | null;
    consumer_user_id: string;
    first_name: string;
    last_name: string;
    account_id: string;
    account_number: string;
    reason: string;
    filed_at: Date | string;
    due_at: Date | string;
  }>(
    db,
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

/** Open and overdue disputes per business, for compliance tables. */
export async function countDisputesByBusiness(db: Database, now = new Date()): Promise<{ businessId: string; open: number; overdue: number }[]> {
  const rows = await queryRows<{ business_id: string; open: number; overdue: number }>(
    db,
    sql`SELECT business_id, count(*)::int AS open, count(*) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz)::int AS overdue
        FROM disputes WHERE status = 'open' GROUP BY business_id`,
  );
  return rows.map((r) => ({ businessId: r.business_id, open: Number(r.open), overdue: Number(r.overdue) }));
}
