import {
  ZAdminBusinessDetailSchema,
  ZAdminBusinessListSchema,
  ZAdminBusinessQuerySchema,
  ZChangeBusinessPlanSchema,
  ZDocumentParamsSchema,
  ZIdParamsSchema,
  ZReinstateBusinessSchema,
  ZRejectBusinessSchema,
  ZSuspendBusinessSchema,
  ZVerifyBusinessSchema,
} from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { changeBusinessPlan, changeBusinessStatus, getBusinessDetail, listBusinesses } from './admin-review';
import { contentDisposition, readDocument } from './documents';

const ZBusinessActionResultSchema = z.object({ business: ZAdminBusinessDetailSchema, message: z.string() });

export async function businessReviewRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];
  const businessActions = [
    ['verify', ZVerifyBusinessSchema, 'Verify a business: it may then search, report and pull reports'],
    ['reject', ZRejectBusinessSchema, 'Reject a business registration, with the reason it is told'],
    ['suspend', ZSuspendBusinessSchema, 'Suspend a business: its sessions end, it cannot sign in or use the registry or its API keys'],
    ['reinstate', ZReinstateBusinessSchema, 'Reinstate a suspended business'],
  ] as const;

  typed.get(
    '/api/admin/businesses',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Businesses with their verification status (pending first)',
        querystring: ZAdminBusinessQuerySchema,
        response: { 200: ZAdminBusinessListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ businesses: await listBusinesses(app.db, request.query) }),
  );

  typed.get(
    '/api/admin/businesses/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'One business with its documents',
        params: ZIdParamsSchema,
        response: { 200: ZAdminBusinessDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBusinessDetail(app.db, request.params.id),
  );

  typed.get(
    '/api/admin/businesses/:id/documents/:documentId',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Download a business's document to review it",
        params: ZDocumentParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: fileResponse('The document as it was uploaded (PDF, PNG or JPEG)'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await readDocument(app.db, request.params.id, request.params.documentId);
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', contentDisposition(document.fileName))
        .header('cache-control', 'private, no-store')
        .send(document.data as never);
    },
  );

  for (const [action, schema, summary] of businessActions) {
    typed.post(
      `/api/admin/businesses/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary,
          params: ZIdParamsSchema,
          body: schema,
          response: { 200: ZBusinessActionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const body = request.body as { note?: string; reason?: string };
        return changeBusinessStatus(app.db, request.params.id, action, body.reason ?? body.note, auditContextOf(request));
      },
    );
  }

  typed.put(
    '/api/admin/businesses/:id/plan',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Move a business to a plan outside card payment (Enterprise by agreement, or paid by transfer): period end and contracted quota; audited',
        params: ZIdParamsSchema,
        body: ZChangeBusinessPlanSchema,
        response: { 200: ZBusinessActionResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeBusinessPlan(app.db, request.params.id, request.body, auditContextOf(request)),
  );
}
