import { ZAdminPlanListSchema, ZAdminPlanSchema, ZAdminPlanUpdateSchema, ZPlanCodeParamsSchema } from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { listAdminPlans, updatePlan } from './plan-admin';

export async function planAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/plans',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Plans with prices, quotas and subscriber counts',
        response: { 200: ZAdminPlanListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ plans: await listAdminPlans(app.db) }),
  );

  typed.put(
    '/api/admin/plans/:code',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Change a plan (price, quota, features)',
        params: ZPlanCodeParamsSchema,
        body: ZAdminPlanUpdateSchema,
        response: { 200: ZAdminPlanSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updatePlan(app.db, request.params.code, request.body, auditContextOf(request)),
  );
}
