import { type TDispute, type TFileDispute } from '@shared/schemas/consumer';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { disputeEvents, disputes } from '../../db/schema/index';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { requireOwnSubject } from '../consumers';
import { notify } from '../notifications';
import { readSetting } from '../settings';
import { recordWebhookEvent } from '../webhooks';
import { ACCOUNT_COLUMNS, ACCOUNT_JOINS, accountView, DAY_MS, reasonLabel, ZAccountRow } from './dispute-account';
import { listConsumerDisputes } from './dispute-reads';
import { assertNewInformation } from './new-information';

function newReference(now: Date): string {
  return `DSP-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The person disputes one account on their own file. In one transaction: the dispute, its first
 * timeline step, the account's disputed flag (shown on every report at once), the audit event,
 * the lender's notification and its `dispute.filed` webhook event.
 */
export async function fileDispute(
  db: Database,
  userId: string,
  input: TFileDispute,
  audit: AuditContext,
  now = new Date(),
): Promise<TDispute> {
  const { subjectId } = await requireOwnSubject(db, userId);
  const deadlineDays = await readSetting(db, 'dispute_deadline_days');
  const id = await db.transaction(async (tx) => {
    const [account] = await queryParsedRows(
      tx,
      ZAccountRow,
      sql`SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS}
          WHERE a.id = ${input.accountId}::uuid
            -- The borrower's, or one the person is a co-borrower or guarantor of: it is on their file too.
            AND (a.subject_id = ${subjectId}::uuid
              OR EXISTS (SELECT 1 FROM credit_account_parties p WHERE p.account_id = a.id AND p.subject_id = ${subjectId}::uuid))
          FOR UPDATE OF a`,
    );
    // Another person's account is "not found", never "not yours".
    if (!account) throw notFound('No such account on your credit file');
    const [open] = await queryParsedRows(
      tx,
      z.object({ reference: z.string() }),
      sql`SELECT reference FROM disputes WHERE account_id = ${account.id}::uuid AND status = 'open'`,
    );
    if (open)
      throw new HttpError(409, `This account already has an open dispute (${open.reference})`, {
        field: 'accountId',
        errors: [{ field: 'accountId', message: `This account already has an open dispute (${open.reference})` }],
      });
    await assertNewInformation(tx, { userId, accountId: account.id, lender: account.lender, statement: input.statement });
    const dueAt = new Date(now.getTime() + deadlineDays * DAY_MS);
    const reference = newReference(now);
    const [row] = await tx
      .insert(disputes)
      .values({
        reference,
        consumerUserId: userId,
        accountId: account.id,
        businessId: account.business_id,
        reason: input.reason,
        statement: input.statement,
        accountSnapshot: accountView(account),
        filedAt: now,
        dueAt,
      })
      .returning({ id: disputes.id });
    await tx.insert(disputeEvents).values({
      disputeId: row.id,
      kind: 'filed',
      actorRole: 'consumer',
      actorUserId: userId,
      note: null,
      details: { reason: input.reason },
      occurredAt: now,
    });
    await tx.execute(sql`UPDATE credit_accounts SET is_disputed = true WHERE id = ${account.id}::uuid`);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'dispute.filed',
      subjectId,
      businessId: account.business_id,
      targetType: 'dispute',
      targetId: row.id,
      details: { reference, reason: input.reason, accountId: account.id },
    });
    await notify(tx, [
      {
        userId: account.business_id,
        kind: 'dispute_filed',
        title: `New dispute ${reference}`,
        body: `A customer disputes account ${account.account_number} (${reasonLabel(input.reason)}). Answer by ${dueAt.toISOString().slice(0, 10)}.`,
        link: '/business/disputes',
        dedupeKey: `dispute_filed:${row.id}`,
      },
    ]);
    await recordWebhookEvent(
      tx,
      account.business_id,
      'dispute.filed',
      {
        disputeId: row.id,
        reference,
        accountId: account.id,
        accountNumber: account.account_number,
        reason: input.reason,
        filedAt: now.toISOString(),
        dueAt: dueAt.toISOString(),
      },
      now,
    );
    return row.id;
  });
  const list = await listConsumerDisputes(db, userId, now);
  return list.disputes.find((d) => d.id === id)!;
}
