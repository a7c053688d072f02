import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { disputeEvents } from '../../db/schema/index';
import { notify } from '../notifications';

/**
 * Closes the open dispute of an account its lender took off the person's file (removed as reported
 * in error, or moved to the right person): resolved with outcome `removed` and the lender's reason,
 * a step on its timeline, and the person told. The caller holds the account's row lock. Returns the
 * dispute's id, or null when none was open.
 */
export async function closeDisputeOfRemovedAccount(
  tx: Database,
  input: { accountId: string; lender: string; accountNumber: string; note: string; actorUserId: string | null; now?: Date },
): Promise<string | null> {
  const now = input.now ?? new Date();
  const [dispute] = await queryParsedRows(
    tx,
    z.object({ id: z.string(), reference: z.string(), consumer_user_id: z.string() }),
    sql`SELECT id, reference, consumer_user_id FROM disputes WHERE account_id = ${input.accountId}::uuid AND status = 'open' FOR UPDATE`,
  );
  if (!dispute) return null;
  await tx.execute(
    sql`UPDATE disputes SET status = 'resolved', outcome = 'removed', response_note = ${input.note},
          responded_by = ${input.actorUserId}::uuid, resolved_at = ${now.toISOString()}::timestamptz
        WHERE id = ${dispute.id}::uuid`,
  );
  await tx.insert(disputeEvents).values({
    disputeId: dispute.id,
    kind: 'removed',
    actorRole: 'business',
    actorUserId: input.actorUserId,
    note: input.note,
    details: {},
    occurredAt: now,
  });
  await notify(tx, [
    {
      userId: dispute.consumer_user_id,
      kind: 'dispute_update',
      title: `Dispute ${dispute.reference}: the account was taken off your file`,
      body: `${input.lender} took account ${input.accountNumber} off your file: ${input.note}`,
      params: {
        variant: 'removed',
        reference: dispute.reference,
        lender: input.lender,
        accountNumber: input.accountNumber,
        note: input.note,
      },
      link: '/consumer/disputes',
      dedupeKey: `dispute_answered:${dispute.id}`,
    },
  ]);
  return dispute.id;
}
