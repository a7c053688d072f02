import {
  ZApiKeyCreatedSchema,
  ZApiKeyCreateSchema,
  ZApiKeyIdParamsSchema,
  ZApiKeyListSchema,
  ZApiKeySchema,
} from '@shared/schemas/business';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessActorOf } from '../../lib/business-actor';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/authorization';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

export async function apiKeyRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const business = requireRole('business');

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
    async (request) => listApiKeys(app.db, businessActorOf(request)),
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
    async (request, reply) => reply.status(201).send(await createApiKey(app.db, businessActorOf(request), request.body)),
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
    async (request) => revokeApiKey(app.db, businessActorOf(request), request.params.id),
  );
}
