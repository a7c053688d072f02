import {
  IDENTITY_CODE_MAX_ATTEMPTS,
  IDENTITY_CODE_TTL_MINUTES,
  IDENTITY_CODES_PER_DAY,
  IDENTITY_LOCK_MINUTES,
  IDENTITY_RESEND_SECONDS,
  type TIdentityState,
  type TIdentityStatus,
} from '@shared/schemas/consumer';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { consumerIdentityCodes, consumerProfiles } from '../../db/schema/index';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { type SmsProvider } from '../notifications';

// Identity before data (issue 7). A consumer account is only a claim: anyone may type a stranger's
// NIN at registration. The registry file is linked by NIN and date of birth and shown only after
// the person confirms a code sent to a phone a lender reported on that file, never to the phone
// typed at registration (unless a lender reported it too). See docs/decisions/015.

export interface ConsumerProfile {
  userId: string;
  nationalId: string;
  dateOfBirth: string;
  firstName: string;
  lastName: string;
  identityVerifiedAt: Date | null;
}

export interface OwnFile {
  state: TIdentityState;
  /** The registry subject: set when verified; when unverified, the file the code would unlock. */
  subjectId: string | null;
  profile: ConsumerProfile;
  /** The file's trusted phones (E.164), newest first: the only ones a code may go to. Only read while not verified. */
  phones: string[];
  /** The file's other phones (not trusted): told by SMS when a code is sent. Only read while not verified. */
  otherPhones: string[];
}

/**
 * A phone on the file is trusted for identity codes (decisions/021) when at least
 * PHONE_TRUST_MIN_BUSINESSES different businesses reported it for this person, or when it has been
 * on the file for PHONE_TRUST_DAYS days, and never when an administrator undid a linking confirmed
 * with it for this NIN. A phone one lender put on the file recently is not trusted: otherwise that
 * lender could report a throwaway account with its own phone on a stranger's NIN and take over the
 * stranger's file.
 */
export const PHONE_TRUST_DAYS = 30;
export const PHONE_TRUST_MIN_BUSINESSES = 2;

export const NO_TRUSTED_PHONE_MESSAGE = `We cannot send you a code: no phone number on your credit file can be trusted for it yet (a code goes only to a phone reported by two lenders, or on your file for at least ${PHONE_TRUST_DAYS} days). Visit a CreditCheck SL office with your National ID card, or contact the bureau.`;

/** The key of code and phone-choice HMACs, derived from the server secret so it is never stored. */
export function identityHmacKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('consumer-identity-codes').digest('hex');
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** An opaque handle for one of the file's phones: the client never sees the number itself. */
export const phoneIdOf = (key: string, userId: string, phone: string) => hmac(key, `phone:${userId}:${phone}`).slice(0, 20);

/** "+232 ** *** *01": enough for the person to recognise their phone, too little to learn it. */
export function maskPhone(e164: string): string {
  const national = e164.startsWith('+232') ? e164.slice(4) : e164.replace(/^\+/, '');
  return `+232 ** *** *${national.slice(-2)}`;
}

export async function loadConsumerProfile(db: Database, userId: string): Promise<ConsumerProfile> {
  const [profile] = await db
    .select({
      userId: consumerProfiles.userId,
      nationalId: consumerProfiles.nationalId,
      dateOfBirth: consumerProfiles.dateOfBirth,
      firstName: consumerProfiles.firstName,
      lastName: consumerProfiles.lastName,
      identityVerifiedAt: consumerProfiles.identityVerifiedAt,
    })
    .from(consumerProfiles)
    .where(eq(consumerProfiles.userId, userId))
    .limit(1);
  if (!profile) throw notFound('Consumer profile not found');
  return profile;
}

/**
 * The registry file of a signed-in consumer and whether it may be shown. Verified: the file holding
 * their NIN (as scoring's findConsumerSubjectId reads it). Not yet: the file holding their NIN with
 * their date of birth among those lenders reported; a NIN with another birth date is treated as no
 * file, so an impostor learns nothing, and a genuine person whose lender typed the date wrong is
 * told to contact the bureau.
 */
