import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditContextOf, recordAuditEvent } from '../audit';

/**
 * Records a signed-in user's request that a role guard refused (403 on a route of another role) as
 * an `access.denied` audit event: the incident scan turns a burst of them into an incident.
 * Visitors' 401s are not recorded: every page load of a visitor makes some.
 */
async function recordDeniedAccess(app: FastifyInstance) {
  let rolesByRoute: Map<string, readonly string[] | null> | null = null;
  // onSend rather than onResponse: the event is written before the answer leaves, so whoever
  // reads the log after a refusal finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403 || !request.auth) return payload;
    rolesByRoute ??= new Map(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.roles]));
    const roles = rolesByRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!roles || roles.includes(request.auth.role)) return payload;
    try {
      await recordAuditEvent(app.db, {
        action: 'access.denied',
        ...auditContextOf(request),
        ...(request.auth.role === 'business' ? { businessId: request.auth.userId } : {}),
        targetType: 'route',
        targetId: `${request.method} ${request.routeOptions.url}`,
        details: { status: 403 },
      });
    } catch (error) {
      request.log.warn({ err: error }, 'could not record a refused request');
    }
    return payload;
  });
}

export default fp(recordDeniedAccess, { name: 'record-denied-access', dependencies: ['authorization', 'sessions'] });
