import { normalizeNationalId, toE164 } from '@shared/identity';
import type { TRole } from '@shared/roles';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessProfiles, consumerProfiles, users } from '../../db/schema/index';
import { HttpError } from '../../lib/http-error';
import { looksLikePhoneNumber } from '../../lib/identifiers';
import { recordAuditEvent } from '../audit';
import { readSetting } from '../settings';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { recordUnknownIdentifierFailure, unknownIdentifierKey, unknownIdentifierLockedUntil } from './unknown-identifiers';

/** One answer for an unknown user and a wrong password, so sign-in cannot be used to find accounts. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

interface LoginCandidate {
  id: string;
  passwordHash: string;
  status: 'active' | 'disabled';
  lockedUntil: Date | null;
}

const candidateColumns = {
  id: users.id,
  passwordHash: users.passwordHash,
  status: users.status,
  lockedUntil: users.lockedUntil,
};

/**
 * The identifier as it is looked up: a consumer's is a phone (E.164) when it reads as one
 * (consumers/identifiers.ts), else a NIN, never both, so a NIN that looks like someone's local
 * number cannot stand between that number's owner and their sign-in (decisions/021).
 */
export function canonicalIdentifier(role: TRole, identifier: string): { kind: 'phone' | 'nin' | 'name'; value: string } {
  const text = identifier.trim();
  if (role === 'consumer') {
    if (looksLikePhoneNumber(text)) return { kind: 'phone', value: toE164(text)! };
    return { kind: 'nin', value: normalizeNationalId(text) };
  }
  return { kind: 'name', value: text.toLowerCase() };
}

/** Businesses sign in with username or email, consumers with NIN or phone, staff with username or email. */
export async function findLoginCandidate(db: Database, role: TRole, identifier: string): Promise<LoginCandidate | null> {
  const id = canonicalIdentifier(role, identifier);
  if (id.kind === 'phone') {
    const byPhone = await db
      .select(candidateColumns)
      .from(users)
      .where(and(eq(users.role, 'consumer'), eq(users.phone, id.value)))
      .limit(1);
    return byPhone[0] ?? null;
  }
  if (id.kind === 'nin') {
    const byNin = await db
      .select(candidateColumns)
      .from(users)
      .innerJoin(consumerProfiles, eq(consumerProfiles.userId, users.id))
      .where(and(eq(users.role, 'consumer'), eq(consumerProfiles.nationalId, id.value)))
      .limit(1);
    return byNin[0] ?? null;
  }
  const lowered = id.value;
  const rows = await db
    .select(candidateColumns)
    .from(users)
    .where(and(eq(users.role, role), or(eq(users.username, lowered), eq(users.email, lowered))))
    .limit(1);
  return rows[0] ?? null;
}

async function recordFailedLogin(db: Database, userId: string): Promise<{ isNowLocked: boolean }> {
  const threshold = await readSetting(db, 'login_lockout_threshold');
  const minutes = await readSetting(db, 'login_lockout_minutes');
  // One statement, so concurrent failures cannot both read the old count.
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${threshold} THEN 0 ELSE ${users.failedLoginCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${threshold} THEN now() + make_interval(mins => ${minutes}) ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return { isNowLocked: row?.failedLoginCount === 0 && row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now() };
}

/** The answer while locked: the same for an account and for an identifier of no account. */
function lockedAnswer(lockedUntil: Date): HttpError {
  const minutesLeft = Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000);
  return new HttpError(
    429,
    `Too many failed sign-in attempts. This account is locked for ${minutesLeft} more minute${minutesLeft === 1 ? '' : 's'}.`,
    {
      headers: { 'retry-after': String(minutesLeft * 60) },
      code: 'ACCOUNT_LOCKED',
    },
  );
}

export interface LoginResult {
  userId: string;
  token: string;
}

export async function logIn(
  db: Database,
  role: TRole,
  identifier: string,
  password: string,
  meta: { ip?: string; userAgent?: string; requestId?: string; secret?: string },
): Promise<LoginResult> {
  const candidate = await findLoginCandidate(db, role, identifier);
  // The identifier itself is not logged: it may be a full National ID.
  const audit = (action: string, reason?: string, userId?: string) =>
    recordAuditEvent(db, {
      action,
      actorUserId: userId ?? null,
      actorRole: role,
      ip: meta.ip,
      requestId: meta.requestId,
      details: reason ? { reason } : {},
    });
  if (!candidate) {
    await verifyAgainstDummy(password);
    // Counted and locked like an account (same threshold, same answer), so a 429 tells nothing.
    const id = canonicalIdentifier(role, identifier);
    const key = unknownIdentifierKey(meta.secret ?? 'sign-in-failures', role, `${id.kind}:${id.value}`);
    const lockedUntil = await unknownIdentifierLockedUntil(db, key);
    if (lockedUntil) {
      await audit('auth.login_failed', 'unknown_user');
      throw lockedAnswer(lockedUntil);
    }
    await recordUnknownIdentifierFailure(
      db,
      key,
      await readSetting(db, 'login_lockout_threshold'),
      await readSetting(db, 'login_lockout_minutes'),
    );
    await audit('auth.login_failed', 'unknown_user');
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
  }
  const isLocked = candidate.lockedUntil !== null && candidate.lockedUntil.getTime() > Date.now();
  const isPasswordRight = await verifyPassword(candidate.passwordHash, password);
  if (isLocked) {
    await audit('auth.login_failed', 'locked', candidate.id);
    throw lockedAnswer(candidate.lockedUntil!);
  }
  if (!isPasswordRight) {
    const { isNowLocked } = await recordFailedLogin(db, candidate.id);
    await audit('auth.login_failed', 'wrong_password', candidate.id);
    if (isNowLocked) await audit('auth.account_locked', undefined, candidate.id);
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
  }
  if (candidate.status !== 'active') {
    await audit('auth.login_failed', 'disabled', candidate.id);
    throw new HttpError(403, 'This account has been disabled. Please contact support.', { code: 'ACCOUNT_DISABLED' });
  }
  if (role === 'business') await assertBusinessMaySignIn(db, candidate.id);

  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() }).where(eq(users.id, candidate.id));
  const session = await createSession(db, candidate.id, meta);
  await audit('auth.login', undefined, candidate.id);
  return { userId: candidate.id, token: session.token };
}

/** The answer to a member of a suspended business, or of a disabled owner, who signs in. */
export const BUSINESS_SUSPENDED_SIGN_IN = 'This business account is suspended. Please contact support.';

async function assertBusinessMaySignIn(db: Database, userId: string) {
  // A team member signs in for the business that added them (decisions/014): its standing decides,
  // and so does its owner's: a member of a disabled owner is refused as one of a suspended business
  // (decisions/022).
  const rows = await db
    .select({ status: businessProfiles.verificationStatus, ownerStatus: users.status })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(
      or(
        eq(businessProfiles.userId, userId),
        sql`${businessProfiles.userId} = (SELECT business_id FROM business_members WHERE user_id = ${userId}::uuid)`,
      ),
    )
    .limit(1);
  if (rows[0] && (rows[0].status === 'suspended' || rows[0].ownerStatus !== 'active'))
    throw new HttpError(403, BUSINESS_SUSPENDED_SIGN_IN, { code: 'BUSINESS_SUSPENDED' });
}
