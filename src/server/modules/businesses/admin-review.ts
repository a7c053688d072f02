import { missingRequiredDocuments, requiredDocumentNames } from '@shared/business-verification';
import { formatDate, plural } from '@shared/format';
import type { TAdminBusiness, TAdminBusinessDetail, TChangeBusinessPlan, TVerificationStatus } from '@shared/schemas/admin';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessDocuments, businessProfiles, plans, users } from '../../db/schema/index';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { findPlan } from '../billing';
import { listDocuments } from './documents';

const documentCount = sql<number>`(SELECT count(*)::int FROM business_documents d WHERE d.business_id = ${businessProfiles.userId})`;

const businessColumns = {
  id: businessProfiles.userId,
  businessName: businessProfiles.businessName,
  businessType: businessProfiles.businessType,
  registrationNumber: businessProfiles.registrationNumber,
  taxId: businessProfiles.taxId,
  contactName: businessProfiles.contactName,
  contactPosition: businessProfiles.contactPosition,
  address: businessProfiles.address,
  email: businessProfiles.email,
  phone: businessProfiles.phone,
  username: users.username,
  verificationStatus: businessProfiles.verificationStatus,
  verificationNote: businessProfiles.verificationNote,
  verifiedAt: businessProfiles.verifiedAt,
  planCode: businessProfiles.planCode,
  subscriptionStatus: businessProfiles.subscriptionStatus,
  nextBillingDate: businessProfiles.nextBillingDate,
  contractedQuota: businessProfiles.monthlyQuotaOverride,
  monthlyQuota:
    sql<number>`COALESCE(${businessProfiles.monthlyQuotaOverride}, (SELECT p.monthly_inquiry_quota FROM plans p WHERE p.code = ${businessProfiles.planCode}), 0)`.mapWith(
      Number,
    ),
  accountStatus: users.status,
  documentCount,
  createdAt: businessProfiles.createdAt,
};
function selectBusinesses(db: Database) {
  return db.select(businessColumns).from(businessProfiles).innerJoin(users, eq(users.id, businessProfiles.userId));
}
type BusinessRow = Awaited<ReturnType<typeof selectBusinesses>>[number];

function toAdminBusiness(row: BusinessRow): TAdminBusiness {
  return {
    id: row.id,
    businessName: row.businessName,
    businessType: row.businessType,
    registrationNumber: row.registrationNumber,
    taxId: row.taxId,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    username: row.username,
    verificationStatus: row.verificationStatus,
    verificationNote: row.verificationNote,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    planCode: row.planCode,
    subscriptionStatus: row.subscriptionStatus,
    nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
    monthlyQuota: Number(row.monthlyQuota),
    contractedQuota: row.contractedQuota,
    accountStatus: row.accountStatus,
    documentCount: Number(row.documentCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Businesses, pending ones first (oldest first: first come, first verified), then by name. */
export async function listBusinesses(db: Database, filter: { status?: TVerificationStatus; q?: string }): Promise<TAdminBusiness[]> {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await selectBusinesses(db)
    .where(
      and(
        filter.status ? eq(businessProfiles.verificationStatus, filter.status) : undefined,
        pattern
          ? or(
              ilike(businessProfiles.businessName, pattern),
              ilike(businessProfiles.registrationNumber, pattern),
              ilike(businessProfiles.email, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      sql`${businessProfiles.verificationStatus} = 'pending' DESC`,
      asc(sql`CASE WHEN ${businessProfiles.verificationStatus} = 'pending' THEN ${businessProfiles.createdAt} END`),
      asc(businessProfiles.businessName),
    )
    .limit(500);
  return rows.map(toAdminBusiness);
}

export async function getBusinessDetail(db: Database, businessId: string): Promise<TAdminBusinessDetail> {
  const [row] = await selectBusinesses(db).where(eq(businessProfiles.userId, businessId)).limit(1);
  if (!row) throw notFound('Business not found');
  return {
    ...toAdminBusiness(row),
    address: row.address,
    contactPosition: row.contactPosition,
    documents: await listDocuments(db, businessId),
  };
}

type BusinessAction = 'verify' | 'reject' | 'suspend' | 'reinstate';

/** Which statuses each action may start from: anything else is a 409 naming the current status. */
const ALLOWED_FROM: Record<BusinessAction, TVerificationStatus[]> = {
  verify: ['pending', 'rejected'],
  reject: ['pending'],
  suspend: ['verified', 'pending'],
  reinstate: ['suspended'],
};
const RESULT_STATUS: Record<BusinessAction, TVerificationStatus> = {
  verify: 'verified',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'verified',
};
const AUDIT_ACTION: Record<BusinessAction, string> = {
  verify: 'admin.business_verified',
  reject: 'admin.business_rejected',
  suspend: 'admin.business_suspended',
  reinstate: 'admin.business_reinstated',
};
const PAST: Record<BusinessAction, string> = { verify: 'verified', reject: 'rejected', suspend: 'suspended', reinstate: 'reinstated' };
const DONE_MESSAGE: Record<BusinessAction, string> = {
  verify: 'Business verified: it can now search and report.',
  reject: 'Business rejected: it has been told why and may upload new documents.',
  suspend: 'Business suspended: its sessions have ended and it can no longer sign in or use the registry.',
  reinstate: 'Business reinstated: it can sign in and use the registry again.',
};

/**
 * Changes a business's verification status, ends its sessions when suspending, and records the
 * audit event, all in one transaction. The row is locked so two administrators cannot both act.
 */
export async function changeBusinessStatus(
  db: Database,
  businessId: string,
  action: BusinessAction,
  note: string | undefined,
  context: AuditContext,
): Promise<{ business: TAdminBusinessDetail; message: string }> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: businessProfiles.verificationStatus, name: businessProfiles.businessName })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, businessId))
      .for('update')
      .limit(1);
    if (!current) throw notFound('Business not found');
    if (!ALLOWED_FROM[action].includes(current.status)) {
      throw new HttpError(409, `This business is ${current.status}; it cannot be ${PAST[action]} from that status.`, {
        field: 'verificationStatus',
      });
    }
    if (action === 'verify') {
      // Verification needs the registration documents and tax identification (the specification's FAQ).
      const kinds = await tx
        .selectDistinct({ kind: businessDocuments.kind })
        .from(businessDocuments)
        .where(eq(businessDocuments.businessId, businessId));
      const missing = missingRequiredDocuments(kinds.map((r) => r.kind));
      if (missing.length > 0) {
        throw new HttpError(
          409,
          `This business has not uploaded its ${requiredDocumentNames(missing)} yet. Review its documents before verifying.`,
          { field: 'documents' },
        );
      }
    }
    const status = RESULT_STATUS[action];
    await tx
      .update(businessProfiles)
      .set({
        verificationStatus: status,
        verificationNote: note ?? null,
        ...(status === 'verified' ? { verifiedAt: new Date() } : {}),
      })
      .where(eq(businessProfiles.userId, businessId));
    // The business's own sessions and its team members' end at once (its API keys are refused per request).
    if (action === 'suspend') {
      await tx.execute(
        sql`DELETE FROM sessions WHERE user_id = ${businessId}::uuid OR user_id IN (SELECT user_id FROM business_members WHERE business_id = ${businessId}::uuid)`,
      );
    }
    await recordAuditEvent(tx, {
      action: AUDIT_ACTION[action],
      ...context,
      businessId,
      targetType: 'business',
      targetId: businessId,
      details: { from: current.status, to: status, ...(note ? { note } : {}) },
    });
  });
  return { business: await getBusinessDetail(db, businessId), message: DONE_MESSAGE[action] };
}

