import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, findActiveSession } from './sessions';

/**
 * Reads the signed session cookie and, for API requests, resolves it to request.auth.
 * Static files and the SPA shell skip the lookup.
 */
async function sessionsPlugin(app: FastifyInstance) {
  await app.register(cookie, { secret: app.config.sessionSecret, hook: 'onRequest' });
  app.decorateRequest('auth', null);

  // onRequest, after the cookie plugin's own hook: the guards run before body validation.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const session = await findActiveSession(app.db, unsigned.value);
    if (session) {
      request.auth = { userId: session.userId, role: session.role, sessionId: session.sessionId, businessId: session.businessId };
      // Every later line of this request, including Fastify's "request completed", names the user.
      request.log = request.log.child({ userId: session.userId, role: session.role });
      reply.log = request.log;
    }
  });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    signed: true,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.isProduction, signed: true });
}

export function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: String(request.id) };
}

export default fp(sessionsPlugin, { name: 'sessions' });
