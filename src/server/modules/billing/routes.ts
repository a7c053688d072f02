import { ZPaymentRequestSchema, ZPaymentResultSchema, ZPlanListSchema } from '@shared/schemas/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, unauthorized } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import type { ModuleOptions } from '../../lib/server-module';
import { auditContextOf } from '../audit';
import { planCatalogue } from './plans';
import { hasRegistrationPaymentGrant, payingBusinessOf } from './registration-grant';
import { payForSubscription } from './service';

export async function paymentRoutes(app: FastifyInstance, options: ModuleOptions) {
  const provider = options.paymentProvider;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/plans',
    { schema: { tags: ['payments'], summary: 'The plan catalogue with SLL approximations', response: { 200: ZPlanListSchema } } },
    async () => planCatalogue(app.db, options.mobileMoney),
  );

  typed.post(
    '/api/payments',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, idempotency: payingBusinessOf },
      schema: {
        tags: ['payments'],
        summary: 'Pay a business subscription by card (amount and status from the client are ignored)',
        body: ZPaymentRequestSchema,
        response: { 201: ZPaymentResultSchema, ...errorResponses(400, 401, 402, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.body;
      const isOwnSession = request.auth?.role === 'business' && request.auth.userId === businessId;
      if (!isOwnSession && !hasRegistrationPaymentGrant(request, businessId)) {
        throw request.auth ? forbidden('You may only pay for your own business') : unauthorized();
      }
      const result = await payForSubscription(app.db, provider, request.body, auditContextOf(request));
      return reply.status(201).send(result);
    },
  );
}
