import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TErrorCode } from '@shared/error-codes';
import { authenticateApiKey, type ApiKeyRefusal } from './service';

/** The paths an API key opens: the credit registry's endpoints (API contract). */
export const API_KEY_PATH_PREFIX = '/api/credit/';

const REFUSALS: Record<ApiKeyRefusal, { code: TErrorCode; message: string }> = {
  unknown: { code: 'INVALID_API_KEY', message: 'Invalid or revoked API key' },
  suspended: { code: 'BUSINESS_SUSPENDED', message: 'This business is suspended: its API keys do not work. Contact CreditCheck SL.' },
  no_api_access: {
    code: 'PLAN_WITHOUT_API_ACCESS',
    message: "This business's plan no longer includes API access: its API keys do not work.",
  },
};

/**
 * Enterprise API keys: `Authorization: Bearer <key>` on the credit endpoints authenticates as the
 * key's business, with the role guards, quotas, ownership checks and inquiry records of a signed-in
 * user (decisions/014). A key that is given and not valid is a 401, even with a session cookie: a
 * client that sends a key means to use it.
 */
async function apiKeysPlugin(app: FastifyInstance) {
  // Registered after the sessions plugin: its hook has run, so a key takes the place of a cookie.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_KEY_PATH_PREFIX)) return;
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s/i.test(header)) return;
    const key = header.replace(/^Bearer\s+/i, '').trim();
    const result = await authenticateApiKey(app.db, key, request.ip);
    if (typeof result === 'string') {
      request.auth = null;
      return reply.status(401).header('www-authenticate', 'Bearer').send(REFUSALS[result]);
    }
    request.auth = {
      userId: result.userId,
      role: 'business',
      sessionId: `api-key:${result.keyId}`,
      businessId: result.businessId,
      apiKeyId: result.keyId,
    };
    request.log = request.log.child({ userId: result.userId, role: 'business', apiKeyId: result.keyId });
    reply.log = request.log;
  });
}

export default fp(apiKeysPlugin, { name: 'api-keys', dependencies: ['sessions'] });
