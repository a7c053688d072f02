import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZStaffMeSchema } from '@shared/schemas/auth';
import type { Database } from '../../db/client';
import { staffProfiles, users } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { errorResponses } from '../../lib/route-schemas';
import { authOf, requireRole } from '../../plugins/authorization';

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

/** GET /api/admin/me and /api/regulators/me: invited staff. */
export async function staffRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, role] of [
    ['/api/admin/me', 'system_admin'],
    ['/api/regulators/me', 'regulator'],
  ] as const) {
    typed.get(
      path,
      {
        preHandler: requireRole(role, { wrongRoleStatus: 401 }),
        schema: { tags: [role === 'system_admin' ? 'admin' : 'regulators'], summary: `The signed-in ${role}`, response: { 200: ZStaffMeSchema, ...errorResponses(401) } },
      },
      async (request) => getStaffMe(app.db, authOf(request).userId),
    );
  }
}
