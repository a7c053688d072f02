import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows, timestampColumn } from '../../db/query';
import { recordAuditEvents } from '../audit';
import { notify } from '../notifications';
import { recordWebhookEvent } from '../webhooks';

/**
 * The daily deadline run (jobs/scheduled-jobs.ts, once a day across instances): each open dispute
 * past its deadline gets its "deadline passed" step once, and the person and the lender are told
 * (the lender also by its `dispute.overdue` webhook event, in the job's transaction).
 * Leaving the entry out of business reports does not wait for this run: the report builder reads
 * the deadline itself.
 */
export async function markOverdueDisputes(db: Database, now = new Date()): Promise<Record<string, number>> {
  const rows = await queryParsedRows(
    db,
    z.object({
      id: z.string(),
      reference: z.string(),
      consumer_user_id: z.string(),
      business_id: z.string(),
      subject_id: z.string(),
      account_id: z.string(),
      account_number: z.string(),
      due_at: timestampColumn,
    }),
    sql`WITH marked AS (
          UPDATE disputes SET overdue_at = ${now.toISOString()}::timestamptz
          WHERE status = 'open' AND due_at <= ${now.toISOString()}::timestamptz AND overdue_at IS NULL
          RETURNING id, reference, consumer_user_id, business_id, account_id, due_at
        )
        SELECT m.id, m.reference, m.consumer_user_id, m.business_id, a.subject_id, m.account_id, a.account_number, m.due_at
        FROM marked m JOIN credit_accounts a ON a.id = m.account_id`,
  );
  if (rows.length === 0) return { markedOverdue: 0 };
  await db.execute(
    sql`INSERT INTO dispute_events (dispute_id, kind, actor_role, occurred_at)
        SELECT id, 'deadline_passed', 'system', ${now.toISOString()}::timestamptz FROM disputes
        WHERE id IN (${sql.join(
          rows.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )})`,
  );
  await recordAuditEvents(
    db,
    rows.map((r) => ({
      action: 'dispute.overdue',
      actorRole: 'system',
      subjectId: r.subject_id,
      businessId: r.business_id,
      targetType: 'dispute',
      targetId: r.id,
      details: { reference: r.reference },
    })),
  );
  await notify(
    db,
    rows.flatMap((r) => [
      {
        userId: r.consumer_user_id,
        kind: 'dispute_overdue' as const,
        title: `Dispute ${r.reference}: the lender missed the deadline`,
        body: 'The lender did not answer in time. Until it does, the entry is left out of the reports lenders see, and the regulator can see the case.',
        params: { variant: 'missed', reference: r.reference },
        link: '/consumer/disputes',
        dedupeKey: `dispute_overdue:${r.id}`,
      },
      {
        userId: r.business_id,
        kind: 'dispute_overdue' as const,
        title: `Dispute ${r.reference} is past its deadline`,
        body: `Account ${r.account_number} is left out of business reports until you answer, and the case is reported to the regulator.`,
        link: '/business/disputes',
        dedupeKey: `dispute_overdue:${r.id}`,
      },
    ]),
  );
  for (const r of rows)
    await recordWebhookEvent(
      db,
      r.business_id,
      'dispute.overdue',
      { disputeId: r.id, reference: r.reference, accountId: r.account_id, accountNumber: r.account_number, dueAt: r.due_at },
      now,
    );
  return { markedOverdue: rows.length };
}
