import { RESET_CODE_TTL_MINUTES, type TPasswordResetConfirm, type TPasswordResetRequest } from '@shared/schemas/password-reset';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { passwordResetRequests, users } from '../../db/schema/index';
import { HttpError } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import type { SmsProvider } from '../notifications';
import { hashPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { canonicalIdentifier, findLoginCandidate } from './sign-in';

// Password reset by a six-digit code (decisions/034). Every identifier, an account's or not, gets
// the same answers: a row is written for each request, and limits and lockout read those rows.

const MINUTE = 60_000;
/** Requests for one identifier in RESET_CODE_TTL_MINUTES, then 429 (for any identifier). */
export const RESET_REQUESTS_PER_IDENTIFIER = 3;
/** Codes sent to one phone or one email in an hour; past that, nothing is sent (and the answer is the same). */
export const RESET_CODES_PER_ADDRESS_HOUR = 5;
/** Wrong codes for one identifier before its confirmation is locked for RESET_CODE_TTL_MINUTES. */
export const RESET_MAX_WRONG_CODES = 5;

export const RESET_REQUESTED_MESSAGE =
  'If an account matches what you entered, we have sent a 6-digit code to its phone and email. It works once, for 15 minutes.';
export const RESET_CODE_INVALID_MESSAGE = 'This code is wrong or has expired. Check it, or ask for a new code.';

export interface ResetDeps {
  sms: SmsProvider;
  mailer: { isConfigured: boolean; send(mail: { to: string; subject: string; text: string }): Promise<void> };
  secret: string;
  log: { warn(details: object, message: string): void };
}
type ResetAudit = Pick<AuditEventInput, 'ip' | 'requestId'>;

function identifierKeyOf(secret: string, input: TPasswordResetRequest): string {
  const id = canonicalIdentifier(input.role, input.identifier);
  const key = createHmac('sha256', secret).update('password-reset').digest();
  return createHmac('sha256', key).update(`${input.role}:${id.kind}:${id.value}`).digest('hex');
}

const codeHashOf = (secret: string, requestId: string, code: string) =>
  createHmac('sha256', secret).update(`password-reset-code:${requestId}:${code}`).digest('hex');

/** Takes turns per identifier: two requests cannot both pass a limit or both use one guess. */
const lockIdentifier = (tx: Database, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(7232108, hashtext(${key}))`);

const tooMany = (message: string, until: Date, now: Date) =>
  new HttpError(429, message, {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) },
  });

async function recentRows(tx: Database, key: string, now: Date) {
  return tx
    .select()
    .from(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.identifierKey, key),
        gt(passwordResetRequests.createdAt, new Date(now.getTime() - RESET_CODE_TTL_MINUTES * MINUTE)),
      ),
    )
    .orderBy(desc(passwordResetRequests.createdAt));
}

/** Until when confirmation is locked after too many wrong codes, or null. */
function lockedUntilOf(rows: { failedAttempts: number; createdAt: Date }[], now: Date): Date | null {
  const locked = rows.find((row) => row.failedAttempts >= RESET_MAX_WRONG_CODES);
  if (!locked) return null;
  const until = new Date(locked.createdAt.getTime() + RESET_CODE_TTL_MINUTES * MINUTE);
  return until > now ? until : null;
}

async function sentToAddressInLastHour(tx: Database, column: 'phone' | 'email', address: string, now: Date): Promise<number> {
  const target = column === 'phone' ? passwordResetRequests.sentToPhone : passwordResetRequests.sentToEmail;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetRequests)
    .where(and(eq(target, address), gt(passwordResetRequests.createdAt, new Date(now.getTime() - 60 * MINUTE))));
  return Number(row?.count ?? 0);
}

const codeText = (code: string) =>
  `CreditCheck SL: your password reset code is ${code}. It works once, for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message: your password stays the same.`;

/**
 * Sends a code to the account's phone and email when the identifier is an active account's, and
 * answers the same either way. The email leaves after the commit, without being waited for.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  db: Database,
  input: TPasswordResetRequest,
  audit: ResetAudit,
  now = new Date(),
) {
  const key = identifierKeyOf(deps.secret, input);
  const candidate = await findLoginCandidate(db, input.role, input.identifier);
  const [account] = candidate
    ? await db
        .select({ id: users.id, phone: users.phone, email: users.email, status: users.status })
        .from(users)
        .where(eq(users.id, candidate.id))
    : [];
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mail = await db.transaction(async (tx) => {
    await lockIdentifier(tx, key);
    const rows = await recentRows(tx, key, now);
    const lockedUntil = lockedUntilOf(rows, now);
    if (lockedUntil) throw tooMany('Too many wrong codes. Wait before asking for a new code.', lockedUntil, now);
    if (rows.length >= RESET_REQUESTS_PER_IDENTIFIER) {
      const oldest = rows[rows.length - 1]!;
      throw tooMany(
        'Too many codes asked for. Wait before asking again.',
        new Date(oldest.createdAt.getTime() + RESET_CODE_TTL_MINUTES * MINUTE),
        now,
      );
    }
    const isActive = account?.status === 'active';
    const phone =
      isActive && account.phone && (await sentToAddressInLastHour(tx, 'phone', account.phone, now)) < RESET_CODES_PER_ADDRESS_HOUR
        ? account.phone
        : null;
    const email =
      isActive &&
      account.email &&
      deps.mailer.isConfigured &&
      (await sentToAddressInLastHour(tx, 'email', account.email, now)) < RESET_CODES_PER_ADDRESS_HOUR
        ? account.email
        : null;
    // Earlier codes of this identifier stop working: only the newest one counts.
    await tx
      .update(passwordResetRequests)
      .set({ usedAt: now })
      .where(and(eq(passwordResetRequests.identifierKey, key), isNull(passwordResetRequests.usedAt)));
    const [row] = await tx
      .insert(passwordResetRequests)
      .values({
        identifierKey: key,
        userId: account?.id ?? null,
        sentToPhone: phone,
        sentToEmail: email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * MINUTE),
      })
      .returning({ id: passwordResetRequests.id });
    if (phone || email) {
      await tx
        .update(passwordResetRequests)
        .set({ codeHash: codeHashOf(deps.secret, row!.id, code) })
        .where(eq(passwordResetRequests.id, row!.id));
    }
    if (phone) await deps.sms.send(tx, { to: phone, body: codeText(code), purpose: 'password_reset', userId: account!.id, secret: code });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'auth.password_reset_requested',
      actorUserId: account?.id ?? null,
      actorRole: input.role,
      details: { matched: !!account, sentBy: [phone && 'sms', email && 'email'].filter(Boolean) },
    });
    // Now and then, forget requests older than a day.
    if (Math.random() < 0.02) await tx.execute(sql`DELETE FROM password_reset_requests WHERE created_at < now() - interval '1 day'`);
    return email;
  });
  if (mail) {
    deps.mailer
      .send({ to: mail, subject: 'Your CreditCheck SL password reset code', text: codeText(code) })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'password reset email not sent'));
  }
  return { message: RESET_REQUESTED_MESSAGE, expiresInMinutes: RESET_CODE_TTL_MINUTES };
}

function isCodeRight(secret: string, row: { id: string; codeHash: string | null }, code: string): boolean {
  if (!row.codeHash) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHashOf(secret, row.id, code), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const invalidCode = () =>
  new HttpError(400, RESET_CODE_INVALID_MESSAGE, {
    code: 'RESET_CODE_INVALID',
    errors: [{ field: 'code', message: RESET_CODE_INVALID_MESSAGE }],
  });

/**
 * Sets the new password when the code is the newest one of the identifier, unused, unexpired and
 * right; then ends every session of the user. A wrong code counts towards the lockout.
 */
export async function confirmPasswordReset(
  deps: Pick<ResetDeps, 'secret'>,
  db: Database,
  input: TPasswordResetConfirm,
  audit: ResetAudit,
  now = new Date(),
) {
  const key = identifierKeyOf(deps.secret, input);
  const userId = await db.transaction(async (tx) => {
    await lockIdentifier(tx, key);
    const rows = await recentRows(tx, key, now);
    const lockedUntil = lockedUntilOf(rows, now);
    if (lockedUntil) throw tooMany('Too many wrong codes. Wait, then ask for a new code.', lockedUntil, now);
    const newest = rows[0];
    const isUsable = newest && !newest.usedAt && newest.expiresAt > now && newest.userId;
    if (newest && isUsable && isCodeRight(deps.secret, newest, input.code)) {
      await tx.update(passwordResetRequests).set({ usedAt: now }).where(eq(passwordResetRequests.id, newest.id));
      return newest.userId!;
    }
    // Counted on the newest request, whichever it is: an identifier of no account locks the same way.
    if (newest) {
      await tx
        .update(passwordResetRequests)
        .set({ failedAttempts: sql`${passwordResetRequests.failedAttempts} + 1` })
        .where(eq(passwordResetRequests.id, newest.id));
    }
    await recordAuditEvent(tx, {
      ...audit,
      action: 'auth.password_reset_failed',
      actorRole: input.role,
      details: { reason: 'wrong_or_expired_code' },
    });
    return null;
  });
  if (!userId) throw invalidCode();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, failedLoginCount: 0, lockedUntil: null })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
    await recordAuditEvent(tx, {
      ...audit,
      action: 'auth.password_reset',
      actorUserId: userId,
      actorRole: input.role,
      targetType: 'user',
      targetId: userId,
    });
  });
  return {
    message: 'Your password has been changed and every session of your account has been signed out. Sign in with your new password.',
  };
}
