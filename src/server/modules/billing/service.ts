import { cardDigits, isLuhnValid, REGISTRATION_PLAN_CODE, type TPaymentRequest, type TPaymentResult } from '@shared/schemas/payments';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { businessProfiles, invoices, payments } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { readSetting } from '../settings';
import { usdCentsToSleCents } from './money';
import type { PaymentProvider } from './payment-provider';
import { findPlan } from './plans';

function parseExpiry(expiry: string): { month: number; year: number } {
  const [mm, yy] = expiry.split('/').map(Number);
  return { month: mm, year: 2000 + yy };
}

/** Luhn, a real month and an expiry not in the past; errors name the card field. */
function checkCard(card: TPaymentRequest['card']) {
  const digits = cardDigits(card.number);
  if (!/^\d{13,19}$/.test(digits) || !isLuhnValid(digits)) {
    throw badRequest([{ field: 'card.number', message: 'Valid card number is required' }]);
  }
  const { month, year } = parseExpiry(card.expiry);
  if (month < 1 || month > 12) throw badRequest([{ field: 'card.expiry', message: 'Valid expiry date is required (MM/YY)' }]);
  const now = new Date();
  const isExpired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (isExpired) throw badRequest([{ field: 'card.expiry', message: 'This card has expired' }]);
  if (!/^\d{3,4}$/.test(card.cvc)) throw badRequest([{ field: 'card.cvc', message: 'Valid CVC is required' }]);
  return { digits, month, year };
}

function addOneMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function invoiceNumber(at: Date): string {
  const yyyymm = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return `INV-${yyyymm}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Charges the plan's catalogue price (never the amount the browser sent) and, on success,
 * activates or extends the subscription by one month and issues an invoice, in one transaction.
 */
export async function payForSubscription(
  db: Database,
  provider: PaymentProvider,
  request: TPaymentRequest,
  auditContext: Partial<AuditEventInput> = {},
): Promise<TPaymentResult> {
  const card = checkCard(request.card);
  const planCode = request.planCode ?? REGISTRATION_PLAN_CODE;
  const plan = await findPlan(db, planCode);
  if (!plan) throw badRequest([{ field: 'planCode', message: 'Unknown plan' }]);
  if (plan.isFree || plan.priceUsdCents === null || plan.priceUsdCents <= 0) {
    throw badRequest([{ field: 'planCode', message: `The ${plan.name} plan cannot be paid by card here; please contact us.` }]);
  }
  const [business] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, request.businessId)).limit(1);
  if (!business) throw notFound('Business not found');
  if (business.verificationStatus === 'suspended')
    throw new HttpError(403, 'This business account is suspended.', { code: 'BUSINESS_SUSPENDED' });

  const charge = await provider.charge({
    amountUsdCents: plan.priceUsdCents,
    currency: 'USD',
    description: `CreditCheck SL ${plan.name} subscription, one month`,
    card: { name: request.card.name, number: card.digits, expiryMonth: card.month, expiryYear: card.year, cvc: request.card.cvc },
  });

  const autoRenew = request.autoRenew ?? true;
  if (charge.status === 'declined') {
    await db.insert(payments).values({
      businessId: business.userId,
      planCode,
      amountUsdCents: plan.priceUsdCents,
      status: 'declined',
      provider: provider.name,
      cardBrand: charge.brand,
      cardLast4: charge.last4,
      failureMessage: charge.message,
    });
    await recordAuditEvent(db, {
      ...auditContext,
      action: 'payment.declined',
      businessId: business.userId,
      details: { planCode, cardLast4: charge.last4 },
    });
    throw new HttpError(402, charge.message, { code: 'CARD_DECLINED' });
  }

  const rate = await readSetting(db, 'exchange_rate_sle_per_usd');
  const now = new Date();
  // Paying again for the plan already running extends it; a new plan starts today.
  const isRenewal =
    business.subscriptionStatus === 'active' &&
    business.planCode === planCode &&
    business.nextBillingDate &&
    business.nextBillingDate > now;
  const periodStart = isRenewal ? business.nextBillingDate! : now;
  const periodEnd = addOneMonth(periodStart);
  const number = invoiceNumber(now);

  const paymentId = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        businessId: business.userId,
        planCode,
        amountUsdCents: plan.priceUsdCents!,
        status: 'succeeded',
        provider: provider.name,
        providerReference: charge.reference,
        cardBrand: charge.brand,
        cardLast4: charge.last4,
      })
      .returning({ id: payments.id });
    await tx.insert(invoices).values({
      number,
      businessId: business.userId,
      paymentId: payment.id,
      planCode,
      amountUsdCents: plan.priceUsdCents!,
      exchangeRateSlePerUsd: rate,
      amountSleCents: usdCentsToSleCents(plan.priceUsdCents!, rate),
      periodStart,
      periodEnd,
    });
    await tx
      .update(businessProfiles)
      .set({ planCode, subscriptionStatus: 'active', nextBillingDate: periodEnd, autoRenew })
      .where(eq(businessProfiles.userId, business.userId));
    await recordAuditEvent(tx, {
      ...auditContext,
      action: 'payment.succeeded',
      businessId: business.userId,
      targetType: 'invoice',
      targetId: number,
      details: { planCode, amountUsdCents: plan.priceUsdCents, cardLast4: charge.last4 },
    });
    return payment.id;
  });

  return {
    paymentId,
    invoiceNumber: number,
    status: 'succeeded',
    planCode,
    amountUsdCents: plan.priceUsdCents,
    currency: 'USD',
    cardBrand: charge.brand,
    cardLast4: charge.last4,
    nextBillingDate: periodEnd.toISOString(),
    autoRenew,
  };
}
