import { maskIdentifier } from '@shared/identity';
import { ROLES, type TRole } from '@shared/roles';
import type { TAdminUser } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { deleteUserSessions } from './sessions';

const ZDateOrText = z.union([z.date(), z.string()]);

const ZUserRow = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  name: z.string().nullable(),
  username: z.string().nullable(),
  national_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  locked_until: ZDateOrText.nullable(),
  failed_login_count: z.coerce.number<number | string>(),
  last_login_at: ZDateOrText.nullable(),
  created_at: ZDateOrText,
});
type UserRow = z.infer<typeof ZUserRow>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toAdminUser(row: UserRow): TAdminUser {
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
  return {
    id: row.id,
    role: row.role,
    name: row.name ?? '(no profile)',
    // A consumer's NIN is shown masked, as everywhere else staff see it.
    identifier:
      row.role === 'consumer' ? (row.national_id ? maskIdentifier(row.national_id) : (row.phone ?? '')) : (row.username ?? row.email ?? ''),
    email: row.email,
    phone: row.phone,
    status: row.status,
    isLocked: lockedUntil !== null && lockedUntil.getTime() > Date.now(),
    lockedUntil: iso(row.locked_until),
    failedLoginCount: Number(row.failed_login_count),
    lastLoginAt: iso(row.last_login_at),
    createdAt: iso(row.created_at)!,
  };
}

const USER_SELECT = sql`
  SELECT u.id, u.role, u.username, u.email, u.phone, u.status, u.locked_until, u.failed_login_count, u.last_login_at, u.created_at,
    COALESCE(b.business_name, s.full_name, c.first_name || ' ' || c.last_name) AS name, c.national_id
  FROM users u
  LEFT JOIN business_profiles b ON b.user_id = u.id
  LEFT JOIN staff_profiles s ON s.user_id = u.id
  LEFT JOIN consumer_profiles c ON c.user_id = u.id`;

/**
 * Accounts of every role, newest first. The search matches name, username, email, phone, or a
 * consumer's full NIN typed exactly (never a part of one: that would let staff fish for numbers).
 */
export async function listUsers(
  db: Database,
  filter: { role?: TRole; status?: 'active' | 'disabled' | 'locked'; q?: string; limit: number },
): Promise<TAdminUser[]> {
  const q = filter.q?.trim();
  const pattern = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await queryParsedRows(
    db,
    ZUserRow,
    sql`${USER_SELECT}
      WHERE (${filter.role ?? null}::user_role IS NULL OR u.role = ${filter.role ?? null}::user_role)
        AND (${filter.status ?? null}::text IS NULL
          OR (${filter.status ?? null} = 'locked' AND u.locked_until > now())
          OR (${filter.status ?? null} IN ('active', 'disabled') AND u.status::text = ${filter.status ?? null}))
        AND (${pattern}::text IS NULL
          OR lower(COALESCE(b.business_name, s.full_name, c.first_name || ' ' || c.last_name, '')) LIKE ${pattern}
          OR u.username LIKE ${pattern} OR u.email LIKE ${pattern} OR u.phone LIKE ${pattern}
          OR c.national_id = upper(${q ?? null}))
      ORDER BY u.created_at DESC, u.id
      LIMIT ${filter.limit}`,
  );
  return rows.map(toAdminUser);
}

export async function getUser(db: Database, userId: string): Promise<TAdminUser> {
  const [row] = await queryParsedRows(db, ZUserRow, sql`${USER_SELECT} WHERE u.id = ${userId}`);
  if (!row) throw notFound('Account not found');
  return toAdminUser(row);
}

type UserAction = 'unlock' | 'disable' | 'enable';
const MESSAGES: Record<UserAction, string> = {
  unlock: 'Account unlocked: the failed sign-in count is back to zero.',
  disable: 'Account disabled: its sessions have ended and it can no longer sign in.',
  enable: 'Account enabled: it can sign in again.',
};

/** Unlocks, disables or enables an account, with its audit event, in one transaction. */
export async function changeUser(
  db: Database,
  userId: string,
  action: UserAction,
  context: AuditContext,
): Promise<{ user: TAdminUser; message: string }> {
  if (action === 'disable' && userId === context.actorUserId) throw new HttpError(409, 'You cannot disable your own account.');
  await db.transaction(async (tx) => {
    const [current] = await queryParsedRows(
      tx,
      z.object({ status: z.string(), locked_until: ZDateOrText.nullable(), role: z.enum(ROLES) }),
      sql`SELECT status, locked_until, role FROM users WHERE id = ${userId} FOR UPDATE`,
    );
    if (!current) throw notFound('Account not found');
    if (action === 'disable' && current.role === 'system_admin') {
      const [{ n }] = await queryParsedRows(
        tx,
        z.object({ n: z.coerce.number<number | string>() }),
        sql`SELECT count(*)::int AS n FROM users WHERE role = 'system_admin' AND status = 'active'`,
      );
      if (Number(n) <= 1) throw new HttpError(409, 'This is the last active administrator; it cannot be disabled.');
    }
    const update =
      action === 'unlock'
        ? sql`UPDATE users SET locked_until = NULL, failed_login_count = 0, updated_at = now() WHERE id = ${userId}`
        : sql`UPDATE users SET status = ${action === 'disable' ? 'disabled' : 'active'}::user_status, updated_at = now() WHERE id = ${userId}`;
    await tx.execute(update);
    // A disabled user's sessions stop at once; a business owner's standing is its team members':
    // theirs stop too (their sign-in is refused while the owner is disabled, decisions/022), and
    // its API keys are refused on their next request (api-keys/service.ts reads the owner's status).
    if (action === 'disable') {
      await deleteUserSessions(tx, userId);
      if (current.role === 'business') {
        await tx.execute(
          sql`DELETE FROM sessions WHERE user_id IN (SELECT user_id FROM business_members WHERE business_id = ${userId}::uuid)`,
        );
      }
    }
    await recordAuditEvent(tx, {
      action: `admin.user_${action === 'unlock' ? 'unlocked' : `${action}d`}`,
      ...context,
      ...(current.role === 'business' ? { businessId: userId } : {}),
      targetType: 'user',
      targetId: userId,
      details: {
        role: current.role,
        previousStatus: current.status,
        wasLocked: current.locked_until !== null && new Date(current.locked_until).getTime() > Date.now(),
      },
    });
  });
  return { user: await getUser(db, userId), message: MESSAGES[action] };
}
