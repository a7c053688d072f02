import { formatMinorAmount } from '@shared/format';
import type { TSubscription } from '@shared/schemas/business';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessProfiles, invoices, mobileMoneyPayments, payments, plans } from '../../db/schema/index';
import { PAYMENT_METHOD_LABELS, type TMobileMoneyMethod } from '@shared/schemas/mobile-money';
import { assertOwner, isOwner, type BusinessActor } from '../../lib/business-actor';
import { notFound } from '../../lib/http-error';
import { recordAuditEvent } from '../audit';

/** An invoice's payment in words: the wallet, plan credit, or a card (renewal invoices not yet paid: none). */
function paymentMethodOf(provider: string | null, mobileMoneyMethod: string | null): string | undefined {
  if (mobileMoneyMethod) return PAYMENT_METHOD_LABELS[mobileMoneyMethod as TMobileMoneyMethod] ?? mobileMoneyMethod;
  if (provider === 'credit') return PAYMENT_METHOD_LABELS.credit;
  return provider ? PAYMENT_METHOD_LABELS.card : undefined;
}

export async function getSubscription(db: Database, actor: BusinessActor): Promise<TSubscription> {
  const [[row], invoiceRows] = await Promise.all([
    db
      .select({
        code: plans.code,
        name: plans.name,
        priceUsdCents: plans.priceUsdCents,
        isFree: plans.isFree,
        monthlyInquiryQuota: plans.monthlyInquiryQuota,
        hasApiAccess: plans.hasApiAccess,
        hasWhiteLabel: plans.hasWhiteLabel,
        maxTeamMembers: plans.maxTeamMembers,
        subscriptionStatus: businessProfiles.subscriptionStatus,
        nextBillingDate: businessProfiles.nextBillingDate,
        autoRenew: businessProfiles.autoRenew,
      })
      .from(businessProfiles)
      .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
      .where(eq(businessProfiles.userId, actor.businessId))
      .limit(1),
    db
      .select({
        number: invoices.number,
        planCode: invoices.planCode,
        planName: plans.name,
        amountUsdCents: invoices.amountUsdCents,
        amountSleCents: invoices.amountSleCents,
        exchangeRateSlePerUsd: invoices.exchangeRateSlePerUsd,
        status: invoices.status,
        periodStart: invoices.periodStart,
        periodEnd: invoices.periodEnd,
        issuedAt: invoices.issuedAt,
        provider: payments.provider,
        mobileMoneyMethod: mobileMoneyPayments.method,
      })
      .from(invoices)
      .innerJoin(plans, eq(plans.code, invoices.planCode))
      .leftJoin(payments, eq(payments.id, invoices.paymentId))
      .leftJoin(mobileMoneyPayments, eq(mobileMoneyPayments.paymentId, invoices.paymentId))
      .where(eq(invoices.businessId, actor.businessId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(60),
  ]);
  if (!row) throw notFound('Business profile not found');
  return {
    plan: {
      code: row.code,
      name: row.name,
      priceUsdCents: row.priceUsdCents,
      isFree: row.isFree,
      monthlyInquiryQuota: row.monthlyInquiryQuota,
      hasApiAccess: row.hasApiAccess,
      hasWhiteLabel: row.hasWhiteLabel,
      maxTeamMembers: row.maxTeamMembers,
    },
    subscriptionStatus: row.subscriptionStatus,
    nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
    autoRenew: row.autoRenew,
    invoices: invoiceRows.map((i) => ({
      number: i.number,
      planCode: i.planCode,
      planName: i.planName,
      amountUsdCents: i.amountUsdCents,
      amountSle: formatMinorAmount(i.amountSleCents),
      exchangeRateSlePerUsd: String(i.exchangeRateSlePerUsd),
      paymentMethod: paymentMethodOf(i.provider, i.mobileMoneyMethod),
      status: i.status,
      periodStart: i.periodStart.toISOString(),
      periodEnd: i.periodEnd.toISOString(),
      issuedAt: i.issuedAt.toISOString(),
    })),
    canManage: isOwner(actor),
  };
}

export async function setAutoRenew(db: Database, actor: BusinessActor, autoRenew: boolean): Promise<TSubscription> {
  assertOwner(actor, 'change the subscription');
  await db.transaction(async (tx) => {
    await tx.update(businessProfiles).set({ autoRenew }).where(eq(businessProfiles.userId, actor.businessId));
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.auto_renew_changed',
      businessId: actor.businessId,
      targetType: 'business',
      targetId: actor.businessId,
      details: { autoRenew },
    });
  });
  return getSubscription(db, actor);
}

// ---------------------------------------------------------------------------------------------
// Team members
// ---------------------------------------------------------------------------------------------
