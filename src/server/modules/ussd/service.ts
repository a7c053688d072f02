import { formatDateTime, formatShortDate } from '@shared/format';
import { languageOf, translatorFor } from '@shared/i18n';
import { toE164 } from '@shared/identity';
import { USSD_MAX_CHARS, type TUssdCallback } from '@shared/schemas/consumer/ussd';
import { eq, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { consumerUssdPins, ussdCallbackRequests } from '../../db/schema/index';
import type { SmsProvider } from '../notifications';
import { notify } from '../notifications';
import { hashPassword, verifyPassword } from '../accounts';
import { recordAuditEvent, type AuditContext } from '../audit';
import { resolveOwnFile } from '../consumers';
import { buildCreditReport, getAccessLog, getPrivacyStatus, setFrozen } from '../credit-file';
import { forbidden } from '../../lib/http-error';

/** Five wrong PINs in a row lock the USSD channel of that person for an hour (decisions/044). */
export const USSD_MAX_WRONG_PINS = 5;
export const USSD_LOCK_MS = 60 * 60 * 1000;

export interface UssdContext {
  db: Database;
  sms: SmsProvider;
  /** The site people register at, as words on a screen ("creditcheck.sl"). */
  site: string;
  /** For the access log's business names (credit-file's inquiry hash key). */
  inquiryKey: string;
  /** The request's address and id, for the audit log. */
  ip: string;
  requestId: string;
  now?: Date;
}

const ZPersonRow = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
  identity_verified_at: z.union([z.date(), z.string()]).nullable(),
  pin_hash: z.string().nullable(),
  failed_attempts: z.coerce.number<number | string>().nullable(),
  locked_until: z.union([z.date(), z.string()]).nullable(),
});

const con = (text: string) => `CON ${text}`;
const end = (text: string) => `END ${text}`;

/** A reply cut to one USSD screen (182 characters): the catalogues are written to fit; this is the guard. */
export function fitScreen(reply: string): string {
  return reply.length <= USSD_MAX_CHARS ? reply : `${reply.slice(0, USSD_MAX_CHARS - 1)}…`;
}

/** The consumer a phone signs in as, with their PIN's state; null when the phone is no consumer's. */
async function personOfPhone(db: Database, phone: string) {
  const [row] = await queryParsedRows(
    db,
    ZPersonRow,
    sql`SELECT u.id AS user_id, p.first_name, p.last_name, p.language, p.identity_verified_at,
               pin.pin_hash, pin.failed_attempts, pin.locked_until
          FROM users u
          JOIN consumer_profiles p ON p.user_id = u.id
          LEFT JOIN consumer_ussd_pins pin ON pin.user_id = u.id
         WHERE u.role = 'consumer' AND u.phone = ${phone} AND u.status = 'active'
         LIMIT 1`,
  );
  return row ?? null;
}

/**
 * One USSD callback: `text` is every choice of the session so far joined by "*" (Africa's Talking).
 * The PIN is the first choice and is checked on every step (the aggregator keeps no session of ours).
 */
export async function answerUssd(ctx: UssdContext, input: TUssdCallback): Promise<string> {
  return fitScreen(await answer(ctx, input));
}

