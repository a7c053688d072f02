import { ROLE_API_SEGMENT, ROLES } from '@shared/roles';
import { ZLoginResultSchema, ZLoginSchema } from '@shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { clearSessionCookie, clientMeta, setSessionCookie } from './session-plugin';
import { auditContextOf, recordAuditEvent } from '../audit';
import { deleteSession } from './sessions';
import { logIn } from './sign-in';

/** POST /api/<role>/login and /logout for the four roles; each role's /me lives in its own module. */
export async function signInRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const role of ROLES) {
    const segment = ROLE_API_SEGMENT[role];
    typed.post(
      `/api/${segment}/login`,
      {
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: `Sign in as ${role}`,
          body: ZLoginSchema,
          response: { 200: ZLoginResultSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const result = await logIn(app.db, role, username, password, { ...clientMeta(request), secret: app.config.sessionSecret });
        // A session made before sign-in (another account on this browser) is ended: new id at login.
        if (request.auth) await deleteSession(app.db, request.auth.sessionId);
        setSessionCookie(app, reply, result.token);
        return { message: 'Login successful', id: result.userId, role };
      },
    );
    typed.post(
      `/api/${segment}/logout`,
      { schema: { tags: ['auth'], summary: `Sign out (${role})`, response: { 200: ZMessageSchema } } },
      async (request, reply) => {
        if (request.auth) {
          await deleteSession(app.db, request.auth.sessionId);
          await recordAuditEvent(app.db, { action: 'auth.logout', ...auditContextOf(request) });
        }
        clearSessionCookie(app, reply);
        return { message: 'Logged out successfully' };
      },
    );
  }
}
