import { PERMISSIBLE_PURPOSES } from '@shared/credit-reference';
import { CONSENT_ALL_PURPOSES_NAME, type TConsent, type TGrantConsent } from '@shared/schemas/consumer';
import { and, desc, eq, gt, ilike, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { businessProfiles, consumerConsents } from '../../db/schema/index';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { requireOwnSubject } from '../consumers';
import { recordWebhookEvent } from '../webhooks';
import { ALL_PURPOSES } from './withdrawn-consent';

// The consents a person records on their file: listed, granted, revoked, withdrawn from a business.

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
  const id = await db.transaction(async (tx) => {
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
  await db.transaction(async (tx) => {
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
  await db.transaction(async (tx) => {
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
    // The lender learns who by the accounts it reported on the person's file (as borrower,
    // co-borrower or guarantor), which it holds already: no identifier of a person who is not its
    // customer leaves the bureau.
    const accounts = await queryParsedRows(
      tx,
      z.object({ id: z.string(), account_number: z.string() }),
      sql`SELECT a.id, a.account_number FROM credit_accounts a
          WHERE a.business_id = ${input.businessId}::uuid
            AND (a.subject_id = ${subjectId}::uuid
              OR EXISTS (SELECT 1 FROM credit_account_parties p WHERE p.account_id = a.id AND p.subject_id = ${subjectId}::uuid))
          ORDER BY a.account_number`,
    );
    await recordWebhookEvent(
      tx,
      input.businessId,
      'consent.withdrawn',
      {
        consentId: row.id,
        purpose: input.purpose ?? 'all',
        withdrawnAt: now.toISOString(),
        accounts: accounts.map((a) => ({ accountId: a.id, accountNumber: a.account_number })),
      },
      now,
    );
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
  const [row] = await queryParsedRows(
    db,
    z.object({ ok: z.number() }),
    sql`SELECT 1 AS ok FROM credit_subject_identifiers i
        JOIN consumer_profiles cp ON cp.national_id = i.value AND cp.identity_verified_at IS NOT NULL
        JOIN consumer_consents c ON c.consumer_user_id = cp.user_id
        WHERE i.subject_id = ${input.subjectId}::uuid AND i.type = 'nin' AND c.business_id = ${input.businessId}::uuid
          AND c.purpose = ${input.purpose} AND c.revoked_at IS NULL AND c.expires_at > ${(input.now ?? new Date()).toISOString()}::timestamptz
        LIMIT 1`,
  );
  return !!row;
}
