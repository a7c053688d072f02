import { ROLES } from '@shared/roles';
import {
  ZBusinessUsageSchema,
  ZCreditReportRequestSchema,
  ZCreditReportSchema,
  ZCreditSearchResultSchema,
  ZCreditSearchSchema,
  ZPurposeListSchema,
} from '@shared/schemas/credit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { businessIdOf, requireRole } from '../../plugins/authorization';
import { inquiryHashKey, inquiryMetaOf, listPurposes } from '../credit-file';
import { getBusinessUsage } from './business-access';
import { pullCreditReport, serialisedReport } from './pull-report';
import { searchRegistry } from './search';

export async function reportRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const hashKey = inquiryHashKey(app.config.sessionSecret);

  typed.post(
    '/api/credit/search',
    {
      preHandler: [requireRole('business'), app.creditRateLimit],
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary: 'Find a person by NIN, phone, licence, passport, or first and last name with date of birth; recorded as an inquiry',
        body: ZCreditSearchSchema,
        response: { 200: ZCreditSearchResultSchema, ...errorResponses(400, 401, 402, 403, 429) },
      },
    },
    async (request) => {
      const result = await searchRegistry(app.db, inquiryMetaOf(request), request.body, hashKey);
      app.metrics.creditInquiries.inc({ kind: 'search', purpose: request.body.purpose });
      return result;
    },
  );

  typed.post(
    '/api/credit/reports',
    {
      preHandler: [requireRole('business'), app.creditRateLimit],
      config: { apiKeyScope: 'reports:read', idempotency: true },
      // The answer is the text of the report's stored copy, serialised once in pullCreditReport and
      // not checked against the schema again on the way out (decisions/053).
      serializerCompiler: () => serialisedReport,
      schema: {
        tags: ['credit'],
        summary: "Pull a person's credit report for a permissible purpose with their consent; counts against the monthly quota",
        body: ZCreditReportRequestSchema,
        response: { 200: ZCreditReportSchema, ...errorResponses(400, 401, 402, 403, 404, 429) },
      },
    },
    async (request) => {
      const report = await pullCreditReport(app.db, inquiryMetaOf(request), request.body);
      app.metrics.creditInquiries.inc({ kind: 'report', purpose: request.body.purpose });
      return report;
    },
  );

  typed.get(
    '/api/credit/purposes',
    {
      preHandler: requireRole([...ROLES]),
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['credit'],
        summary: 'The permissible purposes of a search or report',
        response: { 200: ZPurposeListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ purposes: await listPurposes(app.db) }),
  );

  typed.get(
    '/api/businesses/me/usage',
    {
      preHandler: requireRole('business'),
      config: { apiKeyScope: 'reports:read' },
      schema: {
        tags: ['businesses'],
        summary: 'Reports used and left this month, plan and subscription state',
        response: { 200: ZBusinessUsageSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getBusinessUsage(app.db, businessIdOf(request)),
  );
}
