import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rolesOf } from './authorization';
import { completeDocument, documentRouteFor } from './openapi-document';

/** The OpenAPI document, generated from the routes' zod schemas, at /api/docs (viewer) and /api/docs/json. */
async function openApiPlugin(app: FastifyInstance) {
  // Before swagger's own hook: each route's document says how to authenticate. A guarded route
  // takes the session cookie; a route that declares an API key scope also an Enterprise API key
  // with that scope (decisions/014, 032), e.g. [{session: []}, {apiKey: ['disputes:answer']}].
  app.addHook('onRoute', (route) => {
    const roles = rolesOf(route);
    if (!roles || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const scope = route.config?.apiKeyScope;
    route.schema = { ...route.schema, security: scope ? [{ session: [] }, { apiKey: [scope] }] : [{ session: [] }] };
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
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An Enterprise API key (ccsl_…). Each operation that takes one names the scope it needs (reports:read, data:report, disputes:answer, webhooks:manage); elsewhere a key is refused with 403 API_KEY_NOT_ALLOWED, and a key without the scope with 403 API_KEY_SCOPE_MISSING.',
          },
        },
      },
    },
    transform: documentRouteFor(app),
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openApiPlugin, { name: 'openapi' });
