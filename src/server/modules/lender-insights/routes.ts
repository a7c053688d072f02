import { ZAnalyticsQuerySchema, ZBusinessAnalyticsSchema, ZBusinessDashboardSchema } from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { getBusinessAnalytics } from './analytics';
import { getBusinessDashboard } from './dashboard';

export async function lenderInsightRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/dashboard',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['businesses'],
        summary:
          "The dashboard's figures in one call: usage and quota, reporting this month, open disputes, active clients, recent inquiries",
        response: { 200: ZBusinessDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getBusinessDashboard(app.db, businessIdOf(request)),
  );

  typed.get(
    '/api/businesses/me/analytics',
    {
      preHandler: business,
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['businesses'],
        summary: 'Inquiries per day, the portfolio by status, delinquency month by month and totals, from this business’s own records',
        querystring: ZAnalyticsQuerySchema,
        response: { 200: ZBusinessAnalyticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getBusinessAnalytics(app.db, businessIdOf(request), request.query.days),
  );
}
