import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEvents } from '../../db/schema/index';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { verifyAuditLog } from './verify';

const ZVerificationSchema = z.object({
  valid: z.boolean(),
  checked: z.number(),
  seals: z.number(),
  firstBadEventId: z.number().optional(),
  problem: z.string().optional(),
});

const ZEventQuerySchema = z.object({
  action: z.string().max(100).optional(),
  actorUserId: z.uuid({ error: 'actorUserId must be a UUID' }).optional(),
  businessId: z.uuid({ error: 'businessId must be a UUID' }).optional(),
  subjectId: z.uuid({ error: 'subjectId must be a UUID' }).optional(),
  from: z.iso.datetime({ error: 'from must be an ISO date-time', offset: true }).optional(),
  to: z.iso.datetime({ error: 'to must be an ISO date-time', offset: true }).optional(),
  /** Events with an id below this one (the previous page's last id). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const ZEventSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorRole: z.string().nullable(),
  businessId: z.string().nullable(),
  subjectId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  sealed: z.boolean(),
});

/** The audit log for administrators and regulators: read and verify only; nothing here writes. */
export async function auditRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(['system_admin', 'regulator']);

  typed.get(
    '/api/admin/audit/verify',
    {
      preHandler: staff,
      schema: { tags: ['audit'], summary: 'Check the tamper-evident audit log', response: { 200: ZVerificationSchema, ...errorResponses(401, 403) } },
    },
    async () => verifyAuditLog(app.db),
  );

  typed.get(
    '/api/admin/audit/events',
    {
      preHandler: staff,
      schema: {
        tags: ['audit'],
        summary: 'Search the audit log, newest first',
        querystring: ZEventQuerySchema,
        response: { 200: z.object({ events: z.array(ZEventSchema), nextBefore: z.number().nullable() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await app.db
        .select()
        .from(auditEvents)
        .where(
          and(
            q.action ? eq(auditEvents.action, q.action) : undefined,
            q.actorUserId ? eq(auditEvents.actorUserId, q.actorUserId) : undefined,
            q.businessId ? eq(auditEvents.businessId, q.businessId) : undefined,
            q.subjectId ? eq(auditEvents.subjectId, q.subjectId) : undefined,
            q.from ? gte(auditEvents.occurredAt, new Date(q.from)) : undefined,
            q.to ? lte(auditEvents.occurredAt, new Date(q.to)) : undefined,
            q.before ? lt(auditEvents.id, q.before) : undefined,
            sql`true`,
          ),
        )
        .orderBy(desc(auditEvents.id))
        .limit(q.limit);
      return {
        events: rows.map((r) => ({
          id: r.id,
          occurredAt: r.occurredAt.toISOString(),
          action: r.action,
          actorUserId: r.actorUserId,
          actorRole: r.actorRole,
          businessId: r.businessId,
          subjectId: r.subjectId,
          targetType: r.targetType,
          targetId: r.targetId,
          ip: r.ip,
          details: r.details ?? {},
          sealed: r.sealId !== null,
        })),
        nextBefore: rows.length === q.limit ? rows[rows.length - 1].id : null,
      };
    },
  );
}
