import type { TBusinessUsage } from '@shared/schemas/credit';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryPreparedParsedRows } from '../../db/prepared';
import { jsonColumnOf } from '../../db/query';
import { creditInquiries } from '../../db/schema/index';
import { HttpError, forbidden, notFound } from '../../lib/http-error';
import { reportsUsedThisMonth } from './quota';

/** What decides whether a business may use the registry, read in one query. */
export interface BusinessAccess {
  businessId: string;
  businessName: string;
  verificationStatus: string;
  /** The owner's account status: a disabled owner's business is stopped as a suspended one (decisions/022). */
  ownerStatus: string;
  subscriptionStatus: string;
  nextBillingDate: Date | null;
  planCode: string;
  planName: string;
  isFreePlan: boolean;
  monthlyQuota: number;
  /** Reports already pulled this calendar month (the quota counter). */
  reportsThisMonth: number;
}

/**
 * The business's access as one json column of a statement, null for no such business. Read alone
 * by loadBusinessAccess, and by a report in the same statement as the person's file (one round
 * trip fewer, reports/pull-report.ts).
 */
export function businessAccessColumn(businessId: SQL): SQL {
  return sql`(SELECT json_build_object('businessId', bp.user_id, 'businessName', bp.business_name,
      'verificationStatus', bp.verification_status, 'ownerStatus', owner.status, 'subscriptionStatus', bp.subscription_status,
      'nextBillingDate', bp.next_billing_date, 'planCode', pl.code, 'planName', pl.name, 'isFreePlan', pl.is_free,
      -- A contracted quota (an agreement with a large lender) replaces the plan's.
      'monthlyQuota', COALESCE(bp.monthly_quota_override, pl.monthly_inquiry_quota),
      'reportsThisMonth', COALESCE((SELECT u.reports FROM credit_report_usage u
        WHERE u.business_id = bp.user_id AND u.month = date_trunc('month', now() AT TIME ZONE 'UTC')::date), 0))
    FROM business_profiles bp
    JOIN plans pl ON pl.code = bp.plan_code
    JOIN users owner ON owner.id = bp.user_id
    WHERE bp.user_id = ${businessId} LIMIT 1)`;
}

/** businessAccessColumn's value, read as BusinessAccess. */
export const ZBusinessAccessColumn = jsonColumnOf(
  z
    .object({
      businessId: z.string(),
      businessName: z.string(),
      verificationStatus: z.string(),
      ownerStatus: z.string(),
      subscriptionStatus: z.string(),
      nextBillingDate: z.string().nullable(),
      planCode: z.string(),
      planName: z.string(),
      isFreePlan: z.boolean(),
      monthlyQuota: z.number(),
      reportsThisMonth: z.number(),
    })
    .transform((a): BusinessAccess => ({ ...a, nextBillingDate: a.nextBillingDate === null ? null : new Date(a.nextBillingDate) }))
    .nullable(),
);

const ZBusinessAccessRow = z.object({ access: ZBusinessAccessColumn });

export async function loadBusinessAccess(db: Database, businessId: string): Promise<BusinessAccess> {
  // Every search and report reads this first: planned once per connection.
  const [row] = await queryPreparedParsedRows(
    db,
    'credit-business-access',
    ZBusinessAccessRow,
    sql`SELECT ${businessAccessColumn(sql`${businessId}::uuid`)} AS access`,
  );
  return accessOrNotFound(row?.access ?? null);
}

/** A business's access as read, or 404 when there is no such business. */
export function accessOrNotFound(access: BusinessAccess | null): BusinessAccess {
  if (!access) throw notFound('Business profile not found');
  return access;
}

/**
 * The free Starter plan is always active; a paid plan is active while its status says so and the
 * paid period has not run out (a renewal the payments area failed to take must not go on forever).
 */
export function isSubscriptionActive(access: BusinessAccess, now = new Date()): boolean {
  if (access.isFreePlan) return true;
  if (access.subscriptionStatus !== 'active') return false;
  return access.nextBillingDate === null || access.nextBillingDate.getTime() > now.getTime();
}

/** Only verified businesses put data into the registry or take it out. */
export function assertVerified(access: BusinessAccess) {
  // A team member's session or an API key acts for the owner: a disabled owner stops them all (decisions/022).
  if (access.ownerStatus !== 'active')
    throw forbidden('Your business is suspended. Contact CreditCheck SL to restore access.', 'BUSINESS_SUSPENDED');
  if (access.verificationStatus === 'verified') return;
  if (access.verificationStatus === 'suspended')
    throw forbidden('Your business is suspended. Contact CreditCheck SL to restore access.', 'BUSINESS_SUSPENDED');
  if (access.verificationStatus === 'rejected')
    throw forbidden('Your business verification was rejected. Contact CreditCheck SL.', 'BUSINESS_NOT_VERIFIED');
  throw forbidden(
    'Your business is not verified yet. Credit checks open once an administrator has verified your registration documents.',
    'BUSINESS_NOT_VERIFIED',
  );
}

/** Searches and reports need a verified business with an active subscription. */
export function assertCanInquire(access: BusinessAccess, now = new Date()) {
  assertVerified(access);
  if (!isSubscriptionActive(access, now)) {
    throw new HttpError(
      402,
      `Your ${access.planName} subscription is not active. Renew it on the Subscription page (/subscribe) to search and pull reports.`,
      { code: 'SUBSCRIPTION_INACTIVE' },
    );
  }
}

/** The calendar month (Sierra Leone keeps GMT all year, so UTC months are local months). */
export function monthPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Upgrading is the way past a used-up quota; the message says where. */
export function quotaExhausted(access: BusinessAccess): HttpError {
  return new HttpError(
    402,
    `You have used all ${access.monthlyQuota} credit reports of your ${access.planName} plan this month. ` +
      'Upgrade to a larger plan on the Subscription page (/subscribe) for more reports, or wait until the 1st of next month.',
    { code: 'QUOTA_EXHAUSTED' },
  );
}

export async function getBusinessUsage(db: Database, businessId: string, now = new Date()): Promise<TBusinessUsage> {
  const access = await loadBusinessAccess(db, businessId);
  const { start, end } = monthPeriod(now);
  const [counts] = await db
    .select({
      searches: sql<number>`count(*)::int`,
    })
    .from(creditInquiries)
    .where(and(eq(creditInquiries.businessId, businessId), eq(creditInquiries.kind, 'search'), gte(creditInquiries.createdAt, start)));
  // The quota counts reports, not searches.
  const used = await reportsUsedThisMonth(db, businessId, now);
  const isActive = isSubscriptionActive(access, now);
  return {
    planCode: access.planCode,
    planName: access.planName,
    subscriptionStatus: isActive ? 'active' : access.subscriptionStatus === 'active' ? 'expired' : access.subscriptionStatus,
    verificationStatus: access.verificationStatus,
    canInquire: access.verificationStatus === 'verified' && isActive,
    monthlyQuota: access.monthlyQuota,
    used,
    remaining: Math.max(0, access.monthlyQuota - used),
    searchesThisMonth: Number(counts?.searches ?? 0),
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
  };
}
