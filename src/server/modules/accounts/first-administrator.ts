import { ZStaffUsernameSchema } from '@shared/schemas/admin';
import { ZPasswordSchema } from '@shared/schemas/common';
import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { staffProfiles, users } from '../../db/schema/index';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { recordAuditEvent } from '../audit';
import { installCommonPasswordCheck } from './common-passwords';
import { hashPassword } from './passwords';

/**
 * `npm run admin:create`: an administrator made from the command line, the way a production install
 * gets its first one (without demo mode nobody can sign in, and invitations need an administrator).
 * The same rules as an invitation: a username of letters, digits, dots, dashes or underscores, a
 * valid email, a password of the product's rule (8+ characters, not a common one); refused if an
 * administrator already has the username or the email; audited in the same transaction.
 */
export const ZNewAdministratorSchema = z.object({
  username: ZStaffUsernameSchema,
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Valid email is required' }).max(200, { error: 'Valid email is required' })),
  fullName: z
    .string()
    .trim()
    .min(2, { error: 'Full name must be at least 2 characters' })
    .max(120, { error: 'Must be at most 120 characters' })
    .default('Administrator'),
  password: ZPasswordSchema,
});
export type TNewAdministrator = z.input<typeof ZNewAdministratorSchema>;

/** Why the administrator was not created, field by field (what the command prints). */
export class AdministratorRefused extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('\n'));
  }
}

/** Checks the input without touching the database (the command does this before opening it). */
export function checkNewAdministrator(input: TNewAdministrator): z.infer<typeof ZNewAdministratorSchema> {
  installCommonPasswordCheck();
  const parsed = ZNewAdministratorSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems = parsed.error.issues
      .map((issue) => ({ field: String(issue.path[0] ?? 'input'), message: issue.message }))
      .filter((p) => !seen.has(p.field) && seen.add(p.field));
    throw new AdministratorRefused(problems);
  }
  return parsed.data;
}

const USERNAME_TAKEN = 'An administrator with this username already exists';
const EMAIL_TAKEN = 'An administrator with this email already exists';

export async function createAdministrator(
  db: Database,
  input: TNewAdministrator,
): Promise<{ id: string; username: string; email: string }> {
  const admin = checkNewAdministrator(input);
  const passwordHash = await hashPassword(admin.password);
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(and(eq(users.role, 'system_admin'), or(eq(users.username, admin.username), eq(users.email, admin.email))));
      const problems = [
        ...(taken.some((t) => t.username === admin.username) ? [{ field: 'username', message: USERNAME_TAKEN }] : []),
        ...(taken.some((t) => t.email === admin.email) ? [{ field: 'email', message: EMAIL_TAKEN }] : []),
      ];
      if (problems.length > 0) throw new AdministratorRefused(problems);
      const [user] = await tx
        .insert(users)
        .values({ role: 'system_admin', username: admin.username, email: admin.email, passwordHash, passwordChangedAt: new Date() })
        .returning({ id: users.id });
      await tx
        .insert(staffProfiles)
        .values({ userId: user.id, fullName: admin.fullName, organisation: 'CreditCheck SL', position: 'System administrator' });
      // No actor: whoever ran the command on the server; the event says how it was made.
      await recordAuditEvent(tx, {
        action: 'admin.administrator_created',
        targetType: 'user',
        targetId: user.id,
        details: { role: 'system_admin', username: admin.username, via: 'npm run admin:create' },
      });
      return { id: user.id, username: admin.username, email: admin.email };
    });
  } catch (error) {
    // Two commands at once: the unique index decides.
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('username')) throw new AdministratorRefused([{ field: 'username', message: USERNAME_TAKEN }]);
    if (constraint?.includes('email')) throw new AdministratorRefused([{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  }
}
