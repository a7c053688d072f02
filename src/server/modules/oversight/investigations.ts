import {
  COMPLAINT_STATUSES,
  INVESTIGATION_OUTCOMES,
  INVESTIGATION_STATUSES,
  type TComplaint,
  type TInvestigation,
  type TInvestigationDetail,
  type TRegulatorComplaint,
  type ZComplaintRequestSchema,
  type ZInvestigationUpdateSchema,
  type ZOpenInvestigationSchema,
} from '@shared/schemas/oversight';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { hasDisputeTable } from './compliance';

// Complaints of consumers to the regulator, and the regulator's investigations with notes, status
// and outcome. A consumer sees their own complaints only (another's is 404); regulators see all.

/** CMP-2026-7F3A9C: short enough to read on the phone, random enough not to be guessed or counted. */
function newReference(prefix: string) {
  return `${prefix}-${new Date().getUTCFullYear()}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

const ZComplaintRow = z.object({
  id: z.string(),
  reference: z.string(),
  dispute_id: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  outcome_summary: z.string().nullable(),
  created_at: timestampColumn,
  updated_at: timestampColumn,
});
type ComplaintRow = z.output<typeof ZComplaintRow>;

function toComplaint(r: ComplaintRow): TComplaint {
  return {
    id: r.id,
    reference: r.reference,
    disputeId: r.dispute_id,
    subject: r.subject,
    description: r.description,
    status: r.status,
    outcomeSummary: r.outcome_summary,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The consumer's dispute a complaint is about: its business and the person its account is about. */
const ZComplaintDisputeRow = z.object({ business_id: z.string(), subject_id: z.string().nullable() });

/**
 * A consumer complains to the regulator, optionally about one of their disputes (checked to be
 * theirs: another's dispute is refused as unknown). The dispute's timeline gets a "complaint" step.
 */
export async function fileComplaint(
  db: Database,
  consumerUserId: string,
  input: z.output<typeof ZComplaintRequestSchema>,
  context: AuditContext,
): Promise<TComplaint> {
  return db.transaction(async (tx) => {
    let businessId: string | null = null;
    let subjectId: string | null = null;
    if (input.disputeId) {
      const dispute = (await hasDisputeTable(tx))
        ? (
            await queryParsedRows(
              tx,
              ZComplaintDisputeRow,
              sql`SELECT d.business_id, a.subject_id FROM disputes d LEFT JOIN credit_accounts a ON a.id = d.account_id
                  WHERE d.id = ${input.disputeId}::uuid AND d.consumer_user_id = ${consumerUserId}::uuid`,
            )
          )[0]
        : undefined;
      if (!dispute) throw badRequest([{ field: 'disputeId', message: 'This is not one of your disputes' }]);
      businessId = dispute.business_id;
      subjectId = dispute.subject_id;
    }
    const [row] = await queryParsedRows(
      tx,
      ZComplaintRow,
      sql`INSERT INTO consumer_complaints (reference, consumer_user_id, dispute_id, business_id, subject, description)
          VALUES (${newReference('CMP')}, ${consumerUserId}, ${input.disputeId ?? null}, ${businessId}, ${input.subject}, ${input.description})
          RETURNING id, reference, dispute_id, subject, description, status, outcome_summary, created_at, updated_at`,
    );
    if (input.disputeId) {
      await tx.execute(
        sql`INSERT INTO dispute_events (dispute_id, kind, actor_role, actor_user_id, note, details)
            VALUES (${input.disputeId}::uuid, 'complaint', 'consumer', ${consumerUserId}::uuid, NULL, ${JSON.stringify({ complaintReference: row.reference })}::jsonb)`,
      );
    }
    await recordAuditEvent(tx, {
      action: 'consumer.complaint_filed',
      ...context,
      businessId,
      subjectId,
      targetType: 'complaint',
      targetId: row.id,
      details: { reference: row.reference, ...(input.disputeId ? { disputeId: input.disputeId } : {}) },
    });
    return toComplaint(row);
  });
}

const COMPLAINT_COLUMNS = sql`c.id, c.reference, c.dispute_id, c.subject, c.description, c.status, c.outcome_summary, c.created_at, c.updated_at`;

export async function listOwnComplaints(db: Database, consumerUserId: string): Promise<TComplaint[]> {
  const rows = await queryParsedRows(
    db,
    ZComplaintRow,
    sql`SELECT ${COMPLAINT_COLUMNS} FROM consumer_complaints c WHERE c.consumer_user_id = ${consumerUserId}::uuid ORDER BY c.created_at DESC LIMIT 200`,
  );
  return rows.map(toComplaint);
}

export async function getOwnComplaint(db: Database, consumerUserId: string, id: string): Promise<TComplaint> {
  const [row] = await queryParsedRows(
    db,
    ZComplaintRow,
    sql`SELECT ${COMPLAINT_COLUMNS} FROM consumer_complaints c WHERE c.id = ${id}::uuid AND c.consumer_user_id = ${consumerUserId}::uuid`,
  );
  if (!row) throw notFound('Complaint not found');
  return toComplaint(row);
}

const ZRegulatorComplaintRow = ZComplaintRow.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  business_id: z.string().nullable(),
  business_name: z.string().nullable(),
  investigation_id: z.string().nullable(),
});
type RegulatorComplaintRow = z.output<typeof ZRegulatorComplaintRow>;
const REGULATOR_COMPLAINT_SELECT = sql`
  SELECT ${COMPLAINT_COLUMNS}, cp.first_name, cp.last_name, c.business_id, b.business_name,
    (SELECT i.id FROM investigations i WHERE i.complaint_id = c.id ORDER BY i.created_at DESC LIMIT 1) AS investigation_id
  FROM consumer_complaints c
  LEFT JOIN consumer_profiles cp ON cp.user_id = c.consumer_user_id
  LEFT JOIN business_profiles b ON b.user_id = c.business_id`;

function toRegulatorComplaint(r: RegulatorComplaintRow): TRegulatorComplaint {
  return {
    ...toComplaint(r),
    consumerName: [r.first_name, r.last_name].filter(Boolean).join(' ') || 'Consumer',
    businessId: r.business_id,
    businessName: r.business_name,
    investigationId: r.investigation_id,
  };
}

export async function listAllComplaints(db: Database, status?: TComplaint['status']): Promise<TRegulatorComplaint[]> {
  const rows = await queryParsedRows(
    db,
    ZRegulatorComplaintRow,
    sql`${REGULATOR_COMPLAINT_SELECT} WHERE (${status ?? null}::text IS NULL OR c.status::text = ${status ?? null}) ORDER BY (c.status = 'received') DESC, c.created_at DESC LIMIT 500`,
  );
  return rows.map(toRegulatorComplaint);
}

const ZInvestigationRow = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INVESTIGATION_STATUSES),
  outcome: z.enum(INVESTIGATION_OUTCOMES).nullable(),
  outcome_note: z.string().nullable(),
  complaint_id: z.string().nullable(),
  complaint_reference: z.string().nullable(),
  business_id: z.string().nullable(),
  business_name: z.string().nullable(),
  opened_by_name: z.string().nullable(),
  note_count: numberColumn,
  created_at: timestampColumn,
  updated_at: timestampColumn,
  closed_at: timestampColumn.nullable(),
});
type InvestigationRow = z.output<typeof ZInvestigationRow>;

const INVESTIGATION_SELECT = sql`
  SELECT i.id, i.reference, i.title, i.description, i.status, i.outcome, i.outcome_note, i.complaint_id, c.reference AS complaint_reference,
    i.business_id, b.business_name, s.full_name AS opened_by_name,
    (SELECT count(*)::int FROM investigation_notes n WHERE n.investigation_id = i.id) AS note_count,
    i.created_at, i.updated_at, i.closed_at
  FROM investigations i
  LEFT JOIN consumer_complaints c ON c.id = i.complaint_id
  LEFT JOIN business_profiles b ON b.user_id = i.business_id
  LEFT JOIN staff_profiles s ON s.user_id = i.opened_by`;

function toInvestigation(r: InvestigationRow): TInvestigation {
  return {
    id: r.id,
    reference: r.reference,
    title: r.title,
    description: r.description,
    status: r.status,
    outcome: r.outcome,
    outcomeNote: r.outcome_note,
    complaintId: r.complaint_id,
    complaintReference: r.complaint_reference,
    businessId: r.business_id,
    businessName: r.business_name,
    openedBy: r.opened_by_name,
    noteCount: r.note_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    closedAt: r.closed_at,
  };
}

export async function listInvestigations(db: Database): Promise<TInvestigation[]> {
  const rows = await queryParsedRows(
    db,
    ZInvestigationRow,
    sql`${INVESTIGATION_SELECT} ORDER BY (i.status <> 'closed') DESC, i.updated_at DESC LIMIT 500`,
  );
  return rows.map(toInvestigation);
}

const ZInvestigationNoteRow = z.object({ id: z.string(), body: z.string(), author: z.string().nullable(), created_at: timestampColumn });

export async function getInvestigation(db: Database, id: string): Promise<TInvestigationDetail> {
  const [row] = await queryParsedRows(db, ZInvestigationRow, sql`${INVESTIGATION_SELECT} WHERE i.id = ${id}::uuid`);
  if (!row) throw notFound('Investigation not found');
  const notes = await queryParsedRows(
    db,
    ZInvestigationNoteRow,
    sql`SELECT n.id, n.body, s.full_name AS author, n.created_at FROM investigation_notes n LEFT JOIN staff_profiles s ON s.user_id = n.author_id
        WHERE n.investigation_id = ${id}::uuid ORDER BY n.created_at, n.id`,
  );
  const [complaint] = row.complaint_id
    ? await queryParsedRows(db, ZRegulatorComplaintRow, sql`${REGULATOR_COMPLAINT_SELECT} WHERE c.id = ${row.complaint_id}::uuid`)
    : [];
  return {
    ...toInvestigation(row),
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.author, createdAt: n.created_at })),
    complaint: complaint ? toRegulatorComplaint(complaint) : null,
  };
}

const ZComplaintStatusRow = z.object({ business_id: z.string().nullable(), status: z.string() });
const ZBusinessIdRow = z.object({ user_id: z.string() });
const ZOpenedInvestigationRow = z.object({ id: z.string(), reference: z.string() });

/** Opens an investigation, from a complaint (which then shows "under investigation" to the consumer) or about a business. */
export async function openInvestigation(
  db: Database,
  input: z.output<typeof ZOpenInvestigationSchema>,
  context: AuditContext,
): Promise<TInvestigationDetail> {
  const id = await db.transaction(async (tx) => {
    let businessId = input.businessId ?? null;
    if (input.complaintId) {
      const [complaint] = await queryParsedRows(
        tx,
        ZComplaintStatusRow,
        sql`SELECT business_id, status::text FROM consumer_complaints WHERE id = ${input.complaintId}::uuid FOR UPDATE`,
      );
      if (!complaint) throw badRequest([{ field: 'complaintId', message: 'No such complaint' }]);
      if (complaint.status === 'closed') throw new HttpError(409, 'This complaint is closed.', { field: 'complaintId' });
      businessId ??= complaint.business_id;
      await tx.execute(
        sql`UPDATE consumer_complaints SET status = 'under_investigation', updated_at = now() WHERE id = ${input.complaintId}::uuid`,
      );
    }
    if (businessId) {
      const [business] = await queryParsedRows(
        tx,
        ZBusinessIdRow,
        sql`SELECT user_id FROM business_profiles WHERE user_id = ${businessId}::uuid`,
      );
      if (!business) throw badRequest([{ field: 'businessId', message: 'No such business' }]);
    }
    const [row] = await queryParsedRows(
      tx,
      ZOpenedInvestigationRow,
      sql`INSERT INTO investigations (reference, complaint_id, business_id, title, description, opened_by)
          VALUES (${newReference('INV')}, ${input.complaintId ?? null}, ${businessId}, ${input.title}, ${input.description ?? ''}, ${context.actorUserId ?? null})
          RETURNING id, reference`,
    );
    await recordAuditEvent(tx, {
      action: 'regulator.investigation_opened',
      ...context,
      businessId,
      targetType: 'investigation',
      targetId: row.id,
      details: { reference: row.reference, ...(input.complaintId ? { complaintId: input.complaintId } : {}) },
    });
    return row.id;
  });
  return getInvestigation(db, id);
}

const ZInvestigationStatusRow = z.object({ status: z.string(), business_id: z.string().nullable() });
const ZNoteIdRow = z.object({ id: z.string() });

export async function addInvestigationNote(db: Database, id: string, body: string, context: AuditContext): Promise<TInvestigationDetail> {
  await db.transaction(async (tx) => {
    const [inv] = await queryParsedRows(
      tx,
      ZInvestigationStatusRow,
      sql`SELECT status::text, business_id FROM investigations WHERE id = ${id}::uuid FOR UPDATE`,
    );
    if (!inv) throw notFound('Investigation not found');
    if (inv.status === 'closed') throw new HttpError(409, 'This investigation is closed; reopen it to add notes.');
    const [note] = await queryParsedRows(
      tx,
      ZNoteIdRow,
      sql`INSERT INTO investigation_notes (investigation_id, author_id, body) VALUES (${id}::uuid, ${context.actorUserId ?? null}, ${body}) RETURNING id`,
    );
    await tx.execute(sql`UPDATE investigations SET updated_at = now() WHERE id = ${id}::uuid`);
    await recordAuditEvent(tx, {
      action: 'regulator.investigation_note_added',
      ...context,
      businessId: inv.business_id,
      targetType: 'investigation',
      targetId: id,
      details: { noteId: note.id, length: body.length },
    });
  });
  return getInvestigation(db, id);
}

const ZInvestigationToUpdateRow = ZInvestigationStatusRow.extend({ complaint_id: z.string().nullable() });

/** Moves an investigation along; closing it records the outcome and closes its complaint with that outcome. */
export async function updateInvestigation(
  db: Database,
  id: string,
  input: z.output<typeof ZInvestigationUpdateSchema>,
  context: AuditContext,
): Promise<TInvestigationDetail> {
  await db.transaction(async (tx) => {
    const [inv] = await queryParsedRows(
      tx,
      ZInvestigationToUpdateRow,
      sql`SELECT status::text, complaint_id, business_id FROM investigations WHERE id = ${id}::uuid FOR UPDATE`,
    );
    if (!inv) throw notFound('Investigation not found');
    const isClosing = input.status === 'closed';
    await tx.execute(
      sql`UPDATE investigations SET status = ${input.status}::investigation_status,
            outcome = ${isClosing ? input.outcome! : null}::investigation_outcome, outcome_note = ${isClosing ? input.outcomeNote! : null},
            closed_at = ${isClosing ? sql`COALESCE(closed_at, now())` : sql`NULL`}, updated_at = now()
          WHERE id = ${id}::uuid`,
    );
    if (inv.complaint_id) {
      await tx.execute(
        isClosing
          ? sql`UPDATE consumer_complaints SET status = 'closed', outcome_summary = ${input.outcomeNote!}, updated_at = now() WHERE id = ${inv.complaint_id}::uuid`
          : sql`UPDATE consumer_complaints SET status = 'under_investigation', outcome_summary = NULL, updated_at = now() WHERE id = ${inv.complaint_id}::uuid`,
      );
    }
    await recordAuditEvent(tx, {
      action: isClosing ? 'regulator.investigation_closed' : 'regulator.investigation_updated',
      ...context,
      businessId: inv.business_id,
      targetType: 'investigation',
      targetId: id,
      details: { from: inv.status, to: input.status, ...(isClosing ? { outcome: input.outcome } : {}) },
    });
  });
  return getInvestigation(db, id);
}
