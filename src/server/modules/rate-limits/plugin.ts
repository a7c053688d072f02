import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import { authOf, businessIdOf } from '../../plugins/authorization';
import { creditRateLimitsFor, type CreditRateLimits } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of every route that searches the registry or pulls a report: counts the request
     * for its user (or API key) and its business, and refuses with 429 and Retry-After past the
     * limits a minute (modules/rate-limits/service.ts).
     */
    creditRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const WINDOW_MS = 60_000;

const WHO = {
  user: 'from your account',
  apiKey: 'with this API key',
  business: 'from your business (all its users and API keys together)',
} as const;

/**
 * The limit's state, under the IETF draft's names (RateLimit-Limit, -Remaining, -Reset: seconds to
 * the window's end) and the older x-ratelimit-* ones clients already read.
 */
function rateLimitHeaders(max: number, remaining: number, resetSeconds: number): Record<string, string> {
  const values = { limit: String(max), remaining: String(Math.max(0, remaining)), reset: String(Math.max(0, resetSeconds)) };
  return {
    'ratelimit-limit': values.limit,
    'ratelimit-remaining': values.remaining,
    'ratelimit-reset': values.reset,
    'x-ratelimit-limit': values.limit,
    'x-ratelimit-remaining': values.remaining,
    'x-ratelimit-reset': values.reset,
  };
}

function tooManyRequests(scope: keyof typeof WHO, max: number, ttlSeconds: number): HttpError {
  const seconds = Math.max(1, ttlSeconds);
  return new HttpError(
    429,
    `Too many credit searches and reports ${WHO[scope]}: the limit is ${max} a minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(seconds), ...rateLimitHeaders(max, 0, seconds) } },
  );
}

/**
 * Counters in the @fastify/rate-limit store registered in app.ts: Redis when REDIS_URL is set (so
 * every instance counts the same requests), in memory otherwise. Fixed one-minute windows. A
 * request is counted for its user or API key first; one refused there is not counted for the
 * business, so one noisy user does not use up the allowance of the others.
 */
async function creditRateLimitPlugin(app: FastifyInstance) {
  const limitsOf = new WeakMap<FastifyRequest, CreditRateLimits>();
  const isApiKey = (request: FastifyRequest) => Boolean(request.auth?.apiKeyId);

  const perActor = app.createRateLimit({
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => (isApiKey(request) ? `credit-api-key:${request.auth!.apiKeyId}` : `credit-user:${authOf(request).userId}`),
    max: (request) => (isApiKey(request) ? limitsOf.get(request)!.perApiKey : limitsOf.get(request)!.perUser),
  });
  const perBusiness = app.createRateLimit({
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `credit-business:${businessIdOf(request)}`,
    max: (request) => limitsOf.get(request)!.perBusiness,
  });

  app.decorate('creditRateLimit', async (request: FastifyRequest, reply: FastifyReply) => {
    limitsOf.set(request, await creditRateLimitsFor(app.db, businessIdOf(request)));
    const actor = await perActor(request);
    if (actor.isAllowed) return;
    if (actor.isExceeded) throw tooManyRequests(isApiKey(request) ? 'apiKey' : 'user', actor.max, actor.ttlInSeconds);
    const business = await perBusiness(request);
    if (business.isAllowed) return;
    if (business.isExceeded) throw tooManyRequests('business', business.max, business.ttlInSeconds);
    // What is left before the nearer of the two limits.
    const nearer = business.remaining < actor.remaining ? business : actor;
    reply.headers(rateLimitHeaders(nearer.max, nearer.remaining, nearer.ttlInSeconds));
  });
}

export default fp(creditRateLimitPlugin, { name: 'credit-rate-limit', dependencies: ['@fastify/rate-limit', 'api-keys'] });
