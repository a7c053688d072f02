import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZAnalyticsQuerySchema,
  ZApiKeyCreateSchema,
  ZApiKeyCreatedSchema,
  ZApiKeyIdParamsSchema,
  ZApiKeyListSchema,
  ZApiKeySchema,
  ZBusinessAnalyticsSchema,
  ZBusinessDashboardSchema,
  ZBusinessProfileSchema,
  ZBusinessProfileUpdateSchema,
  ZClientAccountsQuerySchema,
  ZClientAccountsSchema,
  ZListQuerySchema,
  ZPasswordChangeSchema,
  ZPortfolioScoresSchema,
  ZReportCopyListSchema,
  ZReportIdParamsSchema,
  ZStoredReportSchema,
  ZSubmissionListSchema,
  ZSubscriptionSchema,
  ZSubscriptionUpdateSchema,
  ZTeamMemberCreateSchema,
  ZTeamMemberSchema,
  ZTeamSchema,
  ZUserIdParamsSchema,
} from '@shared/schemas/business';
import { businessProfiles, plans } from '../../db/schema/index';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { authOf, businessIdOf, requireRole } from '../../plugins/authorization';
import { createApiKey, listApiKeys, revokeApiKey } from '../api-keys/service';
import { auditContextOf, recordAuditEvent } from '../audit/record';
import { getBusinessAnalytics } from './analytics';
import { listClientAccounts } from './clients';
import { getBusinessDashboard } from './dashboard';
import { getPortfolioScores } from './portfolio-scores';
import { getReportCopy, listReportCopies } from './report-copies';
import { renderReportPdf } from './report-pdf';
import {
  addTeamMember,
  changePassword,
  getBusinessProfile,
  getSubscription,
  getTeam,
  removeTeamMember,
  setAutoRenew,
  updateBusinessProfile,
  type BusinessActor,
} from './settings';
import { listSubmissions, submissionTemplateCsv } from './submissions';

function actorOf(request: FastifyRequest): BusinessActor {
  const auth = authOf(request);
  return { businessId: businessIdOf(request), userId: auth.userId, sessionId: auth.sessionId, audit: auditContextOf(request) };
}

/** A file in the answer, described for the OpenAPI document. */
const ZFileSchema = (mediaType: string) =>
  z.any().meta({ type: 'string', format: 'binary', description: `The file itself (${mediaType})` });

/**
 * The business workspace (issue 6): dashboard, analytics, the lists behind Submit Reports and
 * Customer Search, stored reports and their PDF, settings, team members and API keys. Every route
 * is for role business and reads through the business id (decisions/014).
 */
