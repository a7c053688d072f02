import {
  ZAcceptInvitationSchema,
  ZAdminUserListSchema,
  ZAdminUserQuerySchema,
  ZIdParamsSchema,
  ZInvitationAcceptedSchema,
  ZInvitationCreatedSchema,
  ZInvitationInfoSchema,
  ZInvitationListSchema,
  ZInvitationRequestSchema,
  ZInvitationSchema,
  ZInvitationTokenParamsSchema,
  ZUserActionResultSchema,
} from '@shared/schemas/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer } from '../../lib/mailer';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { acceptInvitation, createInvitation, getInvitationInfo, listInvitations, revokeInvitation } from './invitations';
import { changeUser, listUsers } from './users';

function baseUrlOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export async function userAndInvitationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('system_admin');
  const mailer = createMailer(app.config);
  const tags = ['admin'];
  const inviteeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

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
          201: ZInvitationAcceptedSchema,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await acceptInvitation(app.db, request.params.token, request.body, { ip: request.ip, requestId: String(request.id) });
      return reply.status(201).send({ ...created, message: 'Your account is ready. Sign in with your username and password.' });
    },
  );
}
