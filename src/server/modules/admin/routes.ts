import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitationSchema,
  ZAdminBusinessDetailSchema,
  ZAdminBusinessListSchema,
  ZAdminBusinessQuerySchema,
  ZAdminContentSchema,
  ZAdminOverviewSchema,
  ZAdminPlanListSchema,
  ZAdminPlanSchema,
  ZAdminPlanUpdateSchema,
  ZAdminSettingsSchema,
  ZAdminSettingsUpdateSchema,
  ZAdminUserListSchema,
  ZAdminUserQuerySchema,
  ZChangeBusinessPlanSchema,
  ZContentUpdateSchema,
  ZDocumentParamsSchema,
  ZHelpArticleFormSchema,
  ZHelpIdParamsSchema,
  ZIdParamsSchema,
  ZIncidentListSchema,
  ZIncidentQuerySchema,
  ZIncidentScanResultSchema,
  ZIncidentSchema,
  ZInvitationCreatedSchema,
  ZInvitationInfoSchema,
  ZInvitationListSchema,
  ZInvitationRequestSchema,
  ZInvitationSchema,
  ZInvitationTokenParamsSchema,
  ZKeepApartSchema,
  ZMatchReviewDetailSchema,
  ZMatchReviewListSchema,
  ZMatchReviewQuerySchema,
  ZMergeResultSchema,
  ZMergeReviewSchema,
  ZPlanCodeParamsSchema,
  ZRejectBusinessSchema,
  ZReinstateBusinessSchema,
  ZResolveIncidentSchema,
  ZSuspendBusinessSchema,
  ZUserActionResultSchema,
  ZVerifyBusinessSchema,
} from '@shared/schemas/admin';
import { ZHelpItemSchema, ZHelpListSchema } from '@shared/schemas/content';
import { createMailer } from '../../lib/mailer';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit/record';
import { contentDisposition, readDocument } from '../business-documents/service';
import { changeBusinessPlan, changeBusinessStatus, getBusinessDetail, listBusinesses } from './businesses';
import { consumerUnlinkRoutes } from './consumer-unlink';
import { changeIncident, listIncidents, scanForIncidents } from './incidents';
import { acceptInvitation, createInvitation, getInvitationInfo, listInvitations, revokeInvitation } from './invitations';
import { getMatchReview, keepApart, listMatchReviews, mergeReview } from './match-reviews';
import { readAdminOverview } from './overview';
import {
  createHelpArticle,
  listAdminContent,
  listAdminPlans,
  listAllHelp,
  readAdminSettings,
  setHelpPublished,
  updateAdminSettings,
  updateContent,
  updateHelpArticle,
  updatePlan,
} from './settings';
import { changeUser, listUsers } from './users';

const ZBusinessActionResultSchema = z.object({ business: ZAdminBusinessDetailSchema, message: z.string() });

