import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { deleteUserSessions } from '../accounts';
import { recordAuditEvent, type AuditContext } from '../audit';
import { maskPhone } from './identity-keys';

export const UNLINKED_MESSAGE =
  'The account no longer has access to the credit file: its sessions have ended, the phone it confirmed with is no longer trusted for this National ID, and the National ID can be registered again at once.';

/**
 * Undoes the linking of a consumer account to its registry file, after an administrator checked the
 * person's documents (decisions/021): a lender or anyone else who confirmed a code to a phone that
 * was not the person's loses the file. In one transaction: the account is unconfirmed, its
 * sessions end, a code still waiting is voided, its open disputes are withdrawn (the accounts lose
 * their disputed flag), the phone it confirmed with is never trusted again for this NIN, the NIN
 * claim is released (the next registration with the NIN replaces the account), and it is audited
 * on the file. The account may go through the code again, to another trusted phone.
 */
export async function unlinkConsumerIdentity(
  db: Database,
  userId: string,
  reason: string,
  audit: AuditContext,
): Promise<{ message: string; id: string }> {
  return db.transaction(async (tx) => {
    const [profile] = await queryParsedRows(
      tx,
      z.object({ national_id: z.string(), identity_verified_at: z.union([z.date(), z.string()]).nullable() }),
      sql`SELECT cp.national_id, cp.identity_verified_at FROM consumer_profiles cp JOIN users u ON u.id = cp.user_id
          WHERE cp.user_id = ${userId}::uuid AND u.role = 'consumer' FOR UPDATE OF cp`,
    );
    if (!profile) throw notFound('Consumer not found');
    if (!profile.identity_verified_at) throw new HttpError(409, 'This account is not linked to a credit file.');
    const [file] = await queryParsedRows(
      tx,
      z.object({ subject_id: z.string() }),
      sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${profile.national_id} LIMIT 1`,
    );
    const [used] = await queryParsedRows(
      tx,
      z.object({ phone: z.string() }),
      sql`SELECT phone FROM consumer_identity_codes WHERE user_id = ${userId}::uuid AND used_at IS NOT NULL ORDER BY used_at DESC LIMIT 1`,
    );
    await tx.execute(sql`UPDATE consumer_profiles SET identity_verified_at = NULL WHERE user_id = ${userId}::uuid`);
    await tx.execute(
      sql`UPDATE consumer_identity_codes SET voided_at = now(), void_reason = 'unlinked' WHERE user_id = ${userId}::uuid AND used_at IS NULL AND voided_at IS NULL`,
    );
    const withdrawn = await queryParsedRows(
      tx,
      z.object({ id: z.string(), account_id: z.string() }),
      sql`UPDATE disputes SET status = 'resolved', resolved_at = now() WHERE consumer_user_id = ${userId}::uuid AND status = 'open' RETURNING id, account_id`,
    );
    for (const dispute of withdrawn) {
      await tx.execute(sql`UPDATE credit_accounts SET is_disputed = false, updated_at = now() WHERE id = ${dispute.account_id}::uuid`);
      await tx.execute(
        sql`INSERT INTO dispute_events (dispute_id, kind, actor_role, actor_user_id, note)
            VALUES (${dispute.id}::uuid, 'withdrawn', 'system', ${audit.actorUserId ?? null}, 'Withdrawn: an administrator found that the account that filed it did not belong to the person.')`,
      );
    }
    await tx.execute(
      sql`INSERT INTO consumer_identity_unlinks (user_id, national_id, subject_id, phone, reason, unlinked_by)
          VALUES (${userId}::uuid, ${profile.national_id}, ${file?.subject_id ?? null}, ${used?.phone ?? null}, ${reason}, ${audit.actorUserId ?? null})`,
    );
    await deleteUserSessions(tx, userId);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'admin.consumer_identity_unlinked',
      subjectId: file?.subject_id ?? null,
      targetType: 'user',
      targetId: userId,
      details: { reason, phone: used ? maskPhone(used.phone) : null, disputesWithdrawn: withdrawn.length },
    });
    return { message: UNLINKED_MESSAGE, id: userId };
  });
}
