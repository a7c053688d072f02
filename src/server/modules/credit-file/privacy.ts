import { PERMISSIBLE_PURPOSES } from '@shared/credit-reference';
import { CONSENT_ALL_PURPOSES_NAME, type TConsent, type TGrantConsent, type TPrivacyStatus } from '@shared/schemas/consumer';
import { and, desc, eq, gt, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { businessProfiles, consumerConsents, consumerFraudAlerts } from '../../db/schema/index';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { requireOwnSubject, resolveOwnFile, type OwnFile } from '../consumers';
import { fraudAlertOnFile } from './fraud-alert';

type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

const purposeName = (code: string) =>
  code === ALL_PURPOSES ? CONSENT_ALL_PURPOSES_NAME : (PERMISSIBLE_PURPOSES.find((p) => p.code === code)?.name ?? code);

function consentStatus(row: { expiresAt: Date; revokedAt: Date | null }, now: Date): TConsent['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt > now ? 'active' : 'expired';
}

/** Ends the person's live consents to a business: for one purpose, or for every purpose when none is given. */
async function revokeLiveConsents(tx: Database, who: { userId: string; businessId: string; purpose?: string }, now: Date): Promise<void> {
  await tx
    .update(consumerConsents)
    .set({ revokedAt: now })
    .where(
      and(
        eq(consumerConsents.consumerUserId, who.userId),
        eq(consumerConsents.businessId, who.businessId),
        who.purpose ? eq(consumerConsents.purpose, who.purpose) : undefined,
        isNull(consumerConsents.revokedAt),
        gt(consumerConsents.expiresAt, now),
      ),
    );
}

export async function listConsents(db: Database, userId: string, now = new Date()): Promise<{ consents: TConsent[] }> {
  const rows = await db
    .select({
      id: consumerConsents.id,
      businessId: consumerConsents.businessId,
      businessName: businessProfiles.businessName,
      purpose: consumerConsents.purpose,
      grantedAt: consumerConsents.grantedAt,
      expiresAt: consumerConsents.expiresAt,
      revokedAt: consumerConsents.revokedAt,
    })
    .from(consumerConsents)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, consumerConsents.businessId))
    .where(eq(consumerConsents.consumerUserId, userId))
    .orderBy(desc(consumerConsents.grantedAt))
    .limit(200);
  return {
    consents: rows.map((r) => ({
      id: r.id,
      businessId: r.businessId,
      businessName: r.businessName,
      purpose: r.purpose,
      purposeName: purposeName(r.purpose),
      grantedAt: r.grantedAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      revokedAt: r.revokedAt?.toISOString() ?? null,
      status: consentStatus(r, now),
    })),
  };
}

/** Verified businesses the person may grant a consent to, by name. */
export async function searchLenders(db: Database, q: string | undefined): Promise<{ lenders: { id: string; name: string }[] }> {
  const escaped = (q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ id: businessProfiles.userId, name: businessProfiles.businessName })
    .from(businessProfiles)
    .where(
      and(eq(businessProfiles.verificationStatus, 'verified'), escaped ? ilike(businessProfiles.businessName, `%${escaped}%`) : undefined),
    )
    .orderBy(businessProfiles.businessName)
    .limit(25);
  return { lenders: rows };
}

export async function grantConsent(
  db: Database,
  userId: string,
  input: TGrantConsent,
  audit: AuditContext,
  now = new Date(),
): Promise<TConsent> {
  const { subjectId } = await requireOwnSubject(db, userId);
  const [business] = await db
    .select({ name: businessProfiles.businessName, status: businessProfiles.verificationStatus })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, input.businessId))
    .limit(1);
  if (!business || business.status !== 'verified')
    throw badRequest([{ field: 'businessId', message: 'Choose a verified business from the list' }]);
  const expiresAt = new Date(now.getTime() + input.days * 24 * 3600_000);
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // A new consent for the same business and purpose replaces the one still active.
    await revokeLiveConsents(tx, { userId, businessId: input.businessId, purpose: input.purpose }, now);
    const [row] = await tx
      .insert(consumerConsents)
      .values({ consumerUserId: userId, businessId: input.businessId, purpose: input.purpose, grantedAt: now, expiresAt })
      .returning({ id: consumerConsents.id });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consent.granted',
      subjectId,
      businessId: input.businessId,
      targetType: 'consent',
      targetId: row.id,
      details: { purpose: input.purpose, expiresAt: expiresAt.toISOString() },
    });
    return row.id;
  });
  return {
    id,
    businessId: input.businessId,
    businessName: business.name,
    purpose: input.purpose,
    purposeName: purposeName(input.purpose),
    grantedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: null,
    status: 'active',
  };
}