async function answer(ctx: UssdContext, input: TUssdCallback): Promise<string> {
  const now = ctx.now ?? new Date();
  const phone = toE164(input.phoneNumber);
  const en = translatorFor('en');
  const person = phone ? await personOfPhone(ctx.db, phone) : null;
  if (!phone || !person || !person.identity_verified_at) return end(en('ussd:notRegistered', { site: ctx.site }));
  const t = translatorFor(languageOf(person.language));
  if (!person.pin_hash) return end(t('ussd:noPin', { site: ctx.site }));
  const audit: AuditContext = { actorUserId: person.user_id, actorRole: 'consumer', ip: ctx.ip, requestId: ctx.requestId };
  const until = (date: Date | string) => formatDateTime(date, { withZone: true });
  if (person.locked_until && new Date(person.locked_until) > now)
    return end(t('ussd:locked', { until: until(person.locked_until), site: ctx.site }));

  const choices = input.text === '' ? [] : input.text.split('*').map((c) => c.trim());
  if (choices.length === 0) return con(t('ussd:askPin'));
  const [pin, ...rest] = choices;
  if (!pin || !(await verifyPassword(person.pin_hash, pin))) return wrongPin(ctx, person.user_id, phone, t, audit, now);
  if ((person.failed_attempts ?? 0) > 0 || person.locked_until)
    await ctx.db.update(consumerUssdPins).set({ failedAttempts: 0, lockedUntil: null }).where(eq(consumerUssdPins.userId, person.user_id));

  const file = await resolveOwnFile(ctx.db, person.user_id);
  const privacy = await getPrivacyStatus(ctx.db, person.user_id, { file, now });
  const isFrozen = privacy.frozenAt !== null;
  const [choice, confirm, ...extra] = rest;
  const viewed = (view: string) =>
    recordAuditEvent(ctx.db, {
      ...audit,
      action: 'ussd.session',
      subjectId: file.subjectId,
      targetType: 'credit_subject',
      targetId: file.subjectId,
      details: { view, sessionId: input.sessionId.slice(0, 64), serviceCode: input.serviceCode.slice(0, 32) },
    });

  if (choice === undefined) {
    await viewed('menu');
    return con(t('ussd:menu', { freezeChoice: t(isFrozen ? 'ussd:unfreezeChoice' : 'ussd:freezeChoice') }));
  }
  if (extra.length > 0 || (confirm !== undefined && choice !== '4')) return end(t('ussd:invalidChoice'));
  if (!file.subjectId || file.state !== 'verified') return end(t('ussd:notRegistered', { site: ctx.site }));
  const subjectId = file.subjectId;

  switch (choice) {
    case '1': {
      // The person's own report's score, as the portal's dashboard reads it (consumer-home/dashboard.ts).
      const report = await buildCreditReport(ctx.db, subjectId, { audience: 'consumer' });
      await viewed('score');
      if (!report.score) return end(t('ussd:noScore'));
      return end(
        t('ussd:score', { score: report.score.value, band: t(`ussd:band.${report.score.band}`, { defaultValue: report.score.band }) }),
      );
    }
    case '2': {
      const report = await buildCreditReport(ctx.db, subjectId, { audience: 'consumer' });
      await viewed('accounts');
      const late = report.accounts.filter((a) => a.status.startsWith('late_')).length;
      return end(t('ussd:accounts', { open: report.summary.openAccounts, late, inDefault: report.summary.accountsInDefault }));
    }
    case '3': {
      const log = await getAccessLog(ctx.db, person.user_id, ctx.inquiryKey, { limit: 3, file });
      await viewed('checks');
      if (log.entries.length === 0) return end(t('ussd:checksNone'));
      const lines = log.entries.slice(0, 3).map((e) => {
        // A business by its name; anyone else (staff, someone with a certificate's link) in the caller's words.
        const who =
          e.accessor === 'business' ? e.businessName : t(`privacy:accessLog.accessors.${e.accessor}`, { defaultValue: e.businessName });
        return t('ussd:checkLine', {
          date: formatShortDate(e.at),
          business: who.length > 28 ? `${who.slice(0, 27)}…` : who,
          purpose: t(`ussd:purpose.${e.purpose ?? 'other'}`, { defaultValue: t('ussd:purpose.other') }),
        });
      });
      return end([t('ussd:checksTitle'), ...lines].join('\n'));
    }
    case '4': {
      if (confirm === undefined) return con(t(isFrozen ? 'ussd:unfreezeConfirm' : 'ussd:freezeConfirm'));
      if (confirm !== '1') return end(t('ussd:nothingChanged'));
      // The portal's own freeze: the same rule and the same audit event (credit-file).
      await setFrozen(ctx.db, person.user_id, !isFrozen, audit);
      return end(t(isFrozen ? 'ussd:unfrozen' : 'ussd:frozen'));
    }
    case '5': {
      await requestCallback(ctx, { userId: person.user_id, phone, name: `${person.first_name} ${person.last_name}`, subjectId }, t, audit);
      return end(t('ussd:callbackDone', { phone }));
    }
    default:
      return end(t('ussd:invalidChoice'));
  }
}

