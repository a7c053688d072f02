import { formatMinorAmount } from '@shared/amounts';
import { maskIdentifier } from '@shared/identity';
import {
  DISPUTE_NEW_INFORMATION_MIN_CHARS,
  DISPUTE_REASONS,
  type TBusinessDispute,
  type TBusinessDisputeList,
  type TDispute,
  type TDisputeList,
  type TDisputeResponse,
  type TFileDispute,
} from '@shared/schemas/consumer';
import { ZCreditAccountInputSchema } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { jsonColumn, queryRows } from '../../db/query';
import { disputeEvents, disputes } from '../../db/schema/index';
import { HttpError, badRequest, fieldErrorsOf, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { requireOwnSubject } from '../consumers';
import { notify } from '../notifications';
import { readSetting } from '../settings';

type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

const DAY_MS = 24 * 3600_000;

export const EVENT_TEXTS: Record<string, string> = {
  filed: 'Dispute filed; the entry is marked disputed on every report',
  deadline_passed:
    'The deadline passed without an answer: the entry is left out of business reports and the case is visible to the regulator',
  corrected: 'The lender corrected the entry',
  verified: 'The lender checked the entry and says it is correct',
  complaint: 'The person complained to the regulator',
};

/** The account columns a dispute shows, now and as filed. */
interface AccountRow {
  id: string;
  business_id: string;
  subject_id: string;
  lender: string;
  account_number: string;
  type: string;
  type_name: string;
  currency: string;
  principal: string | number;
  balance: string | number;
  status: string;
  status_name: string;
  default_amount: string | number | null;
  default_date: string | null;
  payment_history: string;
  opened_at: string;
}

const ACCOUNT_COLUMNS = sql`a.id, a.business_id, a.subject_id, COALESCE(b.business_name, 'Unknown lender') AS lender, a.account_number, a.type, t.name AS type_name,
  a.currency, a.principal, a.balance, a.status, st.name AS status_name, a.default_amount, a.default_date::text AS default_date, a.payment_history,
  a.opened_at::text AS opened_at`;
const ACCOUNT_JOINS = sql`JOIN credit_account_types t ON t.code = a.type
  JOIN credit_account_statuses st ON st.code = a.status
  LEFT JOIN business_profiles b ON b.user_id = a.business_id`;

function accountView(row: AccountRow) {
  return {
    accountId: row.id,
    lender: row.lender,
    accountNumber: row.account_number,
    typeName: row.type_name,
    currency: row.currency,
    principal: formatMinorAmount(row.principal),
    balance: formatMinorAmount(row.balance),
    status: row.status,
    statusName: row.status_name,
    defaultAmount: row.default_amount === null ? null : formatMinorAmount(row.default_amount),
    defaultDate: row.default_date,
    paymentHistory: row.payment_history,
    openedAt: row.opened_at,
  };
}

const reasonLabel = (code: string) => DISPUTE_REASONS.find((r) => r.code === code)?.label ?? code;

function newReference(now: Date): string {
  return `DSP-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Whole days until the deadline, rounded up; negative once it has passed. */
export function daysLeftUntil(dueAt: Date, now: Date): number {
  return Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

interface DisputeRow {
  id: string;
  reference: string;
  consumer_user_id: string;
  business_id: string;
  reason: string;
  statement: string;
  status: 'open' | 'resolved';
  account_snapshot: Record<string, unknown> | string;
  filed_at: Date | string;
  due_at: Date | string;
  outcome: 'corrected' | 'verified' | null;
  response_note: string | null;
  resolved_at: Date | string | null;
  account: AccountRow | string;
  first_name: string;
  last_name: string;
  national_id: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function readDisputes(db: Database, where: ReturnType<typeof sql>): Promise<DisputeRow[]> {
  return queryRows<DisputeRow>(
    db,
    sql`SELECT d.id, d.reference, d.consumer_user_id, d.business_id, d.reason, d.statement, d.status::text AS status, d.account_snapshot,
          d.filed_at, d.due_at, d.outcome::text AS outcome, d.response_note, d.resolved_at,
          (SELECT row_to_json(x) FROM (SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS} WHERE a.id = d.account_id) x) AS account,
          cp.first_name, cp.last_name, cp.national_id
        FROM disputes d
        JOIN consumer_profiles cp ON cp.user_id = d.consumer_user_id
        WHERE ${where}
        ORDER BY d.status = 'open' DESC, d.filed_at DESC, d.id
        LIMIT 500`,
  );
}

async function readTimelines(db: Database, ids: string[]): Promise<Map<string, TDispute['timeline']>> {
  const timelines = new Map<string, TDispute['timeline']>();
  if (ids.length === 0) return timelines;
  // A complaint to the regulator about the dispute is a step too (the oversight area writes it, with its reference).
  const rows = await queryRows<{ dispute_id: string; kind: string; actor_role: string; note: string | null; occurred_at: Date | string }>(
    db,
    sql`SELECT dispute_id, kind, actor_role, COALESCE(note, CASE WHEN kind = 'complaint' THEN 'Complaint ' || (details->>'complaintReference') END) AS note, occurred_at
        FROM dispute_events
        WHERE dispute_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY occurred_at, id`,
  );
  for (const r of rows) {
    const list = timelines.get(r.dispute_id) ?? [];
    list.push({ kind: r.kind, actorRole: r.actor_role, text: EVENT_TEXTS[r.kind] ?? r.kind, note: r.note, occurredAt: iso(r.occurred_at) });
    timelines.set(r.dispute_id, list);
  }
  return timelines;
}

function toDispute(row: DisputeRow, timeline: TDispute['timeline'], now: Date): TDispute {
  const dueAt = new Date(row.due_at);
  const isOpen = row.status === 'open';
  const snapshot = jsonColumn<ReturnType<typeof accountView>>(row.account_snapshot as never);
  // Whole account numbers: the person sees their own, the lender its own.
  const account = accountView(jsonColumn<AccountRow>(row.account));
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    reason: row.reason,
    reasonLabel: reasonLabel(row.reason),
    statement: row.statement,
    filedAt: iso(row.filed_at),
    dueAt: dueAt.toISOString(),
    daysLeft: isOpen ? daysLeftUntil(dueAt, now) : null,
    isOverdue: isOpen && dueAt <= now,
    outcome: row.outcome,
    responseNote: row.response_note,
    resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    account,
    accountWhenFiled: snapshot,
    timeline,
  };
}

export async function listConsumerDisputes(db: Database, userId: string, now = new Date()): Promise<TDisputeList> {
  const rows = await readDisputes(db, sql`d.consumer_user_id = ${userId}::uuid`);
  const timelines = await readTimelines(
    db,
    rows.map((r) => r.id),
  );
  return { disputes: rows.map((r) => toDispute(r, timelines.get(r.id) ?? [], now)) };
}

function toBusinessDispute(row: DisputeRow, timeline: TDispute['timeline'], now: Date): TBusinessDispute {
  return {
    ...toDispute(row, timeline, now),
    consumer: { fullName: `${row.first_name} ${row.last_name}`, maskedNationalId: maskIdentifier(row.national_id) },
  };
}

export async function listBusinessDisputes(
  db: Database,
  businessId: string,
  status: 'open' | 'resolved' | 'all',
  now = new Date(),
): Promise<TBusinessDisputeList> {
  const filter = status === 'all' ? sql`TRUE` : sql`d.status = ${status}`;
  const rows = await readDisputes(db, sql`d.business_id = ${businessId}::uuid AND ${filter}`);
  const timelines = await readTimelines(
    db,
    rows.map((r) => r.id),
  );
  const [summary] = await queryRows<{ open: number; overdue: number; due_soon: number; resolved: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
          count(*) FILTER (WHERE status = 'open' AND due_at <= ${now.toISOString()}::timestamptz)::int AS overdue,
          count(*) FILTER (WHERE status = 'open' AND due_at > ${now.toISOString()}::timestamptz AND due_at <= ${new Date(now.getTime() + 7 * DAY_MS).toISOString()}::timestamptz)::int AS due_soon,
          count(*) FILTER (WHERE status = 'resolved' AND resolved_at > ${new Date(now.getTime() - 30 * DAY_MS).toISOString()}::timestamptz)::int AS resolved
        FROM disputes WHERE business_id = ${businessId}::uuid`,
  );
  return {
    summary: {
      open: Number(summary.open),
      overdue: Number(summary.overdue),
      dueWithin7Days: Number(summary.due_soon),
      resolvedLast30Days: Number(summary.resolved),
    },
    disputes: rows.map((r) => toBusinessDispute(r, timelines.get(r.id) ?? [], now)),
  };
}

