import {
  IDENTITY_CODE_MAX_ATTEMPTS,
  IDENTITY_CODE_TTL_MINUTES,
  IDENTITY_CODES_PER_DAY,
  IDENTITY_LOCK_MINUTES,
  IDENTITY_RESEND_SECONDS,
  type TIdentityStatus,
} from '@shared/schemas/consumer';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { consumerIdentityCodes, consumerProfiles } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { languageOf, translatorFor } from '@shared/i18n';
import { sendAlertSms, type SmsProvider } from '../notifications';
import { hmac, maskPhone, phoneIdOf } from './identity-keys';
import { NO_TRUSTED_PHONE_MESSAGE, resolveOwnFile, type OwnFile } from './own-file';

// One-time codes that confirm a person's identity before their file is shown (decisions/015): sent
// only to a trusted phone on the file, checked with a limited number of guesses.

interface CodeRow {
  id: string;
  phone: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  failedAttempts: number;
  usedAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
}

async function recentCodes(db: Database, userId: string, now: Date): Promise<CodeRow[]> {
  return db
    .select({
      id: consumerIdentityCodes.id,
      phone: consumerIdentityCodes.phone,
      codeHash: consumerIdentityCodes.codeHash,
      createdAt: consumerIdentityCodes.createdAt,
      expiresAt: consumerIdentityCodes.expiresAt,
      failedAttempts: consumerIdentityCodes.failedAttempts,
      usedAt: consumerIdentityCodes.usedAt,
      voidedAt: consumerIdentityCodes.voidedAt,
      voidReason: consumerIdentityCodes.voidReason,
    })
    .from(consumerIdentityCodes)
    .where(and(eq(consumerIdentityCodes.userId, userId), gt(consumerIdentityCodes.createdAt, new Date(now.getTime() - 24 * 3600_000))))
    .orderBy(desc(consumerIdentityCodes.createdAt));
}

/** Until when the account waits after a code was voided by wrong guesses, or null. */
function lockedUntilOf(codes: CodeRow[], now: Date): Date | null {
  const voided = codes.find((c) => c.voidReason === 'too_many_attempts' && c.voidedAt);
  if (!voided?.voidedAt) return null;
  const until = new Date(voided.voidedAt.getTime() + IDENTITY_LOCK_MINUTES * 60_000);
  return until > now ? until : null;
}

const pendingOf = (codes: CodeRow[], now: Date) => codes.find((c) => !c.usedAt && !c.voidedAt && c.expiresAt > now) ?? null;

function sendLimits(codes: CodeRow[], now: Date) {
  const latest = codes[0];
  const nextAt = latest ? new Date(latest.createdAt.getTime() + IDENTITY_RESEND_SECONDS * 1000) : null;
  return { nextCodeAt: nextAt && nextAt > now ? nextAt : null, codesLeftToday: Math.max(0, IDENTITY_CODES_PER_DAY - codes.length) };
}

const tooMany = (message: string, until: Date, now: Date) =>
  new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) } });

export async function getIdentityStatus(db: Database, key: string, userId: string, now = new Date()): Promise<TIdentityStatus> {
  const file = await resolveOwnFile(db, userId);
  const empty = { phones: [], pendingCode: null, lockedUntil: null, nextCodeAt: null, codesLeftToday: 0 };
  if (file.state !== 'unverified') return { state: file.state, ...empty };
  const codes = await recentCodes(db, userId, now);
  const pending = pendingOf(codes, now);
  const lockedUntil = lockedUntilOf(codes, now);
  const limits = sendLimits(codes, now);
  return {
    state: file.state,
    phones: file.phones.map((phone) => ({ phoneId: phoneIdOf(key, userId, phone), masked: maskPhone(phone) })),
    pendingCode: pending
      ? {
          masked: maskPhone(pending.phone),
          expiresAt: pending.expiresAt.toISOString(),
          attemptsLeft: IDENTITY_CODE_MAX_ATTEMPTS - pending.failedAttempts,
        }
      : null,
    lockedUntil: lockedUntil?.toISOString() ?? null,
    nextCodeAt: limits.nextCodeAt?.toISOString() ?? null,
    codesLeftToday: limits.codesLeftToday,
  };
}

