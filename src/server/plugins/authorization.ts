import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { TApiKeyScope } from '@shared/api-key-scopes';
import type { TRole } from '@shared/roles';
import type { SessionAuth } from '../types';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';

interface RequireRoleOptions {
  /** The /me endpoints answer 401 to every other role (API contract); elsewhere a wrong role is 403. */
  wrongRoleStatus?: 401 | 403;
}

const AUTH_GUARD = Symbol('auth-guard');
type AuthGuard = preHandlerAsyncHookHandler & { [AUTH_GUARD]: TRole[] };

/**
 * A guard that lets through only signed-in users of the given roles. Routes list it as a
 * preHandler; the authorization plugin moves it to the route's onRequest hooks, which run after the
 * session and API-key hooks and before Fastify reads the body: a caller without the right role
 * learns nothing about the route's shape (401/403, never 400), and a visitor cannot make the server
 * read or parse a large body (a 64 MB monthly file) before being refused.
 */
export function requireRole(roles: TRole | TRole[], options: RequireRoleOptions = {}): preHandlerAsyncHookHandler {
  const allowed = Array.isArray(roles) ? roles : [roles];
  const guard = (async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.auth && allowed.includes(request.auth.role)) return;
    // The body has not been read: close the connection after the answer, so a refused caller's
    // upload is not read (and thrown away) to keep the connection alive.
    if (hasBody(request)) reply.header('connection', 'close');
    if (!request.auth) throw unauthorized();
    throw options.wrongRoleStatus === 401 ? unauthorized() : forbidden('Your role may not use this');
  }) as unknown as AuthGuard;
  guard[AUTH_GUARD] = allowed;
  return guard;
}

/** The request says it carries a body (one not read yet when a guard refuses it). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

export function isAuthGuard(fn: unknown): fn is AuthGuard {
  return typeof fn === 'function' && AUTH_GUARD in fn;
}

/** The roles a route's guard admits, or null for a route without a guard. */
export function rolesOf(route: Pick<RouteOptions, 'onRequest'>): TRole[] | null {
  const hooks = [route.onRequest].flat().filter(Boolean);
  const guard = hooks.find(isAuthGuard);
  return guard ? guard[AUTH_GUARD] : null;
}

/** The signed-in user of a route guarded by requireRole. */
export function authOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw new HttpError(401, 'Not signed in');
  return request.auth;
}

/**
 * The business a business-role request acts for: the owner's user id, also for a team member or
 * an API key (decisions/014). Every business-scoped query takes this id, never the user id.
 */
export function businessIdOf(request: FastifyRequest): string {
  const auth = authOf(request);
  if (auth.role !== 'business') throw forbidden('Your role may not use this');
  return auth.businessId ?? auth.userId;
}

export interface RouteAccess {
  method: string;
  url: string;
  /** null: no role guard (public, or checked by the handler itself). */
  roles: TRole[] | null;
  /** The scope an API key needs here; null: the route refuses API keys (decisions/032). */
  apiKeyScope: TApiKeyScope | null;
  /** The route's declared schemas (zod), for tests that generate requests. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the roles its guard admits: what the access-matrix test checks. */
    routeTable: RouteAccess[];
  }
  interface FastifyContextConfig {
    /**
     * The scope an Enterprise API key needs to call this business route (src/shared/api-key-scopes.ts,
     * decisions/032). Without it the route refuses every key (403 API_KEY_NOT_ALLOWED): staff only.
     * Checked by the API-key plugin's onRequest hook, shown in the OpenAPI document.
     */
    apiKeyScope?: TApiKeyScope;
  }
}

async function authorizationPlugin(app: FastifyInstance) {
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler].flat().filter(Boolean);
    const guards = preHandlers.filter(isAuthGuard);
    if (guards.length > 0) {
      route.preHandler = preHandlers.filter((h) => !isAuthGuard(h)) as RouteOptions['preHandler'];
      route.onRequest = [
        ...[route.onRequest].flat().filter(Boolean),
        ...(guards as unknown as onRequestAsyncHookHandler[]),
      ] as RouteOptions['onRequest'];
    }
    const roles = rolesOf(route);
    const apiKeyScope = route.config?.apiKeyScope ?? null;
    // A key acts as its business: a scope on a route the business role cannot call would open nothing.
    if (apiKeyScope && !roles?.includes('business'))
      throw new Error(`${route.url}: apiKeyScope '${apiKeyScope}' on a route without the business role guard`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, roles, apiKeyScope, schema: route.schema as RouteAccess['schema'] });
    }
  });
}

export default fp(authorizationPlugin, { name: 'authorization' });