/** Where links in emails point: PUBLIC_URL, else the address this request came to. */
function baseUrlOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Administration (decisions/013): every route here is for system administrators only, except the invitee's two. */
export async function adminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const mailer = createMailer(app.config);
  const tags = ['admin'];

  typed.get(
    '/api/admin/overview',
    {
      preHandler: admin,
      schema: { tags, summary: 'System Overview figures', response: { 200: ZAdminOverviewSchema, ...errorResponses(401, 403) } },
    },
    async () => readAdminOverview(app.db),
  );

  // ---------- businesses

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
        response: errorResponses(400, 401, 403, 404),
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

  const businessActions = [
    ['verify', ZVerifyBusinessSchema, 'Verify a business: it may then search, report and pull reports'],
    ['reject', ZRejectBusinessSchema, 'Reject a business registration, with the reason it is told'],
    ['suspend', ZSuspendBusinessSchema, 'Suspend a business: its sessions end, it cannot sign in or use the registry or its API keys'],
    ['reinstate', ZReinstateBusinessSchema, 'Reinstate a suspended business'],
  ] as const;
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

  // ---------- accounts

  typed.get(
    '/api/admin/users',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Accounts of every role (consumers, businesses, staff)',
        querystring: ZAdminUserQuerySchema,
        response: { 200: ZAdminUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ users: await listUsers(app.db, request.query) }),
  );
  for (const action of ['unlock', 'disable', 'enable'] as const) {
    typed.post(
      `/api/admin/users/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary:
            action === 'unlock'
              ? 'Unlock an account locked by failed sign-ins'
              : action === 'disable'
                ? 'Disable an account (its sessions end at once)'
                : 'Enable a disabled account',
          params: ZIdParamsSchema,
          response: { 200: ZUserActionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => changeUser(app.db, request.params.id, action, auditContextOf(request)),
    );
  }

  await consumerUnlinkRoutes(app);

  // ---------- invitations

  typed.get(
    '/api/admin/invitations',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Invitations of administrators and regulators',
        response: { 200: ZInvitationListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ invitations: await listInvitations(app.db) }),
  );
  typed.post(
    '/api/admin/invitations',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Invite an administrator or regulator: a one-time link valid 72 hours, emailed when SMTP_URL is set, else shown here',
        body: ZInvitationRequestSchema,
        response: { 201: ZInvitationCreatedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createInvitation(
        app.db,
        request.body,
        { mailer, baseUrl: baseUrlOf(app, request), isDemoMode: app.config.demoMode },
        auditContextOf(request),
      );
      return reply.status(201).send(created);
    },
  );
  typed.post(
    '/api/admin/invitations/:id/revoke',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: ZIdParamsSchema,
        response: { 200: ZInvitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => revokeInvitation(app.db, request.params.id, auditContextOf(request)),
  );

  // The invitee's side: no session; the token is the credential.
  const inviteeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  typed.get(
    '/api/invitations/:token',
    {
      config: inviteeLimit,
      schema: {
        tags,
        summary: 'What an invitation link is for (role, email, expiry)',
        params: ZInvitationTokenParamsSchema,
        response: { 200: ZInvitationInfoSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => getInvitationInfo(app.db, request.params.token),
  );
  typed.post(
    '/api/invitations/:token/accept',
    {
      config: inviteeLimit,
      schema: {
        tags,
        summary: 'Accept an invitation: set name, username and password; the link is then used up',
        params: ZInvitationTokenParamsSchema,
        body: ZAcceptInvitationSchema,
        response: {
          201: z.object({ id: z.string(), role: z.enum(['system_admin', 'regulator']), message: z.string() }),
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await acceptInvitation(app.db, request.params.token, request.body, { ip: request.ip, requestId: String(request.id) });
      return reply.status(201).send({ ...created, message: 'Your account is ready. Sign in with your username and password.' });
    },
  );

  // ---------- registry review queue

  typed.get(
    '/api/admin/match-reviews',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "The registry's review queue of uncertain matches",
        querystring: ZMatchReviewQuerySchema,
        response: { 200: ZMatchReviewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMatchReviews(app.db, request.query),
  );
  typed.get(
    '/api/admin/match-reviews/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'A review with both people side by side',
        params: ZIdParamsSchema,
        response: { 200: ZMatchReviewDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMatchReview(app.db, request.params.id),
  );
  typed.post(
    '/api/admin/match-reviews/:id/merge',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Merge the two people into one (one transaction)',
        params: ZIdParamsSchema,
        body: ZMergeReviewSchema,
        response: { 200: ZMergeResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => mergeReview(app.db, request.params.id, request.body, auditContextOf(request)),
  );
  typed.post(
    '/api/admin/match-reviews/:id/keep-apart',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Keep the two people apart',
        params: ZIdParamsSchema,
        body: ZKeepApartSchema,
        response: { 200: ZMatchReviewDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => keepApart(app.db, request.params.id, request.body.note, auditContextOf(request)),
  );

  // ---------- security incidents

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

  // ---------- settings, plans, content, help

  typed.get(
    '/api/admin/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Exchange rate, dispute deadline, retention and lockout settings',
        response: { 200: ZAdminSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readAdminSettings(app.db),
  );
  typed.put(
    '/api/admin/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Change settings (only the fields sent)',
        body: ZAdminSettingsUpdateSchema,
        response: { 200: ZAdminSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateAdminSettings(app.db, request.body, auditContextOf(request)),
  );
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
  typed.get(
    '/api/admin/content',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "The landing page's managed text, every key",
        response: { 200: ZAdminContentSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listAdminContent(app.db),
  );
  typed.put(
    '/api/admin/content',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Set one landing-page text (empty restores the default)',
        body: ZContentUpdateSchema,
        response: { 200: ZAdminContentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateContent(app.db, request.body, auditContextOf(request)),
  );
  typed.get(
    '/api/admin/help',
    {
      preHandler: admin,
      schema: { tags, summary: 'Every help article, drafts too', response: { 200: ZHelpListSchema, ...errorResponses(401, 403) } },
    },
    async () => listAllHelp(app.db),
  );
  typed.post(
    '/api/admin/help',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create a help article (as a draft)',
        body: ZHelpArticleFormSchema,
        response: { 201: ZHelpItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createHelpArticle(app.db, request.body, auditContextOf(request))),
  );
  typed.put(
    '/api/admin/help/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Edit a help article',
        params: ZHelpIdParamsSchema,
        body: ZHelpArticleFormSchema,
        response: { 200: ZHelpItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateHelpArticle(app.db, request.params.id, request.body, auditContextOf(request)),
  );
  for (const [action, isPublished] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    typed.post(
      `/api/admin/help/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: `${isPublished ? 'Publish' : 'Unpublish'} a help article`,
          params: ZHelpIdParamsSchema,
          response: { 200: ZHelpItemSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setHelpPublished(app.db, request.params.id, isPublished, auditContextOf(request)),
    );
  }
}
