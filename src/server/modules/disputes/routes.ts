import {
  ZBusinessDisputeListSchema,
  ZBusinessDisputeQuerySchema,
  ZBusinessDisputeSchema,
  ZDisputeIdParamsSchema,
  ZDisputeListSchema,
  ZDisputeResponseSchema,
  ZDisputeSchema,
  ZFileDisputeSchema,
} from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, businessIdOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { registerDisputeMetrics } from './metrics';
import { getBusinessDispute, listBusinessDisputes, listConsumerDisputes } from './dispute-reads';
import { fileDispute } from './file-dispute';
import { respondToDispute } from './respond-to-dispute';

/** Disputes: the consumer files, the reporting business answers (docs/api.md, "Disputes"). */
export async function disputeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  registerDisputeMetrics(app);

  typed.get(
    '/api/consumers/me/disputes',
    {
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['disputes', 'consumers'],
        summary: "The signed-in consumer's disputes with their timelines",
        response: { 200: ZDisputeListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listConsumerDisputes(app.db, authOf(request).userId),
  );

  typed.post(
    '/api/consumers/me/disputes',
    {
      preHandler: requireRole('consumer'),
      schema: {
        tags: ['disputes', 'consumers'],
        summary: 'Dispute one account of your own file: {accountId, reason, statement (at most 100 words)}; flagged disputed at once',
        body: ZFileDisputeSchema,
        response: { 201: ZDisputeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fileDispute(app.db, authOf(request).userId, request.body, auditContextOf(request))),
  );

  typed.get(
    '/api/businesses/me/disputes',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'disputes:answer' },
      schema: {
        tags: ['disputes', 'businesses'],
        summary:
          'Disputes on accounts this business reported: days left, the statement, the timeline, newest filed first; ?status=open|resolved|all, ?limit= (1 to 500, default 50), ?cursor=',
        querystring: ZBusinessDisputeQuerySchema,
        response: { 200: ZBusinessDisputeListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBusinessDisputes(app.db, businessIdOf(request), request.query),
  );

  typed.get(
    '/api/businesses/me/disputes/:id',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'disputes:answer' },
      schema: {
        tags: ['disputes', 'businesses'],
        summary: 'One dispute of this business',
        params: ZDisputeIdParamsSchema,
        response: { 200: ZBusinessDisputeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBusinessDispute(app.db, businessIdOf(request), request.params.id),
  );

  typed.post(
    '/api/businesses/me/disputes/:id/response',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'disputes:answer', idempotency: true },
      schema: {
        tags: ['disputes', 'businesses'],
        summary: 'Answer a dispute: {outcome: corrected|verified, note, correction?}; a correction updates the account; the flag clears',
        params: ZDisputeIdParamsSchema,
        body: ZDisputeResponseSchema,
        response: { 200: ZBusinessDisputeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => respondToDispute(app.db, businessIdOf(request), request.params.id, request.body, auditContextOf(request)),
  );
}