export async function revokeConsent(
  db: Database,
  userId: string,
  consentId: string,
  audit: AuditContext,
  now = new Date(),
): Promise<{ message: string }> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .select({ id: consumerConsents.id, businessId: consumerConsents.businessId, revokedAt: consumerConsents.revokedAt })
      .from(consumerConsents)
      .where(and(eq(consumerConsents.id, consentId), eq(consumerConsents.consumerUserId, userId)))
      .limit(1);
    // Another person's consent is "not found".
    if (!row) throw notFound('No such consent');
    if (row.revokedAt) throw new HttpError(409, 'This consent was already revoked');
    await tx.update(consumerConsents).set({ revokedAt: now }).where(eq(consumerConsents.id, row.id));
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consent.revoked',
      subjectId,
      businessId: row.businessId,
      targetType: 'consent',
      targetId: row.id,
    });
  });
  return { message: 'Consent revoked' };
}

/**
 * The person withdraws consent from a business (decisions/022), whether or not they granted one
 * before: for every purpose (ALL_PURPOSES) unless they pick one. Live consents it covers are
 * revoked at that instant and a revoked row records the withdrawal itself, so the rule
 * (`withdrawnConsentColumn`) reads one kind of record. Granting a purpose again later lifts the
 * withdrawal for that purpose only.
 */
export async function withdrawConsent(
  db: Database,
  userId: string,
  input: { businessId: string; purpose?: string },
  audit: AuditContext,
  now = new Date(),
): Promise<{ message: string }> {
  const { subjectId } = await requireOwnSubject(db, userId);
  const [business] = await db
    .select({ name: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, input.businessId))
    .limit(1);
  if (!business) throw badRequest([{ field: 'businessId', message: 'Choose a business from the list' }]);
  const purpose = input.purpose ?? ALL_PURPOSES;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await revokeLiveConsents(tx, { userId, businessId: input.businessId, purpose: input.purpose }, now);
    const [row] = await tx
      .insert(consumerConsents)
      .values({ consumerUserId: userId, businessId: input.businessId, purpose, grantedAt: now, expiresAt: now, revokedAt: now })
      .returning({ id: consumerConsents.id });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consent.withdrawn',
      subjectId,
      businessId: input.businessId,
      targetType: 'consent',
      targetId: row.id,
      details: { purpose: input.purpose ?? 'all' },
    });
  });
  return {
    message: input.purpose
      ? `Consent withdrawn: ${business.name} can no longer pull your credit report for ${purposeName(input.purpose).toLowerCase()}.`
      : `Consent withdrawn: ${business.name} can no longer pull your credit report for any purpose, except to review an open account you held with it before today.`,
  };
}

/**
 * Whether the person holding this registry file has granted this business a live consent for this
 * purpose. For the registry to call when it decides on a report (e.g. to release a frozen file to a
 * lender the person chose); keyed through the verified consumer holding the file's NIN.
 */
