import { formatMinorAmount } from '@shared/format';
import { type TBusinessDispute, type TDisputeResponse } from '@shared/schemas/consumer';
import { ZCreditAccountInputSchema } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { disputeEvents } from '../../db/schema/index';
import { HttpError, badRequest, fieldErrorsOf, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { notify } from '../notifications';
import { ACCOUNT_COLUMNS, ACCOUNT_JOINS, accountView, ZAccountRow, type AccountRow } from './dispute-account';
import { getBusinessDispute } from './dispute-reads';

// The lender's answer to a dispute: verified as it stands, or corrected under the registry's own
// account rules.

const CORRECTABLE = ['status', 'balance', 'principal', 'defaultAmount', 'defaultDate', 'paymentHistory'] as const;

/**
 * The account after the correction, checked with the registry's own account rules (a default
 * needs its amount and date, and so on); errors name `correction.<field>`.
 */
export const CORRECTION_CHANGES_NOTHING =
  'This correction changes nothing: every value is the one already on the account. Change the value that was wrong, or answer that the entry is verified.';

function correctedAccount(row: AccountRow, correction: NonNullable<TDisputeResponse['correction']>) {
  const current = {
    accountNumber: row.account_number,
    type: row.type,
    currency: row.currency,
    principal: formatMinorAmount(row.principal),
    balance: formatMinorAmount(row.balance),
    openedAt: row.opened_at,
    status: row.status,
    defaultAmount: row.default_amount === null ? undefined : formatMinorAmount(row.default_amount),
    defaultDate: row.default_date ?? undefined,
    paymentHistory: row.payment_history,
  };
  const merged: Record<string, unknown> = { ...current };
  for (const field of CORRECTABLE) if (correction[field] !== undefined) merged[field] = correction[field];
  // A corrected account that is no longer in default drops its default amount and date unless given.
  const parsed = ZCreditAccountInputSchema.safeParse(merged);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error.issues).map((e) => ({ field: `correction.${e.field}`, message: e.message }));
    throw badRequest(errors);
  }
  return parsed.data;
}

/** The stored value of a correctable field, as a later report of it is compared (minor units, ISO dates). */
function storedValueOf(row: AccountRow, field: (typeof CORRECTABLE)[number]): string | number | null {
  switch (field) {
    case 'status':
      return row.status;
    case 'balance':
      return Number(row.balance);
    case 'principal':
      return Number(row.principal);
    case 'defaultAmount':
      return row.default_amount === null ? null : Number(row.default_amount);
    case 'defaultDate':
      return row.default_date;
    case 'paymentHistory':
      return row.payment_history;
  }
}