export async function businessWorkspaceRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/dashboard',
    {
      preHandler: business,
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
      schema: {
        tags: ['businesses'],
        summary: 'Inquiries per day, the portfolio by status, delinquency month by month and totals, from this business’s own records',
        querystring: ZAnalyticsQuerySchema,
        response: { 200: ZBusinessAnalyticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getBusinessAnalytics(app.db, businessIdOf(request), request.query.days),
  );

  typed.get(
    '/api/businesses/me/analytics/scores',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'scoring'],
        summary:
          "The score distribution of this business's clients (people with an open account it reported), with the active scorecard; counts only",
        response: { 200: ZPortfolioScoresSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPortfolioScores(app.db, businessIdOf(request)),
  );

  typed.get(
    '/api/businesses/me/accounts',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'The accounts this business reported (its clients), newest report first; ?q= account number or name, ?status=, ?page=',
        querystring: ZClientAccountsQuerySchema,
        response: { 200: ZClientAccountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listClientAccounts(app.db, businessIdOf(request), request.query),
  );

  typed.get(
    '/api/credit/submissions',
    {
      preHandler: business,
      schema: {
        tags: ['credit'],
        summary: 'The monthly files this business sent, newest first',
        querystring: ZListQuerySchema,
        response: { 200: ZSubmissionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ submissions: await listSubmissions(app.db, businessIdOf(request), request.query.limit) }),
  );

  typed.get(
    '/api/credit/submissions/template.csv',
    {
      preHandler: business,
      schema: {
        tags: ['credit'],
        summary: 'The monthly-file CSV template: the header in the documented column order and two example rows',
        produces: ['text/csv'],
        response: { 200: ZFileSchema('text/csv'), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="creditcheck-monthly-file-template.csv"')
        .send(submissionTemplateCsv()),
  );

  typed.get(
    '/api/credit/reports',
    {
      preHandler: business,
      schema: {
        tags: ['credit'],
        summary: 'The reports this business pulled, newest first (open one again with GET /api/credit/reports/:id)',
        querystring: ZListQuerySchema,
        response: { 200: ZReportCopyListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ reports: await listReportCopies(app.db, businessIdOf(request), request.query.limit) }),
  );

  typed.get(
    '/api/credit/reports/:id',
    {
      preHandler: business,
      schema: {
        tags: ['credit'],
        summary: 'A report this business pulled, exactly as it was shown; no new inquiry, no quota (another business’s report is 404)',
        params: ZReportIdParamsSchema,
        response: { 200: ZStoredReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const businessId = businessIdOf(request);
      const report = await getReportCopy(app.db, businessId, request.params.id);
      await recordAuditEvent(app.db, {
        ...auditContextOf(request),
        action: 'credit.report_reopened',
        businessId,
        subjectId: report.subject.subjectId,
        targetType: 'credit_report',
        targetId: report.reportId,
        details: request.auth?.apiKeyId ? { apiKeyId: request.auth.apiKeyId } : {},
      });
      return report;
    },
  );

  typed.get(
    '/api/credit/reports/:id/pdf',
    {
      preHandler: business,
      schema: {
        tags: ['credit'],
        summary: 'A report this business pulled, as a PDF (white-labelled with the business name on Enterprise); no new inquiry, no quota',
        params: ZReportIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: ZFileSchema('application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const report = await getReportCopy(app.db, actor.businessId, request.params.id);
      const [brand] = await app.db
        .select({ businessName: businessProfiles.businessName, isWhiteLabel: plans.hasWhiteLabel })
        .from(businessProfiles)
        .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
        .where(eq(businessProfiles.userId, actor.businessId))
        .limit(1);
      const profile = await getBusinessProfile(app.db, actor);
      const pdf = await renderReportPdf(report, {
        businessName: brand?.businessName ?? profile.businessName,
        isWhiteLabel: brand?.isWhiteLabel ?? false,
        printedBy: request.auth?.apiKeyId ? 'API' : profile.user.fullName,
      });
      await recordAuditEvent(app.db, {
        ...actor.audit,
        action: 'credit.report_pdf_downloaded',
        businessId: actor.businessId,
        subjectId: report.subject.subjectId,
        targetType: 'credit_report',
        targetId: report.reportId,
        details: request.auth?.apiKeyId ? { apiKeyId: request.auth.apiKeyId } : {},
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-report-${report.reportId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  typed.get(
    '/api/businesses/me/profile',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'The business profile and the signed-in user (owner or team member)',
        response: { 200: ZBusinessProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getBusinessProfile(app.db, actorOf(request)),
  );

  typed.put(
    '/api/businesses/me/profile',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Change the contact details (owner only); name, registration and tax numbers change through an administrator',
        body: ZBusinessProfileUpdateSchema,
        response: { 200: ZBusinessProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateBusinessProfile(app.db, actorOf(request), request.body),
  );

  typed.post(
    '/api/businesses/me/password',
    {
      preHandler: business,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['businesses'],
        summary: "Change the signed-in user's password; every other session of that user ends",
        body: ZPasswordChangeSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await changePassword(app.db, actorOf(request), request.body);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );

  typed.get(
    '/api/businesses/me/subscription',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'payments'],
        summary: 'The plan, subscription state, auto-renewal and invoices',
        response: { 200: ZSubscriptionSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getSubscription(app.db, actorOf(request)),
  );

  typed.patch(
    '/api/businesses/me/subscription',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'payments'],
        summary: 'Turn monthly auto-renewal on or off (owner only); plans change by paying (POST /api/payments)',
        body: ZSubscriptionUpdateSchema,
        response: { 200: ZSubscriptionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setAutoRenew(app.db, actorOf(request), request.body.autoRenew),
  );

  typed.get(
    '/api/businesses/me/team',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Everyone who signs in for the business and the plan’s limit',
        response: { 200: ZTeamSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getTeam(app.db, actorOf(request)),
  );

  typed.post(
    '/api/businesses/me/team',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Add a team member with their own sign-in (owner only; plans.max_team_members, the owner included)',
        body: ZTeamMemberCreateSchema,
        response: { 201: ZTeamMemberSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await addTeamMember(app.db, actorOf(request), request.body)),
  );

  typed.delete(
    '/api/businesses/me/team/:id',
    {
      preHandler: business,
      schema: {
        tags: ['businesses'],
        summary: 'Remove a team member (owner only): their sign-in is disabled and their sessions end',
        params: ZUserIdParamsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeTeamMember(app.db, actorOf(request), request.params.id);
      return { message: 'Team member removed' };
    },
  );

  typed.get(
    '/api/businesses/me/api-keys',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'api-keys'],
        summary: "The business's API keys (never the keys themselves)",
        response: { 200: ZApiKeyListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listApiKeys(app.db, actorOf(request)),
  );

  typed.post(
    '/api/businesses/me/api-keys',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'api-keys'],
        summary: 'Create an API key (Enterprise, owner only); the key is in this answer only, stored hashed',
        body: ZApiKeyCreateSchema,
        response: { 201: ZApiKeyCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(app.db, actorOf(request), request.body.name)),
  );

  typed.delete(
    '/api/businesses/me/api-keys/:id',
    {
      preHandler: business,
      schema: {
        tags: ['businesses', 'api-keys'],
        summary: 'Revoke an API key (owner only); requests with it get 401 from now on',
        params: ZApiKeyIdParamsSchema,
        response: { 200: ZApiKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => revokeApiKey(app.db, actorOf(request), request.params.id),
  );
}