function assertUnverified(file: OwnFile) {
  if (file.state === 'verified') throw new HttpError(409, 'Your identity is already confirmed');
  if (file.state === 'no_file')
    throw notFound('We found no credit file for your National ID and date of birth, so there is nothing to confirm yet');
  if (file.state === 'no_phone') throw new HttpError(409, NO_TRUSTED_PHONE_MESSAGE);
}

/** The SMS to the file's other phones when a code is sent: the end of the number, never the code. */
export const identityCodeNotice = (sentTo: string) =>
  `CreditCheck SL: a code to open your CreditCheck SL credit file was sent to a phone ending ${sentTo.slice(-2)}. If this was not you, call CreditCheck SL or visit one of our offices with your National ID card.`;

const codeHashOf = (key: string, codeId: string, code: string) => hmac(key, `code:${codeId}:${code}`);

/** Takes turns per account, so two requests cannot both pass the limits or both use one guess. */
const lockAccount = (tx: Database, userId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(7232107, hashtext(${userId}))`);

export async function sendIdentityCode(
  db: Database,
  deps: { sms: SmsProvider; key: string },
  userId: string,
  phoneId: string,
  audit: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>,
  now = new Date(),
): Promise<{ masked: string; expiresAt: string; message: string }> {
  const file = await resolveOwnFile(db, userId);
  assertUnverified(file);
  const phone = file.phones.find((p) => phoneIdOf(deps.key, userId, p) === phoneId);
  if (!phone) throw badRequest([{ field: 'phoneId', message: 'Choose one of the phones listed' }]);

  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const codes = await recentCodes(tx, userId, now);
    const lockedUntil = lockedUntilOf(codes, now);
    if (lockedUntil)
      throw tooMany(`Too many wrong codes. You can ask for a new code after ${IDENTITY_LOCK_MINUTES} minutes.`, lockedUntil, now);
    const limits = sendLimits(codes, now);
    if (limits.nextCodeAt) throw tooMany(`Please wait a minute before asking for another code.`, limits.nextCodeAt, now);
    const [toPhone] = await queryParsedRows(
      tx,
      z.object({ count: z.coerce.number<number | string>() }),
      sql`SELECT count(*)::int AS count FROM consumer_identity_codes WHERE phone = ${phone} AND created_at > ${new Date(now.getTime() - 24 * 3600_000).toISOString()}::timestamptz`,
    );
    if (limits.codesLeftToday === 0 || Number(toPhone?.count ?? 0) >= IDENTITY_CODES_PER_DAY) {
      throw tooMany(`No more codes can be sent today. Try again tomorrow.`, new Date(now.getTime() + 24 * 3600_000), now);
    }
    // A new code replaces any code still waiting: only the latest one works.
    await tx
      .update(consumerIdentityCodes)
      .set({ voidedAt: now, voidReason: 'replaced' })
      .where(and(eq(consumerIdentityCodes.userId, userId), isNull(consumerIdentityCodes.usedAt), isNull(consumerIdentityCodes.voidedAt)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + IDENTITY_CODE_TTL_MINUTES * 60_000);
    // The id is part of the HMAC input: the same code in two rows gives two different hashes.
    const id = randomUUID();
    await tx
      .insert(consumerIdentityCodes)
      .values({ id, userId, phone, codeHash: codeHashOf(deps.key, id, code), createdAt: now, expiresAt });
    // The phone the account signs in with hears of it too when the code went to another phone, in
    // the person's language (an alert: not after STOP; decisions/046). Sent before the code, so the
    // code stays the last message written.
    const [account] = await queryParsedRows(
      tx,
      z.object({ phone: z.string().nullable(), language: z.string().nullable() }),
      sql`SELECT u.phone, cp.language FROM users u LEFT JOIN consumer_profiles cp ON cp.user_id = u.id WHERE u.id = ${userId}::uuid`,
    );
    if (account?.phone && account.phone !== phone && ![...file.phones, ...file.otherPhones].includes(account.phone)) {
      const body = translatorFor(languageOf(account.language))('sms:alert.codeToOtherPhone', { ending: phone.slice(-2) });
      await sendAlertSms(tx, deps.sms, { to: account.phone, purpose: 'identity_code_alert', userId, body });
    }
    await deps.sms.send(tx, {
      to: phone,
      purpose: 'identity_code',
      userId,
      secret: code,
      body: `CreditCheck SL: your code is ${code}. It expires in ${IDENTITY_CODE_TTL_MINUTES} minutes. Never share it; our staff will never ask for it. If you did not ask for it, someone may be using your National ID: call CreditCheck SL.`,
    });
    // Every other phone on the file is told, so a person whose file someone else tries to open
    // hears of it whichever of their phones they still hold (decisions/021).
    const others = [...file.phones, ...file.otherPhones].filter((p) => p !== phone);
    for (const other of others) {
      await deps.sms.send(tx, { to: other, purpose: 'identity_code_notice', userId, body: identityCodeNotice(phone) });
    }
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consumer.identity_code_sent',
      subjectId: file.subjectId,
      targetType: 'user',
      targetId: userId,
      details: { phone: maskPhone(phone), noticesSent: others.length },
    });
    return {
      masked: maskPhone(phone),
      expiresAt: expiresAt.toISOString(),
      message: `We sent a 6-digit code to ${maskPhone(phone)}. It expires in ${IDENTITY_CODE_TTL_MINUTES} minutes.`,
    };
  });
}

type ConfirmOutcome = { ok: true; subjectId: string } | { ok: false; error: HttpError };

/**
 * Checks a code. A wrong guess is counted in its own committed transaction (the error is raised
 * after the commit); the fifth voids the code and the account waits before a new one.
 */
export async function confirmIdentityCode(
  db: Database,
  key: string,
  userId: string,
  code: string,
  audit: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>,
  now = new Date(),
): Promise<{ subjectId: string }> {
  const file = await resolveOwnFile(db, userId);
  assertUnverified(file);
  const subjectId = file.subjectId!;
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    await lockAccount(tx, userId);
    const codes = await recentCodes(tx, userId, now);
    const lockedUntil = lockedUntilOf(codes, now);
    if (lockedUntil)
      return {
        ok: false,
        error: tooMany(`Too many wrong codes. You can ask for a new code after ${IDENTITY_LOCK_MINUTES} minutes.`, lockedUntil, now),
      };
    const latest = codes.find((c) => !c.usedAt && !c.voidedAt);
    if (!latest) return { ok: false, error: badRequest([{ field: 'code', message: 'No code is waiting. Ask for a new code.' }]) };
    if (latest.expiresAt <= now)
      return { ok: false, error: badRequest([{ field: 'code', message: 'This code has expired. Ask for a new code.' }]) };
    // Sent to a phone that is no longer trusted (an administrator undid a linking made with it).
    if (!file.phones.includes(latest.phone))
      return { ok: false, error: badRequest([{ field: 'code', message: 'This code can no longer be used. Ask for a new code.' }]) };
    const expected = Buffer.from(latest.codeHash, 'hex');
    const given = Buffer.from(codeHashOf(key, latest.id, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const attempts = latest.failedAttempts + 1;
      const isVoided = attempts >= IDENTITY_CODE_MAX_ATTEMPTS;
      await tx
        .update(consumerIdentityCodes)
        .set({ failedAttempts: attempts, ...(isVoided ? { voidedAt: now, voidReason: 'too_many_attempts' } : {}) })
        .where(eq(consumerIdentityCodes.id, latest.id));
      await recordAuditEvent(tx, {
        ...audit,
        action: isVoided ? 'consumer.identity_code_voided' : 'consumer.identity_code_wrong',
        subjectId,
        targetType: 'user',
        targetId: userId,
        details: { attempts },
      });
      if (isVoided) {
        const until = new Date(now.getTime() + IDENTITY_LOCK_MINUTES * 60_000);
        return {
          ok: false,
          error: tooMany(
            `Too many wrong codes. This code no longer works; you can ask for a new code after ${IDENTITY_LOCK_MINUTES} minutes.`,
            until,
            now,
          ),
        };
      }
      const left = IDENTITY_CODE_MAX_ATTEMPTS - attempts;
      return {
        ok: false,
        error: badRequest([{ field: 'code', message: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` }]),
      };
    }
    await tx.update(consumerIdentityCodes).set({ usedAt: now }).where(eq(consumerIdentityCodes.id, latest.id));
    await tx.update(consumerProfiles).set({ identityVerifiedAt: now }).where(eq(consumerProfiles.userId, userId));
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consumer.identity_verified',
      subjectId,
      targetType: 'user',
      targetId: userId,
      details: { phone: maskPhone(latest.phone) },
    });
    return { ok: true, subjectId };
  });
  if (!outcome.ok) throw outcome.error;
  return { subjectId: outcome.subjectId };
}
