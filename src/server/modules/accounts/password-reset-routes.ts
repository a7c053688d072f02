import { ZPasswordResetConfirmSchema, ZPasswordResetRequestedSchema, ZPasswordResetRequestSchema } from '@shared/schemas/password-reset';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer } from '../../lib/mailer';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { clientMeta } from './session-plugin';

/** Password reset for every role that signs in with a password (decisions/034). */
export async function passwordResetRoutes(app: FastifyInstance, options: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { sms: options.sms, mailer: createMailer(app.config), secret: app.config.sessionSecret, log: app.log };
  // Per client address, like sign-in; the limits per identifier and per phone or email are the service's.
  const perClient = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };
  const auditOf = (request: Parameters<typeof clientMeta>[0]) => {
    const meta = clientMeta(request);
    return { ip: meta.ip, requestId: meta.requestId };
  };

  typed.post(
    '/api/password-reset/request',
    {
      config: perClient,
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset code to the account’s phone and email; the same answer whether or not an account matches',
        body: ZPasswordResetRequestSchema,
        response: { 202: ZPasswordResetRequestedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const answer = await requestPasswordReset(deps, app.db, request.body, auditOf(request));
      return reply.status(202).send(answer);
    },
  );

  typed.post(
    '/api/password-reset/confirm',
    {
      config: perClient,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the code; every session of the account ends',
        body: ZPasswordResetConfirmSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => confirmPasswordReset(deps, app.db, request.body, auditOf(request)),
  );
}
