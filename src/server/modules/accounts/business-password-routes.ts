import { ZPasswordChangeSchema } from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { changeOwnPassword } from './password-change';

export async function businessPasswordRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

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
      await changeOwnPassword(app.db, businessActorOf(request), request.body);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );
}