export async function hasActiveConsent(
  db: Database,
  input: { subjectId: string; businessId: string; purpose: string; now?: Date },
): Promise<boolean> {
  const [row] = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM credit_subject_identifiers i
        JOIN consumer_profiles cp ON cp.national_id = i.value AND cp.identity_verified_at IS NOT NULL
        JOIN consumer_consents c ON c.consumer_user_id = cp.user_id
        WHERE i.subject_id = ${input.subjectId}::uuid AND i.type = 'nin' AND c.business_id = ${input.businessId}::uuid
          AND c.purpose = ${input.purpose} AND c.revoked_at IS NULL AND c.expires_at > ${(input.now ?? new Date()).toISOString()}::timestamptz
        LIMIT 1`,
  );
  return !!row;
}

export const CONSENT_WITHDRAWN_MESSAGE =
  'This person has withdrawn their consent for your business to obtain their credit report for this purpose. A report can be released again once they grant consent in their CreditCheck SL account.';

/**
 * The consent rule of a business report (decisions/017), for the report route to call before the
 * report is made. The business attests the person's consent with each request (`consent: true`);
 * the person's own records can only take that away: when the latest consent they recorded for this
 * business and purpose is revoked, the report is refused (403) and the refusal is audited. No record,
 * or an expired one, leaves the business's attestation standing, as before. A withdrawal from the
 * business as a whole (or of another purpose) still lets the lender review an open account it
 * reported before the withdrawal (`account_review`); an explicit withdrawal of `account_review` does
 * not (decisions/022).
 */
export async function assertConsentNotWithdrawn(
  db: Database,
  input: { subjectId: string; businessId: string; purpose: string; audit: AuditContext; now?: Date },
): Promise<void> {
  const [row] = await queryRows<{ withdrawn: WithdrawnConsent | string | null }>(
    db,
    sql`SELECT ${withdrawnConsentColumn(sql`${input.subjectId}::uuid`, input.businessId, input.purpose, input.now ?? new Date())} AS withdrawn`,
  );
  if (row?.withdrawn) await refuseForWithdrawnConsent(db, input, row.withdrawn);
}

/** The consent a person withdrew from this business for this purpose, as json, or null. */
export interface WithdrawnConsent {
  consent_id: string;
  revoked_at: string;
  /** The purpose of the row that decided: the one asked for, or ALL_PURPOSES. */
  purpose?: string;
}

/**
 * The purpose of a withdrawal from a business as a whole (`DELETE /api/consumers/me/consents` with
 * `{businessId}` and no purpose): it covers every purpose the person did not grant again since.
 */
export const ALL_PURPOSES = '*';

/** Statuses of an account that is still open: a lender reviewing it has something to manage. */
export const OPEN_ACCOUNT_STATUSES = ['current', 'late_30', 'late_60', 'late_90', 'default'] as const;

/**
 * An open account this business reported on the file before the instant given (SQL boolean): what
 * lets a lender review an account despite a freeze or a withdrawal. An account it reported after,
 * or one that is paid, closed or written off, is a pretext, not an account to review.
 */
export function openAccountReportedBeforeSql(subjectId: SQL, businessId: SQL, before: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = ${subjectId} AND a.business_id = ${businessId}
    AND a.created_at < ${before} AND a.status IN (${sql.join(
      OPEN_ACCOUNT_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
}

/**
 * THE rule of decisions/017 and 022 as a scalar subquery (json or null), so the business report can
 * read it with the rest of the file in one round trip (credit/report-sources.ts). `subjectId` is a
 * SQL expression (a parameter or a column).
 *
 * - The latest consent the person recorded for this business and this purpose, or for every purpose
 *   (ALL_PURPOSES), decides: revoked is a withdrawal.
 * - `account_review` rests on an account the lender already holds, so a withdrawal of the business
 *   as a whole, or of another purpose, lets it through only for an open account the business
 *   reported before the (earliest standing) withdrawal. A withdrawal of `account_review` itself is
 *   honoured whatever accounts exist; a live consent the person gave for `account_review` is too.
 */
export function withdrawnConsentColumn(subjectId: SQL, businessId: string, purpose: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const latestFor = (purposes: SQL) => sql`SELECT id, purpose, revoked_at, expires_at FROM consumer_consents
          WHERE consumer_user_id = cp.user_id AND business_id = ${businessId}::uuid AND purpose IN (${purposes})
          ORDER BY granted_at DESC, (revoked_at IS NULL) DESC
          LIMIT 1`;
  const holder = sql`FROM credit_subject_identifiers i
        JOIN consumer_profiles cp ON cp.national_id = i.value AND cp.identity_verified_at IS NOT NULL`;
  if (purpose !== 'account_review') {
    return sql`(SELECT json_build_object('consent_id', c.id, 'revoked_at', c.revoked_at, 'purpose', c.purpose)
        ${holder}
        JOIN LATERAL (${latestFor(sql`${purpose}::text, ${ALL_PURPOSES}::text`)}) c ON true
        WHERE i.subject_id = ${subjectId} AND i.type = 'nin' AND c.revoked_at IS NOT NULL AND c.revoked_at <= ${at}
        LIMIT 1)`;
  }
  const allRow = sql`SELECT 1 FROM consumer_consents x WHERE x.consumer_user_id = cp.user_id AND x.business_id = ${businessId}::uuid
            AND x.purpose = ${ALL_PURPOSES}::text AND x.granted_at = r.revoked_at`;
  const explicit = sql`(r.revoked_at IS NOT NULL AND r.revoked_at <= ${at} AND NOT EXISTS (${allRow}))`;
  return sql`(SELECT CASE WHEN ${explicit}
            THEN json_build_object('consent_id', r.id, 'revoked_at', r.revoked_at, 'purpose', r.purpose)
            ELSE json_build_object('consent_id', w.id, 'revoked_at', w.revoked_at, 'purpose', w.purpose) END
        ${holder}
        -- The latest account_review consent. Revoked by the person (not stamped by a withdrawal from
        -- the business as a whole, whose row is granted at that instant) it is an explicit withdrawal.
        LEFT JOIN LATERAL (${latestFor(sql`'account_review'::text`)}) r ON true
        -- The earliest withdrawal still standing, of any purpose (the latest row of its purpose is revoked).
        LEFT JOIN LATERAL (
          SELECT id, purpose, revoked_at FROM (
            SELECT DISTINCT ON (purpose) id, purpose, revoked_at FROM consumer_consents
            WHERE consumer_user_id = cp.user_id AND business_id = ${businessId}::uuid
            ORDER BY purpose, granted_at DESC, (revoked_at IS NULL) DESC
          ) latest
          WHERE revoked_at IS NOT NULL AND revoked_at <= ${at}
          ORDER BY revoked_at
          LIMIT 1
        ) w ON true
        WHERE i.subject_id = ${subjectId} AND i.type = 'nin'
          -- A live account_review consent the person gave stands.
          AND NOT COALESCE(r.revoked_at IS NULL AND r.expires_at > ${at}, false)
          AND (${explicit} OR (w.id IS NOT NULL AND NOT ${openAccountReportedBeforeSql(sql`i.subject_id`, sql`${businessId}::uuid`, sql`w.revoked_at`)}))
        LIMIT 1)`;
}

/** Audits the refused report and answers 403. */
export async function refuseForWithdrawnConsent(
  db: Database,
  input: { subjectId: string; businessId: string; purpose: string; audit: AuditContext },
  found: WithdrawnConsent | string,
): Promise<never> {
  const withdrawn: WithdrawnConsent = typeof found === 'string' ? JSON.parse(found) : found;
  await recordAuditEvent(db, {
    ...input.audit,
    action: 'credit.report_refused',
    subjectId: input.subjectId,
    businessId: input.businessId,
    targetType: 'consent',
    targetId: withdrawn.consent_id,
    details: { reason: 'consent_withdrawn', purpose: input.purpose, revokedAt: new Date(withdrawn.revoked_at).toISOString() },
  });
  throw forbidden(CONSENT_WITHDRAWN_MESSAGE, 'CONSENT_WITHDRAWN');
}

export async function getPrivacyStatus(
  db: Database,
  userId: string,
  options: { file?: OwnFile; now?: Date } = {},
): Promise<TPrivacyStatus> {
  const now = options.now ?? new Date();
  const file = options.file ?? (await resolveOwnFile(db, userId));
  const [consents] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM consumer_consents WHERE consumer_user_id = ${userId}::uuid AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz`,
  );
  if (file.state !== 'verified' || !file.subjectId)
    return { state: file.state, frozenAt: null, fraudAlert: null, activeConsents: Number(consents?.n ?? 0) };
  const [[subject], fraudAlert] = await Promise.all([
    queryRows<{ frozen_at: Date | string | null }>(db, sql`SELECT frozen_at FROM credit_subjects WHERE id = ${file.subjectId}::uuid`),
    fraudAlertOnFile(db, file.subjectId),
  ]);
  return {
    state: 'verified',
    frozenAt: subject?.frozen_at ? new Date(subject.frozen_at).toISOString() : null,
    fraudAlert,
    activeConsents: Number(consents?.n ?? 0),
  };
}

