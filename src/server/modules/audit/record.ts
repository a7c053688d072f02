import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import { hashEventContent, type AuditEventContent } from './content-hash';

export interface AuditEventInput {
  action: string;
  actorUserId?: string | null;
  actorRole?: string | null;
  businessId?: string | null;
  subjectId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** Never a password, a card number or a full identification number. */
  details?: Record<string, unknown>;
}

function toContent(input: AuditEventInput, occurredAt: Date): AuditEventContent {
  return {
    occurredAt,
    action: input.action,
    actorUserId: input.actorUserId ?? null,
    actorRole: input.actorRole ?? null,
    businessId: input.businessId ?? null,
    subjectId: input.subjectId ?? null,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    ip: input.ip ?? null,
    requestId: input.requestId ?? null,
    details: input.details ?? {},
  };
}

/**
 * Appends events to the audit log. Pass the transaction that makes the change being audited, so
 * the event and the change commit or fail together. A plain INSERT: no lock, no chain head.
 */
export async function recordAuditEvents(db: Database, inputs: AuditEventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  // Millisecond precision: the column keeps milliseconds, so the hash recomputes exactly.
  const occurredAt = new Date();
  await db.insert(auditEvents).values(inputs.map((input) => auditEventRow(input, occurredAt)));
}

/** The row of one event with its content hash, for a caller that writes it in a larger statement. */
export function auditEventRow(input: AuditEventInput, occurredAt = new Date()) {
  const content = toContent(input, occurredAt);
  return { ...content, contentHash: hashEventContent(content) } satisfies typeof auditEvents.$inferInsert;
}

export function recordAuditEvent(db: Database, input: AuditEventInput): Promise<void> {
  return recordAuditEvents(db, [input]);
}

/** Who, from where and which request: the part of an event every route knows. */
/** Who acts and from where: the part of an audit event a request gives. */
export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    actorUserId: request.auth?.userId ?? null,
    actorRole: request.auth?.role ?? null,
    ip: request.ip,
    requestId: String(request.id),
  };
}