export async function getBusinessDispute(db: Database, businessId: string, disputeId: string, now = new Date()): Promise<TBusinessDispute> {
  const [row] = await readDisputes(db, sql`d.id = ${disputeId}::uuid AND d.business_id = ${businessId}::uuid`);
  if (!row) throw notFound('No such dispute');
  const timelines = await readTimelines(db, [row.id]);
  return toBusinessDispute(row, timelines.get(row.id) ?? [], now);
}

// ---------------------------------------------------------------------------------------------
// Filing
// ---------------------------------------------------------------------------------------------

/**
 * The person disputes one account on their own file. In one transaction: the dispute, its first
 * timeline step, the account's disputed flag (shown on every report at once), the audit event and
 * the lender's notification.
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
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [account] = await queryRows<AccountRow>(
      tx,
      sql`SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS}
          WHERE a.id = ${input.accountId}::uuid AND a.subject_id = ${subjectId}::uuid
          FOR UPDATE OF a`,
    );
    // Another person's account is "not found", never "not yours".
    if (!account) throw notFound('No such account on your credit file');
    const [open] = await queryRows<{ reference: string }>(
      tx,
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
    return row.id;
  });
  const list = await listConsumerDisputes(db, userId, now);
  return list.disputes.find((d) => d.id === id)!;
}

/** Lower case words of a statement, punctuation and spacing left out. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** How alike two statements are: shared words over all their words (1 is the same words). */
function likeness(a: string[], b: string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared++;
  return shared / (left.size + right.size - shared);
}

