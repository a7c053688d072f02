import { and, eq, gte, sql } from 'drizzle-orm';
import type { TBusinessUsage } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { businessProfiles, creditInquiries, plans } from '../../db/schema/index';
import { HttpError, forbidden, notFound } from '../../lib/http-error';

/** What decides whether a business may use the registry, read in one query. */
export interface BusinessAccess {
  businessId: string;
  businessName: string;
  verificationStatus: string;
  subscriptionStatus: string;
  nextBillingDate: Date | null;
  planCode: string;
  planName: string;
  isFreePlan: boolean;
  monthlyQuota: number;
}

export async function loadBusinessAccess(db: Database, businessId: string): Promise<BusinessAccess> {
  const rows = await db
    .select({
      businessId: businessProfiles.userId,
      businessName: businessProfiles.businessName,
      verificationStatus: businessProfiles.verificationStatus,
      subscriptionStatus: businessProfiles.subscriptionStatus,
      nextBillingDate: businessProfiles.nextBillingDate,
      planCode: plans.code,
      planName: plans.name,
      isFreePlan: plans.isFree,
      monthlyQuota: plans.monthlyInquiryQuota,
    })
    .from(businessProfiles)
    .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
    .where(eq(businessProfiles.userId, businessId))
    .limit(1);
  if (!rows[0]) throw notFound('Business profile not found');
  return rows[0];
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
  if (access.verificationStatus === 'verified') return;
  if (access.verificationStatus === 'suspended') throw forbidden('Your business is suspended. Contact CreditCheck SL to restore access.');
  if (access.verificationStatus === 'rejected') throw forbidden('Your business verification was rejected. Contact CreditCheck SL.');
  throw forbidden('Your business is not verified yet. Credit checks open once an administrator has verified your registration documents.');
}

/** Searches and reports need a verified business with an active subscription. */
export function assertCanInquire(access: BusinessAccess, now = new Date()) {
  assertVerified(access);
  if (!isSubscriptionActive(access, now)) {
    throw new HttpError(402, `Your ${access.planName} subscription is not active. Renew it on the Subscription page (/subscribe) to search and pull reports.`);
  }
}

/** The calendar month (Sierra Leone keeps GMT all year, so UTC months are local months). */
export function monthPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Reports pulled this month: the quota counts reports, not searches. */
export async function countReportsThisMonth(db: Pick<Database, 'select'>, businessId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(creditInquiries)
    .where(and(eq(creditInquiries.businessId, businessId), eq(creditInquiries.kind, 'report'), gte(creditInquiries.createdAt, monthPeriod(now).start)));
  return Number(row?.count ?? 0);
}

/** Upgrading is the way past a used-up quota; the message says where. */
export function quotaExhausted(access: BusinessAccess): HttpError {
  return new HttpError(
    402,
    `You have used all ${access.monthlyQuota} credit reports of your ${access.planName} plan this month. ` +
      'Upgrade to a larger plan on the Subscription page (/subscribe) for more reports, or wait until the 1st of next month.',
  );
}

export async function getBusinessUsage(db: Database, businessId: string, now = new Date()): Promise<TBusinessUsage> {
  const access = await loadBusinessAccess(db, businessId);
  const { start, end } = monthPeriod(now);
  const [counts] = await db
    .select({
      reports: sql<number>`count(*) FILTER (WHERE ${creditInquiries.kind} = 'report')::int`,
      searches: sql<number>`count(*) FILTER (WHERE ${creditInquiries.kind} = 'search')::int`,
    })
    .from(creditInquiries)
    .where(and(eq(creditInquiries.businessId, businessId), gte(creditInquiries.createdAt, start)));
  const used = Number(counts?.reports ?? 0);
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
