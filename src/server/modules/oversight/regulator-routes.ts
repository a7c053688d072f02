import { ZIdParamsSchema, ZIncidentListSchema, ZIncidentQuerySchema } from '@shared/schemas/admin';
import {
  COMPLAINT_STATUSES,
  ZComplaintListSchema,
  ZComplaintRequestSchema,
  ZComplaintSchema,
  ZComplianceListSchema,
  ZComplianceDetailSchema,
  ZInvestigationDetailSchema,
  ZInvestigationListSchema,
  ZInvestigationNoteRequestSchema,
  ZInvestigationUpdateSchema,
  ZOpenInvestigationSchema,
  ZPeriodQuerySchema,
  ZRegulatorComplaintListSchema,
  ZRegulatorOverviewSchema,
  ZRegulatorPolicySchema,
} from '@shared/schemas/oversight';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { listOverdueDisputesOf, periodOf, readCompliance } from './compliance';
import { listIncidents } from './incidents';
import {
  addInvestigationNote,
  fileComplaint,
  getInvestigation,
  getOwnComplaint,
  listAllComplaints,
  listInvestigations,
  listOwnComplaints,
  openInvestigation,
  updateInvestigation,
} from './investigations';
import { readRegulatorPolicy } from './policy';
import { readRegulatorOverview } from './regulator-overview';

export async function regulatorRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const regulator = requireRole('regulator');
  const staff = requireRole(['regulator', 'system_admin']);
  const tags = ['regulators'];
  const consumer = requireRole('consumer');

  typed.get(
    '/api/regulators/overview',
    {
      preHandler: regulator,
      schema: { tags, summary: 'Regulatory Overview figures', response: { 200: ZRegulatorOverviewSchema, ...errorResponses(401, 403) } },
    },
    async () => readRegulatorOverview(app.db),
  );

  typed.get(
    '/api/regulators/policy',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary:
          "The bureau's rules in force (settings, rate limits, plans, contracted quotas) and the latest changes to them, from the audit log; read only",
        response: { 200: ZRegulatorPolicySchema, ...errorResponses(401, 403) },
      },
    },
    async () => readRegulatorPolicy(app.db),
  );

  typed.get(
    '/api/regulators/compliance',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Compliance per business over a period (default: the last 90 days): overdue disputes, rejected rows, searches without a report, purposes without an account, late monthly files, and the score',
        querystring: ZPeriodQuerySchema,
        response: { 200: ZComplianceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readCompliance(app.db, periodOf(request.query)),
  );

  typed.get(
    '/api/regulators/compliance/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Compliance of one business, with its overdue disputes',
        params: ZIdParamsSchema,
        querystring: ZPeriodQuerySchema,
        response: { 200: ZComplianceDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const period = periodOf(request.query);
      const list = await readCompliance(app.db, period, { businessId: request.params.id });
      const business = list.businesses[0];
      if (!business) throw notFound('Business not found (or never verified)');
      return { ...period, business, overdueDisputes: await listOverdueDisputesOf(app.db, request.params.id) };
    },
  );

  typed.get(
    '/api/regulators/incidents',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'Security incidents and how they were handled (read only)',
        querystring: ZIncidentQuerySchema,
        response: { 200: ZIncidentListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listIncidents(app.db, request.query),
  );

  typed.get(
    '/api/regulators/complaints',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: "Consumers' complaints",
        querystring: z.object({
          status: z.enum(COMPLAINT_STATUSES, { error: 'status must be received, under_investigation or closed' }).optional(),
        }),
        response: { 200: ZRegulatorComplaintListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ complaints: await listAllComplaints(app.db, request.query.status) }),
  );

  typed.get(
    '/api/regulators/investigations',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'Investigations, open ones first',
        response: { 200: ZInvestigationListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ investigations: await listInvestigations(app.db) }),
  );

  typed.post(
    '/api/regulators/investigations',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'Open an investigation (from a complaint, or about a business)',
        body: ZOpenInvestigationSchema,
        response: { 201: ZInvestigationDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await openInvestigation(app.db, request.body, auditContextOf(request))),
  );

  typed.get(
    '/api/regulators/investigations/:id',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'An investigation with its notes and complaint',
        params: ZIdParamsSchema,
        response: { 200: ZInvestigationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getInvestigation(app.db, request.params.id),
  );

  typed.post(
    '/api/regulators/investigations/:id/notes',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'Add a note to an investigation',
        params: ZIdParamsSchema,
        body: ZInvestigationNoteRequestSchema,
        response: { 200: ZInvestigationDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => addInvestigationNote(app.db, request.params.id, request.body.body, auditContextOf(request)),
  );

  typed.patch(
    '/api/regulators/investigations/:id',
    {
      preHandler: regulator,
      schema: {
        tags,
        summary: 'Change the status; closing needs an outcome and its summary',
        params: ZIdParamsSchema,
        body: ZInvestigationUpdateSchema,
        response: { 200: ZInvestigationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateInvestigation(app.db, request.params.id, request.body, auditContextOf(request)),
  );

  typed.get(
    '/api/consumers/me/complaints',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'Your complaints to the regulator',
        response: { 200: ZComplaintListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ complaints: await listOwnComplaints(app.db, authOf(request).userId) }),
  );

  typed.post(
    '/api/consumers/me/complaints',
    {
      preHandler: consumer,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['consumers'],
        summary: 'Complain to the regulator (Bank of Sierra Leone), optionally about one of your disputes',
        body: ZComplaintRequestSchema,
        response: { 201: ZComplaintSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fileComplaint(app.db, authOf(request).userId, request.body, auditContextOf(request))),
  );

  typed.get(
    '/api/consumers/me/complaints/:id',
    {
      preHandler: consumer,
      schema: {
        tags: ['consumers'],
        summary: 'One of your complaints (another person’s is 404)',
        params: ZIdParamsSchema,
        response: { 200: ZComplaintSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOwnComplaint(app.db, authOf(request).userId, request.params.id),
  );
}
