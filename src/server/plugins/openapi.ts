import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PATH_PREFIX } from '../modules/api-keys';
import { rolesOf } from './authorization';

/** The OpenAPI document, generated from the routes' zod schemas, at /api/docs (viewer) and /api/docs/json. */
async function openApiPlugin(app: FastifyInstance) {
  // Before swagger's own hook: each route's document says how to authenticate. A guarded route
  // takes the session cookie; the credit endpoints also an Enterprise API key (decisions/014).
  app.addHook('onRoute', (route) => {
    const roles = rolesOf(route);
    if (!roles || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const takesApiKey = route.url.startsWith(API_KEY_PATH_PREFIX) && roles.includes('business');
    route.schema = { ...route.schema, security: takesApiKey ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }] };
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CreditCheck SL API',
        description: 'The national credit bureau platform of Sierra Leone. Errors: {message, errors?: [{field, message}]}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ccsl_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openApiPlugin, { name: 'openapi' });
