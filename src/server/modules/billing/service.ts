import { cardDigits, isLuhnValid, REGISTRATION_PLAN_CODE, type TPaymentRequest, type TPaymentResult } from '@shared/schemas/payments';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { businessProfiles, invoices, payments } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { readSetting } from '../settings';
import { usdCentsToSleCents } from './money';
import { cardBrandOf, type PaymentProvider } from './payment-provider';
import { findPlan } from './plans';
import { planCharge, type ChargePlan } from './proration';

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

function invoiceNumber(at: Date): string {
  const yyyymm = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return `INV-${yyyymm}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export type TBusinessRow = typeof businessProfiles.$inferSelect;

/**
 * The plan asked for, the business paying, and what the payment charges and which period it pays
 * for at `now` (proration.ts, decisions/036): one rule for cards and mobile money.
 */
export async function prepareCharge(
  db: Database,
  businessId: string,
  requestedPlanCode: string | undefined,
  now: Date,
  methodWords: string,
) {
  const planCode = requestedPlanCode ?? REGISTRATION_PLAN_CODE;
  const plan = await findPlan(db, planCode);
  if (!plan) throw badRequest([{ field: 'planCode', message: 'Unknown plan' }]);
  if (plan.isFree || plan.priceUsdCents === null || plan.priceUsdCents <= 0) {
    throw badRequest([{ field: 'planCode', message: `The ${plan.name} plan cannot be paid ${methodWords} here; please contact us.` }]);
  }
  const [business] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, businessId)).limit(1);
  if (!business) throw notFound('Business not found');
  if (business.verificationStatus === 'suspended')
    throw new HttpError(403, 'This business account is suspended.', { code: 'BUSINESS_SUSPENDED' });

  // A change of plan while a paid plan runs costs only the difference for the rest of the period (decisions/036).
  const currentPlan = business.planCode === planCode ? plan : await findPlan(db, business.planCode);
  const isRunning = business.subscriptionStatus === 'active' && !!business.nextBillingDate && business.nextBillingDate > now;
  const due = planCharge(
    { code: planCode, priceUsdCents: plan.priceUsdCents },
    {
      plan:
        currentPlan && !currentPlan.isFree && currentPlan.priceUsdCents
          ? { code: currentPlan.code, priceUsdCents: currentPlan.priceUsdCents }
          : null,
      isRunning,
      periodEnd: business.nextBillingDate,
      creditUsdCents: business.planCreditUsdCents,
    },
    now,
  );
  return { plan, planCode, business, due };
}

/**
 * A paid subscription, in the caller's transaction: the payments row, the invoice (SLE at the
 * rate given), the business's plan and period, and the audit event. Cards and mobile money alike.
 */
export async function recordPaidSubscription(
  tx: Database,
  paid: {
    business: TBusinessRow;
    planCode: string;
    due: ChargePlan;
    provider: string;
    providerReference: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    autoRenew: boolean;
    rate: string;
    amountSleCents: number;
    now: Date;
    auditContext: Partial<AuditEventInput>;
    auditDetails: Record<string, unknown>;
  },
): Promise<{ paymentId: string; invoiceNumber: string }> {
  const { business, planCode, due } = paid;
  const number = invoiceNumber(paid.now);
  const [payment] = await tx
    .insert(payments)
    .values({
      businessId: business.userId,
      planCode,
      amountUsdCents: due.dueUsdCents,
      status: 'succeeded',
      provider: paid.provider,
      providerReference: paid.providerReference,
      cardBrand: paid.cardBrand,
      cardLast4: paid.cardLast4,
    })
    .returning({ id: payments.id });
  await tx.insert(invoices).values({
    number,
    businessId: business.userId,
    paymentId: payment.id,
    planCode,
    amountUsdCents: due.dueUsdCents,
    exchangeRateSlePerUsd: paid.rate,
    amountSleCents: paid.amountSleCents,
    periodStart: due.periodStart,
    periodEnd: due.periodEnd,
  });
  await tx
    .update(businessProfiles)
    .set({
      planCode,
      subscriptionStatus: 'active',
      nextBillingDate: due.periodEnd,
      autoRenew: paid.autoRenew,
      planCreditUsdCents: due.creditAfterUsdCents,
    })
    .where(eq(businessProfiles.userId, business.userId));
  await recordAuditEvent(tx, {
    ...paid.auditContext,
    action: 'payment.succeeded',
    businessId: business.userId,
    targetType: 'invoice',
    targetId: number,
    details: {
      planCode,
      amountUsdCents: due.dueUsdCents,
      ...paid.auditDetails,
      // How the amount was reached: a month, or the difference for the share of the period left, less credit.
      charge: due.kind,
      fromPlanCode: business.planCode,
      remainingShare: due.remainingShare,
      creditUsedUsdCents: due.creditUsedUsdCents,
      creditAfterUsdCents: due.creditAfterUsdCents,
    },
  });
  return { paymentId: payment.id, invoiceNumber: number };
}

/**
 * Charges the plan's catalogue price (never the amount the browser sent) and, on success,
 * activates or extends the subscription by one month and issues an invoice, in one transaction.
 * A change of plan while a paid plan runs charges only the difference for the rest of the period;
 * a downgrade charges nothing and keeps the unused difference as credit for the next payment
 * (proration.ts, decisions/036).
 */
export async function payForSubscription(
  db: Database,
  provider: PaymentProvider,
  request: TPaymentRequest,
  auditContext: Partial<AuditEventInput> = {},
): Promise<TPaymentResult> {
  const card = checkCard(request.card);
  const { plan, planCode, business, due } = await prepareCharge(db, request.businessId, request.planCode, new Date(), 'by card');
  // Nothing to charge (a downgrade, or credit covering it): the card is checked but not charged.
  const charge =
    due.dueUsdCents === 0
      ? { status: 'succeeded' as const, reference: null, brand: cardBrandOf(card.digits), last4: card.digits.slice(-4) }
      : await provider.charge({
          amountUsdCents: due.dueUsdCents,
          currency: 'USD',
          description:
            due.kind === 'upgrade'
              ? `CreditCheck SL change to ${plan.name}, the rest of this month`
              : `CreditCheck SL ${plan.name} subscription, one month`,
          card: { name: request.card.name, number: card.digits, expiryMonth: card.month, expiryYear: card.year, cvc: request.card.cvc },
        });

  const autoRenew = request.autoRenew ?? true;
  if (charge.status === 'declined') {
    await db.insert(payments).values({
      businessId: business.userId,
      planCode,
      amountUsdCents: due.dueUsdCents,
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
  // Paying again for the plan already running extends it; a new plan starts today; a change keeps the period's end.
  const { periodEnd } = due;
  const { paymentId, invoiceNumber: number } = await db.transaction((tx) =>
    recordPaidSubscription(tx, {
      business,
      planCode,
      due,
      // Nothing charged: paid from the plan credit (decisions/036).
      provider: due.dueUsdCents === 0 ? 'credit' : provider.name,
      providerReference: charge.reference,
      cardBrand: charge.brand,
      cardLast4: charge.last4,
      autoRenew,
      rate,
      amountSleCents: usdCentsToSleCents(due.dueUsdCents, rate),
      now: new Date(),
      auditContext,
      auditDetails: { cardLast4: charge.last4 },
    }),
  );

  return {
    paymentId,
    invoiceNumber: number,
    status: 'succeeded',
    planCode,
    amountUsdCents: due.dueUsdCents,
    currency: 'USD',
    cardBrand: charge.brand,
    cardLast4: charge.last4,
    nextBillingDate: periodEnd.toISOString(),
    autoRenew,
  };
}
