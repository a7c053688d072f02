import { ZIdParamsSchema } from '@shared/schemas/admin';
import {
  ZBusinessRateLimitInputSchema,
  ZBusinessRateLimitSchema,
  ZRateLimitDefaultsUpdateSchema,
  ZRateLimitOverviewSchema,
} from '@shared/schemas/rate-limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { clearBusinessRateLimitOverride, readRateLimitOverview, setBusinessRateLimitOverride, writeRateLimitDefaults } from './service';

/** Administrators read and change the limits on credit searches and reports (every change audited). */
export async function rateLimitRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/rate-limits',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Limits a minute on credit searches and reports: the defaults and the businesses with their own',
        response: { 200: ZRateLimitOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readRateLimitOverview(app.db),
  );

  typed.put(
    '/api/admin/rate-limits',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Change the default limits a minute per user, per API key and per business',
        body: ZRateLimitDefaultsUpdateSchema,
        response: { 200: ZRateLimitOverviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await writeRateLimitDefaults(app.db, request.body, auditContextOf(request));
      return readRateLimitOverview(app.db);
    },
  );

  typed.put(
    '/api/admin/businesses/:id/rate-limit',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          "Give a business its own limits a minute (the business's users and API keys keep the defaults unless perUserPerMinute is given)",
        params: ZIdParamsSchema,
        body: ZBusinessRateLimitInputSchema,
        response: { 200: ZBusinessRateLimitSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setBusinessRateLimitOverride(app.db, request.params.id, request.body, auditContextOf(request)),
  );

  typed.delete(
    '/api/admin/businesses/:id/rate-limit',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Put a business back on the default limits',
        params: ZIdParamsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await clearBusinessRateLimitOverride(app.db, request.params.id, auditContextOf(request))))
        throw notFound('This business has no limits of its own');
      return { message: 'The business is back on the default limits' };
    },
  );
}
