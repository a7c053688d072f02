import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { recordAuditEvent } from '../audit';
import { type InquiryMeta } from '../credit-file';
import { closeDisputeOfRemovedAccount } from '../disputes';
import { notifyPeopleOnFiles } from '../notifications';

/** Which of this business's accounts to remove: by id (the API) or by number (a monthly file's row). */
export type OwnAccountKey = { accountId: string } | { accountNumber: string };

export interface RemovedAccount {
  accountId: string;
  accountNumber: string;
  subjectId: string;
  disputeId: string | null;
}

const ZOwnAccountRow = z.object({ id: z.string(), subject_id: z.string(), account_number: z.string(), lender: z.string() });

/** The business's own account, locked for the change; null for an id or number it did not report. */
export async function lockOwnAccount(tx: Database, businessId: string, key: OwnAccountKey) {
  const [row] = await queryParsedRows(
    tx,
    ZOwnAccountRow,
    sql`SELECT a.id, a.subject_id, a.account_number, COALESCE(b.business_name, 'Your lender') AS lender
        FROM credit_accounts a LEFT JOIN business_profiles b ON b.user_id = a.business_id
        WHERE a.business_id = ${businessId}::uuid
          AND ${'accountId' in key ? sql`a.id = ${key.accountId}::uuid` : sql`a.account_number = ${key.accountNumber}`}
        FOR UPDATE OF a`,
  );
  return row ?? null;
}

/**
 * Removes an account its reporting business says it reported in error, in the caller's
 * transaction: the row leaves credit_accounts (so every report, score and list loses it at once;
 * its phones' votes, parties and months go with it) and is kept whole in credit_account_removals,
 * out of sight, for the audit trail. An open dispute on it is closed as `removed` (and the removal
 * then guards against the account coming back unannounced: reinsertion-guard.ts; so does a
 * correction a dispute made on it). Audited; the
 * people on the file (and on its parties' files) are told. Null when the business has no such account.
 */
export async function removeOwnAccount(
  tx: Database,
  meta: InquiryMeta,
  key: OwnAccountKey,
  reason: string,
  now = new Date(),
): Promise<RemovedAccount | null> {
  const account = await lockOwnAccount(tx, meta.businessId, key);
  if (!account) return null;
  const disputeId = await closeDisputeOfRemovedAccount(tx, {
    accountId: account.id,
    lender: account.lender,
    accountNumber: account.account_number,
    note: reason,
    actorUserId: meta.userId,
    now,
  });
  const [parties] = await queryParsedRows(
    tx,
    z.object({ subject_ids: z.array(z.string()).nullable() }),
    sql`SELECT array_agg(subject_id::text) AS subject_ids FROM credit_account_parties WHERE account_id = ${account.id}::uuid`,
  );
  await tx.execute(
    sql`INSERT INTO credit_account_removals (account_id, business_id, subject_id, account_number, reason, account, removed_by, removed_at, dispute_id)
        SELECT a.id, a.business_id, a.subject_id, a.account_number, ${reason},
          jsonb_build_object(
            'account', to_jsonb(a.*),
            'parties', (SELECT COALESCE(jsonb_agg(to_jsonb(p.*)), '[]'::jsonb) FROM credit_account_parties p WHERE p.account_id = a.id),
            'months', (SELECT COALESCE(jsonb_agg(to_jsonb(m.*) ORDER BY m.month DESC), '[]'::jsonb) FROM credit_account_months m WHERE m.account_id = a.id)),
          ${meta.userId}::uuid, ${now.toISOString()}::timestamptz,
          -- The dispute this removal answered, else one whose correction still guards the account:
          -- removing a corrected account and reporting it afresh must not put the old value back quietly.
          COALESCE(${disputeId}::uuid, (SELECT (g.value->>'disputeId')::uuid FROM jsonb_each(a.dispute_removed_values) g LIMIT 1))
        FROM credit_accounts a WHERE a.id = ${account.id}::uuid`,
  );
  await tx.execute(sql`DELETE FROM credit_accounts WHERE id = ${account.id}::uuid`);
  await recordAuditEvent(tx, {
    action: 'credit.account_removed',
    actorUserId: meta.userId,
    actorRole: 'business',
    businessId: meta.businessId,
    subjectId: account.subject_id,
    targetType: 'credit_account',
    targetId: account.id,
    ip: meta.ip ?? null,
    requestId: meta.requestId ?? null,
    details: { accountNumber: account.account_number, reason, disputeId },
  });
  await notifyPeopleOnFiles(tx, [account.subject_id, ...(parties?.subject_ids ?? [])], () => ({
    kind: 'account_corrected',
    title: 'An account was removed from your file',
    body: `${account.lender} removed account ${account.account_number}, which it had reported in error: ${reason}`,
    params: { variant: 'removed', lender: account.lender, accountNumber: account.account_number, reason },
    link: '/consumer/reports',
    dedupeKey: `account_removed:${account.id}`,
  }));
  return { accountId: account.id, accountNumber: account.account_number, subjectId: account.subject_id, disputeId };
}