export async function respondToDispute(
  db: Database,
  businessId: string,
  disputeId: string,
  input: TDisputeResponse,
  audit: AuditContext,
  now = new Date(),
): Promise<TBusinessDispute> {
  await db.transaction(async (tx) => {
    const [dispute] = await queryParsedRows(
      tx,
      z.object({ id: z.string(), reference: z.string(), status: z.string(), account_id: z.string(), consumer_user_id: z.string() }),
      sql`SELECT id, reference, status::text AS status, account_id, consumer_user_id FROM disputes
          WHERE id = ${disputeId}::uuid AND business_id = ${businessId}::uuid FOR UPDATE`,
    );
    // Another business's dispute is "not found".
    if (!dispute) throw notFound('No such dispute');
    if (dispute.status !== 'open') throw new HttpError(409, 'This dispute has already been answered');
    const [account] = await queryParsedRows(
      tx,
      ZAccountRow,
      sql`SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS} WHERE a.id = ${dispute.account_id}::uuid FOR UPDATE OF a`,
    );
    let change: Record<string, { from: unknown; to: unknown }> | null = null;
    if (input.outcome === 'corrected' && input.correction) {
      const next = correctedAccount(account, input.correction);
      const before = accountView(account);
      const nextDefaultAmount = next.defaultAmount ?? null;
      const nextDefaultDate = next.defaultDate ?? null;
      const nextValues = {
        status: next.status,
        balance: next.balance,
        principal: next.principal,
        defaultAmount: nextDefaultAmount,
        defaultDate: nextDefaultDate,
        paymentHistory: next.paymentHistory ?? '',
      };
      // What the correction took off, so a later report cannot put it back unannounced
      // (submissions/reinsertion-guard.ts; FCRA 611(a)(5)(B)).
      const removedValues: Record<string, { value: string | number | null; disputeId: string }> = {};
      for (const field of CORRECTABLE) {
        const before = storedValueOf(account, field);
        if (before !== nextValues[field]) removedValues[field] = { value: before, disputeId: dispute.id };
      }
      await tx.execute(
        sql`UPDATE credit_accounts SET status = ${next.status}, balance = ${next.balance}, principal = ${next.principal},
              default_amount = ${nextDefaultAmount}, default_date = ${nextDefaultDate}::date, payment_history = ${next.paymentHistory ?? ''},
              ${Object.keys(removedValues).length > 0 ? sql`dispute_removed_values = COALESCE(dispute_removed_values, '{}'::jsonb) || ${JSON.stringify(removedValues)}::jsonb,` : sql``}
              is_disputed = false, updated_at = now()
            WHERE id = ${account.id}::uuid`,
      );
      const after = {
        status: next.status,
        balance: formatMinorAmount(next.balance),
        principal: formatMinorAmount(next.principal),
        defaultAmount: nextDefaultAmount === null ? null : formatMinorAmount(nextDefaultAmount),
        defaultDate: nextDefaultDate,
        paymentHistory: next.paymentHistory ?? '',
      };
      change = {};
      for (const key of Object.keys(after) as (keyof typeof after)[]) {
        if (before[key] !== after[key]) change[key] = { from: before[key], to: after[key] };
      }
      // "Corrected" must correct something: the same values written again (1500 for 1500.00) are refused, and the transaction rolls back.
      if (Object.keys(change).length === 0) throw badRequest([{ field: 'correction', message: CORRECTION_CHANGES_NOTHING }]);
    } else {
      await tx.execute(sql`UPDATE credit_accounts SET is_disputed = false WHERE id = ${account.id}::uuid`);
    }
    await tx.execute(
      sql`UPDATE disputes SET status = 'resolved', outcome = ${input.outcome}, response_note = ${input.note}, correction = ${change ? JSON.stringify(change) : null}::jsonb,
            responded_by = ${audit.actorUserId ?? null}::uuid, resolved_at = ${now.toISOString()}::timestamptz
          WHERE id = ${dispute.id}::uuid`,
    );
    await tx.insert(disputeEvents).values({
      disputeId: dispute.id,
      kind: input.outcome,
      actorRole: 'business',
      actorUserId: audit.actorUserId ?? null,
      note: input.note,
      details: change ? { changes: change } : {},
      occurredAt: now,
    });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'dispute.answered',
      subjectId: account.subject_id,
      businessId,
      targetType: 'dispute',
      targetId: dispute.id,
      details: { reference: dispute.reference, outcome: input.outcome, changedFields: change ? Object.keys(change) : [] },
    });
    await notify(tx, [
      {
        userId: dispute.consumer_user_id,
        kind: 'dispute_update',
        title:
          input.outcome === 'corrected'
            ? `Dispute ${dispute.reference}: the entry was corrected`
            : `Dispute ${dispute.reference}: the lender says the entry is correct`,
        body:
          input.outcome === 'corrected'
            ? `${account.lender} corrected account ${account.account_number}. Your report now shows the corrected entry.`
            : `${account.lender} checked account ${account.account_number} and says it is correct. If you disagree, you can complain to the regulator.`,
        params: {
          variant: input.outcome === 'corrected' ? 'corrected' : 'verified',
          reference: dispute.reference,
          lender: account.lender,
          accountNumber: account.account_number,
        },
        link: '/consumer/disputes',
        dedupeKey: `dispute_answered:${dispute.id}`,
      },
    ]);
  });
  return getBusinessDispute(db, businessId, disputeId, now);
}