/**
 * Freeze: the registry refuses business reports on the file (credit/pull-report.ts reads
 * credit_subjects.frozen_at), except a lender's review of an account it already holds.
 */
export async function setFrozen(db: Database, userId: string, isFrozen: boolean, audit: AuditContext): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const changed = await queryRows<{ id: string }>(
      tx,
      isFrozen
        ? sql`UPDATE credit_subjects SET frozen_at = now() WHERE id = ${subjectId}::uuid AND frozen_at IS NULL RETURNING id`
        : sql`UPDATE credit_subjects SET frozen_at = NULL WHERE id = ${subjectId}::uuid AND frozen_at IS NOT NULL RETURNING id`,
    );
    if (changed.length)
      await recordAuditEvent(tx, {
        ...audit,
        action: isFrozen ? 'consumer.file_frozen' : 'consumer.file_unfrozen',
        subjectId,
        targetType: 'credit_subject',
        targetId: subjectId,
      });
  });
  return getPrivacyStatus(db, userId);
}

export async function placeFraudAlert(
  db: Database,
  userId: string,
  input: { contactPhone: string; note?: string },
  audit: AuditContext,
): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx
      .insert(consumerFraudAlerts)
      .values({ consumerUserId: userId, contactPhone: input.contactPhone, note: input.note ?? null })
      .onConflictDoUpdate({
        target: consumerFraudAlerts.consumerUserId,
        set: { contactPhone: input.contactPhone, note: input.note ?? null },
      });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consumer.fraud_alert_placed',
      subjectId,
      targetType: 'credit_subject',
      targetId: subjectId,
    });
  });
  return getPrivacyStatus(db, userId);
}

export async function removeFraudAlert(db: Database, userId: string, audit: AuditContext): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const removed = await tx
      .delete(consumerFraudAlerts)
      .where(eq(consumerFraudAlerts.consumerUserId, userId))
      .returning({ id: consumerFraudAlerts.consumerUserId });
    if (removed.length)
      await recordAuditEvent(tx, {
        ...audit,
        action: 'consumer.fraud_alert_removed',
        subjectId,
        targetType: 'credit_subject',
        targetId: subjectId,
      });
  });
  return getPrivacyStatus(db, userId);
}
