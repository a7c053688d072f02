import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows, timestampColumn } from '../../db/query';
import { recordWebhookEvent } from '../webhooks';
import { DAY_MS } from './dispute-account';

/** How close the deadline is when the lender's `dispute.deadline_near` event goes out. */
export const DEADLINE_NEAR_DAYS = 5;

/**
 * Part of the daily deadline run: each open dispute whose deadline is at most five days away gets
 * its lender's `dispute.deadline_near` webhook event once (disputes.deadline_near_at marks it, in the
 * job's transaction with the event). A dispute filed with less than five days to answer gets it on
 * the first run after filing.
 */
export async function markDisputesNearDeadline(db: Database, now = new Date()): Promise<{ deadlineNear: number }> {
  const rows = await queryParsedRows(
    db,
    z.object({
      id: z.string(),
      reference: z.string(),
      business_id: z.string(),
      account_id: z.string(),
      account_number: z.string().nullable(),
      due_at: timestampColumn,
    }),
    sql`WITH marked AS (
          UPDATE disputes SET deadline_near_at = ${now.toISOString()}::timestamptz
          WHERE status = 'open' AND deadline_near_at IS NULL AND overdue_at IS NULL
            AND due_at > ${now.toISOString()}::timestamptz
            AND due_at <= ${new Date(now.getTime() + DEADLINE_NEAR_DAYS * DAY_MS).toISOString()}::timestamptz
          RETURNING id, reference, business_id, account_id, due_at, account_snapshot
        )
        SELECT m.id, m.reference, m.business_id, m.account_id, m.due_at,
          COALESCE(a.account_number, m.account_snapshot->>'accountNumber') AS account_number
        FROM marked m LEFT JOIN credit_accounts a ON a.id = m.account_id`,
  );
  for (const r of rows)
    await recordWebhookEvent(
      db,
      r.business_id,
      'dispute.deadline_near',
      {
        disputeId: r.id,
        reference: r.reference,
        accountId: r.account_id,
        accountNumber: r.account_number,
        dueAt: r.due_at,
        daysLeft: Math.ceil((new Date(r.due_at).getTime() - now.getTime()) / DAY_MS),
      },
      now,
    );
  return { deadlineNear: rows.length };
}