async function wrongPin(ctx: UssdContext, userId: string, phone: string, t: TFunction, audit: AuditContext, now: Date): Promise<string> {
  const lockUntil = new Date(now.getTime() + USSD_LOCK_MS);
  return ctx.db.transaction(async (tx) => {
    // One statement: two callbacks at once cannot both read four and write five.
    const [row] = await tx
      .update(consumerUssdPins)
      .set({
        failedAttempts: sql`CASE WHEN ${consumerUssdPins.failedAttempts} + 1 >= ${USSD_MAX_WRONG_PINS} THEN 0 ELSE ${consumerUssdPins.failedAttempts} + 1 END`,
        lockedUntil: sql`CASE WHEN ${consumerUssdPins.failedAttempts} + 1 >= ${USSD_MAX_WRONG_PINS} THEN ${lockUntil.toISOString()}::timestamptz ELSE NULL END`,
      })
      .where(eq(consumerUssdPins.userId, userId))
      .returning({ failedAttempts: consumerUssdPins.failedAttempts, lockedUntil: consumerUssdPins.lockedUntil });
    if (!row?.lockedUntil) {
      const left = USSD_MAX_WRONG_PINS - (row?.failedAttempts ?? 0);
      await recordAuditEvent(tx, { ...audit, action: 'ussd.pin_failed', targetType: 'user', targetId: userId, details: { left } });
      return end(t('ussd:wrongPin', { left }));
    }
    const until = formatDateTime(row.lockedUntil, { withZone: true });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'ussd.locked',
      targetType: 'user',
      targetId: userId,
      details: { lockedUntil: row.lockedUntil.toISOString() },
    });
    await notify(tx, [
      {
        userId,
        kind: 'ussd_locked',
        title: t('ussd:lockedTitle'),
        body: t('ussd:lockedBody', { until }),
        params: { variant: 'locked', lockedUntil: row.lockedUntil.toISOString() },
        link: '/consumer/settings',
        dedupeKey: `ussd_locked:${row.lockedUntil.toISOString()}`,
      },
    ]);
    await ctx.sms.send(tx, { to: phone, body: t('ussd:lockedSms', { until, site: ctx.site }), purpose: 'ussd_locked', userId });
    return end(t('ussd:lockedNow', { until }));
  });
}

async function requestCallback(
  ctx: UssdContext,
  who: { userId: string; phone: string; name: string; subjectId: string },
  t: TFunction,
  audit: AuditContext,
) {
  const en = translatorFor('en');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ussdCallbackRequests)
      .values({ userId: who.userId, phone: who.phone })
      .returning({ id: ussdCallbackRequests.id });
    const id = row!.id;
    await recordAuditEvent(tx, {
      ...audit,
      action: 'ussd.callback_requested',
      subjectId: who.subjectId,
      targetType: 'ussd_callback_request',
      targetId: id,
    });
    const staff = await queryParsedRows(
      tx,
      z.object({ id: z.string() }),
      sql`SELECT id FROM users WHERE role = 'system_admin' AND status = 'active'`,
    );
    await notify(tx, [
      {
        userId: who.userId,
        kind: 'ussd_callback',
        title: t('ussd:callbackTitle'),
        body: t('ussd:callbackBody', { phone: who.phone }),
        params: { variant: 'requested', phone: who.phone },
        link: '/consumer/disputes',
        dedupeKey: `ussd_callback:${id}`,
      },
      ...staff.map((s) => ({
        userId: s.id,
        kind: 'ussd_callback' as const,
        title: en('ussd:staffCallbackTitle'),
        body: en('ussd:staffCallbackBody', { name: who.name, phone: who.phone }),
        link: null,
        dedupeKey: `ussd_callback:${id}`,
      })),
    ]);
  });
}

/** PUT /api/consumers/me/ussd-pin: a new PIN (argon2id), which clears a lock and the wrong-PIN count. */
export async function setUssdPin(db: Database, userId: string, pin: string, audit: AuditContext): Promise<void> {
  const file = await resolveOwnFile(db, userId);
  if (!file.profile.identityVerifiedAt)
    throw forbidden(
      'Confirm your identity first (the code sent to a phone on your credit file), then set a USSD PIN.',
      'IDENTITY_NOT_VERIFIED',
    );
  const pinHash = await hashPassword(pin);
  await db.transaction(async (tx) => {
    await tx
      .insert(consumerUssdPins)
      .values({ userId, pinHash, failedAttempts: 0, lockedUntil: null })
      .onConflictDoUpdate({
        target: consumerUssdPins.userId,
        set: { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: sql`now()` },
      });
    await recordAuditEvent(tx, { ...audit, action: 'ussd.pin_set', subjectId: file.subjectId, targetType: 'user', targetId: userId });
  });
}
