import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TRole } from '@shared/roles';
import type { SessionAuth } from '../types';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';

interface RequireRoleOptions {
  /** The /me endpoints answer 401 to every other role (API contract); elsewhere a wrong role is 403. */
  wrongRoleStatus?: 401 | 403;
}

/** A preHandler that lets through only signed-in users of the given roles. */
export function requireRole(roles: TRole | TRole[], options: RequireRoleOptions = {}): preHandlerAsyncHookHandler {
  const allowed = Array.isArray(roles) ? roles : [roles];
  return async (request) => {
    if (!request.auth) throw unauthorized();
    if (!allowed.includes(request.auth.role)) {
      throw options.wrongRoleStatus === 401 ? unauthorized() : forbidden('Your role may not use this');
    }
  };
}

/** The signed-in user of a route guarded by requireRole. */
export function authOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw new HttpError(401, 'Not signed in');
  return request.auth;
}
