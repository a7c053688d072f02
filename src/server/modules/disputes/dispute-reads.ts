import { maskIdentifier } from '@shared/identity';
import {
  ZDisputeSchema,
  type TBusinessDispute,
  type TBusinessDisputeList,
  type TDispute,
  type TDisputeList,
} from '@shared/schemas/consumer';
import type { TPageQuery } from '@shared/schemas/common';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { notFound } from '../../lib/http-error';
import { decodeKeysetCursor, keysetAfterSql, keysetPage, microsecondsSql } from '../../lib/keyset-page';
import { ACCOUNT_COLUMNS, ACCOUNT_JOINS, accountView, DAY_MS, daysLeftUntil, reasonLabel, ZAccountRow } from './dispute-account';

// Reading disputes with their timelines, for the person who filed them and the lender who answers.

export const EVENT_TEXTS: Record<string, string> = {
  filed: 'Dispute filed; the entry is marked disputed on every report',
  deadline_passed:
    'The deadline passed without an answer: the entry is left out of business reports and the case is visible to the regulator',
  corrected: 'The lender corrected the entry',
  verified: 'The lender checked the entry and says it is correct',
  removed: 'The lender took the account off your file',
  complaint: 'The person complained to the regulator',
};

const ZDateOrText = z.union([z.date(), z.string()]);
const ZCount = z.coerce.number<number | string>();

const ZDisputeRow = z.object({
  id: z.string(),
  reference: z.string(),
  consumer_user_id: z.string(),
  business_id: z.string(),
  reason: z.string(),
  statement: z.string(),
  status: ZDisputeSchema.shape.status,
  /** The account as the person saw it when filing (accountView's shape, stored as jsonb). */
  account_snapshot: jsonColumnOf(ZDisputeSchema.shape.accountWhenFiled),
  filed_at: ZDateOrText,
  due_at: ZDateOrText,
  outcome: ZDisputeSchema.shape.outcome,
  response_note: z.string().nullable(),
  resolved_at: ZDateOrText.nullable(),
  /** Null once the lender removed the account (it lives in credit_account_removals then). */
  account: jsonColumnOf(ZAccountRow).nullable(),
  first_name: z.string(),
  last_name: z.string(),
  national_id: z.string(),
  filed_us: z.string(),
});
type DisputeRow = z.infer<typeof ZDisputeRow>;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Disputes by `where`: open first then newest filed, at most 500; or, given a page (the business's
 * paged list), newest filed first by keyset after its cursor, `limit + 1` rows (keysetPage).
 */
async function readDisputes(db: Database, where: SQL, page?: TPageQuery): Promise<DisputeRow[]> {
  const after = page?.cursor ? decodeKeysetCursor(page.cursor) : null;
  return queryParsedRows(
    db,
    ZDisputeRow,
    sql`SELECT d.id, d.reference, d.consumer_user_id, d.business_id, d.reason, d.statement, d.status::text AS status, d.account_snapshot,
          d.filed_at, d.due_at, d.outcome::text AS outcome, d.response_note, d.resolved_at,
          (SELECT row_to_json(x) FROM (SELECT ${ACCOUNT_COLUMNS} FROM credit_accounts a ${ACCOUNT_JOINS} WHERE a.id = d.account_id) x) AS account,
          cp.first_name, cp.last_name, cp.national_id, ${microsecondsSql(sql`d.filed_at`)} AS filed_us
        FROM disputes d
        JOIN consumer_profiles cp ON cp.user_id = d.consumer_user_id
        WHERE ${where} ${after ? sql`AND ${keysetAfterSql(sql`d.filed_at`, sql`d.id`, after)}` : sql``}
        ${page ? sql`ORDER BY d.filed_at DESC, d.id DESC LIMIT ${page.limit + 1}` : sql`ORDER BY d.status = 'open' DESC, d.filed_at DESC, d.id LIMIT 500`}`,
  );
}

async function readTimelines(db: Database, ids: string[]): Promise<Map<string, TDispute['timeline']>> {
  const timelines = new Map<string, TDispute['timeline']>();
  if (ids.length === 0) return timelines;
  // A complaint to the regulator about the dispute is a step too (the oversight area writes it, with its reference).
  const rows = await queryParsedRows(
    db,
    z.object({ dispute_id: z.string(), kind: z.string(), actor_role: z.string(), note: z.string().nullable(), occurred_at: ZDateOrText }),
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
  const snapshot = row.account_snapshot;
  // Whole account numbers: the person sees their own, the lender its own. An account taken off the
  // person's file (removed, or moved to another person) is shown as it was when filed: what it
  // holds now, if anything, is someone else's.
  const account = row.account && row.outcome !== 'removed' ? accountView(row.account) : snapshot;
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
  query: TPageQuery & { status: 'open' | 'resolved' | 'all' },
  now = new Date(),
): Promise<TBusinessDisputeList> {
  const filter = query.status === 'all' ? sql`TRUE` : sql`d.status = ${query.status}`;
  const fetched = await readDisputes(db, sql`d.business_id = ${businessId}::uuid AND ${filter}`, query);
  const { rows, nextCursor } = keysetPage(fetched, query.limit, (r) => ({ sortUs: r.filed_us, id: r.id }));
  const timelines = await readTimelines(
    db,
    rows.map((r) => r.id),
  );
  const [summary] = await queryParsedRows(
    db,
    z.object({ open: ZCount, overdue: ZCount, due_soon: ZCount, resolved: ZCount }),
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
    ...pageOfDisputes(
      rows.map((r) => toBusinessDispute(r, timelines.get(r.id) ?? [], now)),
      nextCursor,
    ),
  };
}

/** `disputes` and `items` are the same page (items: the paged lists' common name, docs/api.md Paging). */
const pageOfDisputes = (disputes: TBusinessDispute[], nextCursor: string | null) => ({ disputes, items: disputes, nextCursor });

export async function getBusinessDispute(db: Database, businessId: string, disputeId: string, now = new Date()): Promise<TBusinessDispute> {
  const [row] = await readDisputes(db, sql`d.id = ${disputeId}::uuid AND d.business_id = ${businessId}::uuid`);
  if (!row) throw notFound('No such dispute');
  const timelines = await readTimelines(db, [row.id]);
  return toBusinessDispute(row, timelines.get(row.id) ?? [], now);
}
