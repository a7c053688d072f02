import { ZChangePasswordSchema, ZPasswordChangedSchema } from '@shared/schemas/consumer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { CONSUMER_WORDING, changeOwnPassword } from './password-change';

export async function consumerPasswordRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const consumer = requireRole('consumer');
  const codeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  typed.post(
    '/api/consumers/me/password',
    {
      preHandler: consumer,
      config: codeRateLimit,
      schema: {
        tags: ['consumers'],
        summary: "Change the password; ends the person's other sessions",
        body: ZChangePasswordSchema,
        response: { 200: ZPasswordChangedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      await changeOwnPassword(app.db, { userId, sessionId, audit: auditContextOf(request) }, request.body, CONSUMER_WORDING);
      return { message: 'Your password was changed. You were signed out everywhere else.', endedSessions: true };
    },
  );
}
