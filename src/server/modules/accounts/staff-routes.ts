import { ZStaffMeSchema } from '@shared/schemas/auth';
import { ZPasswordChangeSchema } from '@shared/schemas/business';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { staffProfiles, users } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { errorResponses, ZMessageSchema } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';
import { auditContextOf } from '../audit';
import { changeOwnPassword } from './password-change';

async function getStaffMe(db: Database, userId: string) {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      email: users.email,
      fullName: staffProfiles.fullName,
      organisation: staffProfiles.organisation,
    })
    .from(users)
    .innerJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row || (row.role !== 'system_admin' && row.role !== 'regulator')) throw notFound('Profile not found');
  return { ...row, role: row.role };
}

/** /api/admin/me and /api/regulators/me: invited staff, and their own password. */
export async function staffRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, role] of [
    ['/api/admin/me', 'system_admin'],
    ['/api/regulators/me', 'regulator'],
  ] as const) {
    const tags = [role === 'system_admin' ? 'admin' : 'regulators'];
    typed.get(
      path,
      {
        preHandler: requireRole(role, { wrongRoleStatus: 401 }),
        schema: { tags, summary: `The signed-in ${role}`, response: { 200: ZStaffMeSchema, ...errorResponses(401) } },
      },
      async (request) => getStaffMe(app.db, authOf(request).userId),
    );

    typed.post(
      `${path}/password`,
      {
        preHandler: requireRole(role),
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Change the signed-in user's password; every other session of that user ends",
          body: ZPasswordChangeSchema,
          response: { 200: ZMessageSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        await changeOwnPassword(app.db, { userId: auth.userId, sessionId: auth.sessionId, audit: auditContextOf(request) }, request.body);
        return { message: 'Password changed. Your other sessions have been signed out.' };
      },
    );
  }
}
