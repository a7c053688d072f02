import {
  ZAdminOverviewSchema,
  ZIdParamsSchema,
  ZIncidentListSchema,
  ZIncidentQuerySchema,
  ZIncidentScanResultSchema,
  ZIncidentSchema,
  ZResolveIncidentSchema,
} from '@shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { readAdminOverview } from './admin-overview';
import { changeIncident, listIncidents, scanForIncidents } from './incidents';

export async function securityAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const tags = ['admin'];

  typed.get(
    '/api/admin/overview',
    {
      preHandler: admin,
      schema: { tags, summary: 'System Overview figures', response: { 200: ZAdminOverviewSchema, ...errorResponses(401, 403) } },
    },
    async () => readAdminOverview(app.db),
  );

  typed.get(
    '/api/admin/security/incidents',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Security incidents derived from the audit log',
        querystring: ZIncidentQuerySchema,
        response: { 200: ZIncidentListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listIncidents(app.db, request.query),
  );

  typed.post(
    '/api/admin/security/incidents/scan',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Scan the audit log for incidents now (it also runs every minute)',
        response: { 200: ZIncidentScanResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => scanForIncidents(app.db, auditContextOf(request)),
  );

  typed.post(
    '/api/admin/security/incidents/:id/acknowledge',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Acknowledge an incident',
        params: ZIdParamsSchema,
        response: { 200: ZIncidentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeIncident(app.db, request.params.id, 'acknowledge', undefined, auditContextOf(request)),
  );

  typed.post(
    '/api/admin/security/incidents/:id/resolve',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Resolve an incident, saying how',
        params: ZIdParamsSchema,
        body: ZResolveIncidentSchema,
        response: { 200: ZIncidentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeIncident(app.db, request.params.id, 'resolve', request.body.note, auditContextOf(request)),
  );
}
