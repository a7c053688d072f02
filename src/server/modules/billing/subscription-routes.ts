import { ZSubscriptionSchema, ZSubscriptionUpdateSchema } from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { getSubscription, setAutoRenew } from './subscription';

export async function subscriptionRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

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
    async (request) => getSubscription(app.db, businessActorOf(request)),
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
    async (request) => setAutoRenew(app.db, businessActorOf(request), request.body.autoRenew),
  );
}
