import { ZMessageSchema } from '@shared/schemas/common';
import { ZWebhookCreatedSchema, ZWebhookCreateSchema, ZWebhookIdParamsSchema, ZWebhookListSchema } from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from './endpoints';

export async function webhookRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The owner and team members alike: they act for the business (decisions/014).
  const business = requireRole('business');

  typed.get(
    '/api/businesses/me/webhooks',
    {
      preHandler: business,
      config: { apiKeyScope: 'webhooks:manage' },
      schema: {
        tags: ['businesses', 'webhooks'],
        summary: "The business's webhook endpoints and their latest deliveries (never the secrets)",
        response: { 200: ZWebhookListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listWebhookEndpoints(app.db, businessActorOf(request).businessId),
  );

  typed.post(
    '/api/businesses/me/webhooks',
    {
      preHandler: business,
      config: { apiKeyScope: 'webhooks:manage' },
      schema: {
        tags: ['businesses', 'webhooks'],
        summary: 'Add a webhook endpoint; its signing secret is in this answer only',
        body: ZWebhookCreateSchema,
        response: { 201: ZWebhookCreatedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWebhookEndpoint(app.db, businessActorOf(request), request.body, { production: app.config.isProduction })),
  );

  typed.delete(
    '/api/businesses/me/webhooks/:id',
    {
      preHandler: business,
      config: { apiKeyScope: 'webhooks:manage' },
      schema: {
        tags: ['businesses', 'webhooks'],
        summary: 'Delete a webhook endpoint; its pending deliveries are not sent',
        params: ZWebhookIdParamsSchema,
        response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteWebhookEndpoint(app.db, businessActorOf(request), request.params.id),
  );
}