export async function resolveOwnFile(db: Database, userId: string): Promise<OwnFile> {
  const profile = await loadConsumerProfile(db, userId);
  if (profile.identityVerifiedAt) {
    const [row] = await queryRows<{ subject_id: string }>(
      db,
      sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${profile.nationalId} LIMIT 1`,
    );
    return { state: row ? 'verified' : 'no_file', subjectId: row?.subject_id ?? null, profile, phones: [], otherPhones: [] };
  }
  const [match] = await queryRows<{ subject_id: string }>(
    db,
    sql`SELECT i.subject_id FROM credit_subject_identifiers i
        JOIN credit_subjects s ON s.id = i.subject_id
        WHERE i.type = 'nin' AND i.value = ${profile.nationalId}
          AND (s.date_of_birth = ${profile.dateOfBirth}::date
               OR EXISTS (SELECT 1 FROM credit_subject_names n WHERE n.subject_id = s.id AND n.date_of_birth = ${profile.dateOfBirth}::date))
        LIMIT 1`,
  );
  if (!match) return { state: 'no_file', subjectId: null, profile, phones: [], otherPhones: [] };
  const phones = await filePhones(db, match.subject_id, profile.nationalId);
  const trusted = phones.filter((p) => p.trusted).map((p) => p.phone);
  const other = phones.filter((p) => !p.trusted).map((p) => p.phone);
  return { state: trusted.length ? 'unverified' : 'no_phone', subjectId: match.subject_id, profile, phones: trusted, otherPhones: other };
}

/** The file's phones, newest first, each with whether it is trusted for codes (PHONE_TRUST_DAYS). */
export async function filePhones(
  db: Database,
  subjectId: string,
  nationalId: string,
): Promise<{ phone: string; trusted: boolean; reporters: number }[]> {
  const rows = await queryRows<{ phone: string; reporters: number; is_old: boolean; is_distrusted: boolean }>(
    db,
    sql`SELECT p.phone,
          (SELECT count(DISTINCT a.business_id)::int FROM credit_accounts a
             JOIN credit_account_phones ap ON ap.account_id = a.id AND ap.phone = p.phone
            WHERE a.subject_id = p.subject_id) AS reporters,
          p.first_reported_at <= now() - make_interval(days => ${PHONE_TRUST_DAYS}) AS is_old,
          EXISTS (SELECT 1 FROM consumer_identity_unlinks u WHERE u.national_id = ${nationalId} AND u.phone = p.phone) AS is_distrusted
        FROM credit_subject_phones p WHERE p.subject_id = ${subjectId}::uuid
        ORDER BY p.last_reported_at DESC, p.phone`,
  );
  return rows.map((r) => ({
    phone: r.phone,
    reporters: Number(r.reporters),
    trusted: !r.is_distrusted && (Number(r.reporters) >= PHONE_TRUST_MIN_BUSINESSES || r.is_old === true),
  }));
}

export const IDENTITY_REQUIRED_MESSAGE = 'Confirm your identity with the code sent to a phone on your credit file first';
export const NO_FILE_MESSAGE = 'You have no credit file yet';

/** The verified person's registry subject, or 403 (not confirmed) / 404 (no file). */
export async function requireOwnSubject(db: Database, userId: string): Promise<{ subjectId: string; profile: ConsumerProfile }> {
  const file = await resolveOwnFile(db, userId);
  if (file.state === 'verified' && file.subjectId) return { subjectId: file.subjectId, profile: file.profile };
  if (file.state === 'no_file') throw notFound(NO_FILE_MESSAGE);
  throw forbidden(IDENTITY_REQUIRED_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// One-time codes
// ---------------------------------------------------------------------------------------------

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

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockAccount(tx, userId);
    const codes = await recentCodes(tx, userId, now);
    const lockedUntil = lockedUntilOf(codes, now);
    if (lockedUntil)
      throw tooMany(`Too many wrong codes. You can ask for a new code after ${IDENTITY_LOCK_MINUTES} minutes.`, lockedUntil, now);
    const limits = sendLimits(codes, now);
    if (limits.nextCodeAt) throw tooMany(`Please wait a minute before asking for another code.`, limits.nextCodeAt, now);
    const [toPhone] = await queryRows<{ count: number }>(
      tx,
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
  const outcome = await db.transaction(async (transaction): Promise<ConfirmOutcome> => {
    const tx = transaction as unknown as Database;
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