/** One month after the given instant (the day of the month kept where it exists). */
function oneMonthFrom(now: Date): Date {
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * Moves a business to a plan outside card payment (Enterprise by agreement; a plan paid by bank
 * transfer or mobile money): plan, subscription state, period end and contracted quota change
 * together with the audit event, in one transaction on the locked row. A free plan (Starter) is
 * what a lapsed subscription falls back to: inactive, no period. No payment or invoice is written:
 * the money, if any, was taken outside the card flow, and the note says where.
 */
export async function changeBusinessPlan(
  db: Database,
  businessId: string,
  input: TChangeBusinessPlan,
  context: AuditContext,
  now = new Date(),
): Promise<{ business: TAdminBusinessDetail; message: string }> {
  const plan = await findPlan(db, input.planCode);
  if (!plan) {
    const codes = (await db.select({ code: plans.code }).from(plans).orderBy(asc(plans.sortOrder))).map((p) => p.code);
    throw badRequest([{ field: 'planCode', message: `Unknown plan: choose one of ${codes.join(', ')}` }]);
  }
  let nextBillingDate: Date | null = null;
  if (!plan.isFree) {
    if (input.nextBillingDate === undefined) nextBillingDate = oneMonthFrom(now);
    else if (input.nextBillingDate !== null) {
      nextBillingDate = new Date(`${input.nextBillingDate}T00:00:00Z`);
      if (nextBillingDate.getTime() <= now.getTime())
        throw badRequest([{ field: 'nextBillingDate', message: 'The next billing date must be after today' }]);
    }
  }
  const contractedQuota = input.monthlyQuota ?? null;
  const subscriptionStatus = plan.isFree ? 'inactive' : 'active';

  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        planCode: businessProfiles.planCode,
        subscriptionStatus: businessProfiles.subscriptionStatus,
        nextBillingDate: businessProfiles.nextBillingDate,
        contractedQuota: businessProfiles.monthlyQuotaOverride,
      })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, businessId))
      .for('update')
      .limit(1);
    if (!current) throw notFound('Business not found');
    await tx
      .update(businessProfiles)
      .set({ planCode: plan.code, subscriptionStatus, nextBillingDate, monthlyQuotaOverride: contractedQuota })
      .where(eq(businessProfiles.userId, businessId));
    await recordAuditEvent(tx, {
      action: 'admin.business_plan_changed',
      ...context,
      businessId,
      targetType: 'business',
      targetId: businessId,
      details: {
        from: { ...current, nextBillingDate: current.nextBillingDate?.toISOString() ?? null },
        to: { planCode: plan.code, subscriptionStatus, nextBillingDate: nextBillingDate?.toISOString() ?? null, contractedQuota },
        note: input.note,
      },
    });
  });
  const business = await getBusinessDetail(db, businessId);
  const period = plan.isFree ? '' : nextBillingDate ? `, until ${formatDate(nextBillingDate)}` : ', with no end date';
  const quota = `${plural(business.monthlyQuota, { one: 'report', other: 'reports' })} a month${contractedQuota === null ? '' : ' (contracted)'}`;
  return { business, message: `Plan changed to ${plan.name}: ${quota}${period}.` };
}

/**
 * Whether a business may use the registry at all: its user is active and it is verified. API-key
 * authentication (business workspace) calls this on every request, so a suspended business's keys
 * stop at once, as its sessions do.
 */
export async function isBusinessInGoodStanding(db: Database, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: businessProfiles.verificationStatus, userStatus: users.status })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(businessProfiles.userId, businessId))
    .limit(1);
  return !!row && row.userStatus === 'active' && row.status === 'verified';
}