/** A statement this alike an earlier one on the same entry repeats it. */
const REPEATED_LIKENESS = 0.8;

/**
 * A dispute of an entry whose last dispute (by this person) the lender answered "verified" needs new
 * information: a statement of at least DISPUTE_NEW_INFORMATION_MIN_CHARS characters that does not
 * repeat any earlier statement of theirs on that entry. Otherwise 409 naming `statement`, before
 * anything is written: the entry is not flagged again and no new deadline starts (decisions/022).
 * Bureaus may treat a repeated dispute without new information as frivolous.
 */
async function assertNewInformation(tx: Database, input: { userId: string; accountId: string; lender: string; statement: string }) {
  const earlier = await queryRows<{ statement: string; outcome: string | null; resolved_at: Date | string | null }>(
    tx,
    sql`SELECT statement, outcome::text AS outcome, resolved_at FROM disputes
        WHERE account_id = ${input.accountId}::uuid AND consumer_user_id = ${input.userId}::uuid
        ORDER BY filed_at DESC, id LIMIT 50`,
  );
  const last = earlier[0];
  if (last?.outcome !== 'verified' || !last.resolved_at) return;
  const words = wordsOf(input.statement);
  const isTooShort = input.statement.trim().length < DISPUTE_NEW_INFORMATION_MIN_CHARS;
  const isRepeated = earlier.some((e) => likeness(words, wordsOf(e.statement)) >= REPEATED_LIKENESS);
  if (!isTooShort && !isRepeated) return;
  const on = new Date(last.resolved_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const message =
    `This entry was checked and verified by ${input.lender} on ${on}. To dispute it again, tell us what is new since then ` +
    (isRepeated
      ? '(a payment, a date, a document you hold): your statement repeats your earlier dispute.'
      : `(a payment, a date, a document you hold) in at least ${DISPUTE_NEW_INFORMATION_MIN_CHARS} characters.`);
  throw new HttpError(409, message, {
    field: 'statement',
    errors: [{ field: 'statement', message }],
    code: 'DISPUTE_NEEDS_NEW_INFORMATION',
  });
}

// ---------------------------------------------------------------------------------------------
// The lender's answer
// ---------------------------------------------------------------------------------------------

const CORRECTABLE = ['status', 'balance', 'principal', 'defaultAmount', 'defaultDate', 'paymentHistory'] as const;

/**
 * The account after the correction, checked with the registry's own account rules (a default
 * needs its amount and date, and so on); errors name `correction.<field>`.
 */
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

export async function respondToDispute(
  db: Database,
  businessId: string,
  disputeId: string,
  input: TDisputeResponse,
  audit: AuditContext,
  now = new Date(),
): Promise<TBusinessDispute> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [dispute] = await queryRows<{ id: string; reference: string; status: string; account_id: string; consumer_user_id: string }>(
      tx,
      sql`SELECT id, reference, status::text AS status, account_id, consumer_user_id FROM disputes
          WHERE id = ${disputeId}::uuid AND business_id = ${businessId}::uuid FOR UPDATE`,
    );
    // Another business's dispute is "not found".
    if (!dispute) throw notFound('No such dispute');
    if (dispute.status !== 'open') throw new HttpError(409, 'This dispute has already been answered');
    const [account] = await queryRows<AccountRow>(
      tx,
      sql`SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS} WHERE a.id = ${dispute.account_id}::uuid FOR UPDATE OF a`,
    );
    let change: Record<string, { from: unknown; to: unknown }> | null = null;
    if (input.outcome === 'corrected' && input.correction) {
      const next = correctedAccount(account, input.correction);
      const before = accountView(account);
      const nextDefaultAmount = next.defaultAmount ?? null;
      const nextDefaultDate = next.defaultDate ?? null;
      await tx.execute(
        sql`UPDATE credit_accounts SET status = ${next.status}, balance = ${next.balance}, principal = ${next.principal},
              default_amount = ${nextDefaultAmount}, default_date = ${nextDefaultDate}::date, payment_history = ${next.paymentHistory ?? ''},
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
        link: '/consumer/disputes',
        dedupeKey: `dispute_answered:${dispute.id}`,
      },
    ]);
  });
  return getBusinessDispute(db, businessId, disputeId, now);
}
