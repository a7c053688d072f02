import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEvents } from '../../db/schema/index';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { lastSealHead, readSealHeads, type SealHead } from './heads';
import { auditSealingOf } from './sealing';
import { verifyAuditLog } from './verify';
import { toCsv } from '@shared/csv';
import { ZAuditEventListSchema, ZAuditVerificationSchema, ZSealHeadSchema } from '@shared/schemas/oversight';

const ZSealHash = z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'head must be a seal hash: 64 hexadecimal characters' });

const ZSealHeadsQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  /** Heads after this sequence number (the last one already kept). */
  after: z.coerce.number({ error: 'after must be a whole number' }).int().min(0).default(0),
  limit: z.coerce.number({ error: 'limit must be a whole number' }).int().min(1).max(100_000).default(10_000),
});

const HEAD_CSV_COLUMNS = ['sequence', 'sealId', 'version', 'sealHash', 'eventCount', 'lastEventId', 'sealedAt'] as const;
const headsCsv = (heads: SealHead[]) => toCsv([HEAD_CSV_COLUMNS, ...heads.map((h) => HEAD_CSV_COLUMNS.map((c) => h[c]))], '\n');

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

/** The audit log for administrators and regulators: read and verify only; nothing here writes. */
export async function auditRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(['system_admin', 'regulator']);
  const sealing = auditSealingOf(app.config);

  typed.get(
    '/api/admin/audit/verify',
    {
      preHandler: staff,
      schema: {
        tags: ['audit'],
        summary:
          'Check the tamper-evident audit log: events, keyed seals, event times, the last seal head held outside the database, and a head you kept (`head`)',
        querystring: z.object({ head: ZSealHash.optional() }),
        response: { 200: ZAuditVerificationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => verifyAuditLog(app.db, { sealing, givenHead: request.query.head }),
  );

  typed.get(
    '/api/regulators/audit/seal-heads',
    {
      preHandler: staff,
      schema: {
        tags: ['audit'],
        summary: 'The seal heads written outside the database (AUDIT_HEAD_FILE), oldest first: keep them, and verify later with `head`',
        querystring: ZSealHeadsQuerySchema,
        response: {
          200: {
            description: 'format=json: the heads, the latest and whether they are kept; format=csv: the heads, one a row',
            content: {
              'application/json': {
                schema: z.object({ heads: z.array(ZSealHeadSchema), latest: ZSealHeadSchema.nullable(), isKept: z.boolean() }),
              },
              'text/csv': { schema: fileResponse('The seal heads, one a row') },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const heads = sealing.headFile ? await readSealHeads(sealing.headFile, { afterSequence: q.after, limit: q.limit }) : [];
      if (q.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="creditcheck-audit-seal-heads.csv"')
          .send(headsCsv(heads));
      }
      const latest = sealing.headFile ? await lastSealHead(sealing.headFile) : null;
      return { heads, latest, isKept: Boolean(sealing.headFile) };
    },
  );

  typed.get(
    '/api/admin/audit/events',
    {
      preHandler: staff,
      schema: {
        tags: ['audit'],
        summary: 'Search the audit log, newest first',
        querystring: ZEventQuerySchema,
        response: { 200: ZAuditEventListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await app.db
        .select()
        .from(auditEvents)
        .where(
          and(
            // By prefix: "credit.report" finds credit.report_viewed and the other credit.report_* events.
            q.action ? sql`${auditEvents.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
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
