import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TApiKeyScope } from '@shared/api-key-scopes';
import type { TErrorCode } from '@shared/error-codes';
import { hasBody } from '../../plugins/authorization';
import { recordAuditEvent } from '../audit';
import { authenticateApiKey, type ApiKeyAuth, type ApiKeyRefusal } from './service';

/** The paths on which `Authorization: Bearer` is read as an API key: the whole API (/metrics has its own token). */
export const API_KEY_PATH_PREFIX = '/api/';

const REFUSALS: Record<ApiKeyRefusal, { code: TErrorCode; message: string }> = {
  unknown: { code: 'INVALID_API_KEY', message: 'Invalid or revoked API key' },
  suspended: { code: 'BUSINESS_SUSPENDED', message: 'This business is suspended: its API keys do not work. Contact CreditCheck SL.' },
  no_api_access: {
    code: 'PLAN_WITHOUT_API_ACCESS',
    message: "This business's plan no longer includes API access: its API keys do not work.",
  },
};

const NOT_ALLOWED_MESSAGE =
  'API keys cannot be used here: this is for the business’s staff only (team, API keys, password, billing, settings). Sign in as a staff member.';

/** Why a valid key may not call the matched route, or null when it may. */
function scopeRefusal(request: FastifyRequest, key: ApiKeyAuth) {
  const required: TApiKeyScope | undefined = request.routeOptions.config.apiKeyScope;
  if (!required) return { code: 'API_KEY_NOT_ALLOWED' as const, message: NOT_ALLOWED_MESSAGE };
  if (key.scopes.includes(required)) return null;
  return {
    code: 'API_KEY_SCOPE_MISSING' as const,
    message: `This API key does not have the scope ${required}. Create a key with it (Settings, API keys) and use that key here.`,
    requiredScope: required,
  };
}

/** A refusal before the body is read: close the connection, so an upload is not read to keep it alive (as requireRole). */
function refuse(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, body: { code: TErrorCode; message: string }) {
  request.auth = null;
  if (hasBody(request)) reply.header('connection', 'close');
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.status(status).send(body);
}

/**
 * A valid key refused by a route is an `access.denied` event of its creator, as a role guard's
 * refusal of a signed-in user is (oversight/record-denied-access.ts): the incident scan sees a
 * leaked key probing routes outside its scopes as a burst of them.
 */
async function recordRefusedKey(request: FastifyRequest, key: ApiKeyAuth, code: TErrorCode) {
  try {
    await recordAuditEvent(request.server.db, {
      action: 'access.denied',
      actorUserId: key.userId,
      actorRole: 'business',
      ip: request.ip,
      requestId: String(request.id),
      businessId: key.businessId,
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url}`,
      details: { status: 403, code, apiKeyId: key.keyId },
    });
  } catch (error) {
    request.log.warn({ err: error }, 'could not record a refused API key');
  }
}

/**
 * Enterprise API keys: `Authorization: Bearer <key>` on any /api path authenticates as the key's
 * business, with the role guards, quotas, ownership checks and inquiry records of a signed-in user
 * (decisions/014), on the routes that declare the scope the key has (`config.apiKeyScope`,
 * decisions/032). A key that is given and not valid is a 401, even with a session cookie: a client
 * that sends a key means to use it. A valid key on a route without a scope, or without the key's
 * scope, is a 403, never the cookie's session instead.
 */
async function apiKeysPlugin(app: FastifyInstance) {
  // Registered after the sessions plugin: its hook has run, so a key takes the place of a cookie.
  // A global onRequest hook runs before the route's own (its role guard), so a refused key is
  // answered before the body is read or validated.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_KEY_PATH_PREFIX)) return;
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s/i.test(header)) return;
    const key = header.replace(/^Bearer\s+/i, '').trim();
    const result = await authenticateApiKey(app.db, key, request.ip);
    if (typeof result === 'string') return refuse(request, reply, 401, REFUSALS[result]);
    // No route matched: the 404 answers, whoever asks.
    if (request.routeOptions.url !== undefined) {
      const refusal = scopeRefusal(request, result);
      if (refusal) {
        await recordRefusedKey(request, result, refusal.code);
        return refuse(request, reply, 403, refusal);
      }
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
