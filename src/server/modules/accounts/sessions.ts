import type { TRole } from '@shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { businessMembers, sessions, users } from '../../db/schema/index';

export const SESSION_COOKIE = 'ccsl_session';
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// last_seen_at is written at most this often, so a busy session is not one UPDATE per request.
const TOUCH_EVERY_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session with a fresh 256-bit token; only its hash is stored. */
export async function createSession(db: Database, userId: string, meta: { ip?: string; userAgent?: string }) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt: new Date(now + SESSION_ABSOLUTE_MS) };
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  role: TRole;
  /** Role business: the business the user acts for (the owner's id; a team member's employer). */
  businessId: string | null;
}

const owners = alias(users, 'owner');

/** The live session behind a token: not expired, not idle, its user still active (a member's owner too). */
const activeSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ userId: sessions.userId, role: users.role, lastSeenAt: sessions.lastSeenAt, memberOf: businessMembers.businessId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A team member acts for the business that added them (decisions/014)...
    .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
    // ...and only while its owner is active: disabling the owner ends every member's access at
    // once, even a session that began while the owner was being disabled (decisions/022).
    .leftJoin(owners, eq(owners.id, businessMembers.businessId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`,
        eq(users.status, 'active'),
        sql`(${businessMembers.businessId} IS NULL OR ${owners.status} = 'active')`,
      ),
    )
    .limit(1)
    // Every signed-in API request runs it: planned once per connection.
    .prepare('auth-active-session'),
);

export async function findActiveSession(db: Database, token: string): Promise<ActiveSession | null> {
  const id = hashToken(token);
  const rows = await activeSessionQuery(db).execute({ id });
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  const businessId = row.role === 'business' ? (row.memberOf ?? row.userId) : null;
  return { sessionId: id, userId: row.userId, role: row.role, businessId };
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, suspension, disabling). */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`) : eq(sessions.userId, userId));
}
