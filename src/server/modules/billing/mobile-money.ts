import { maskIdentifier, toE164 } from '@shared/identity';
import {
  PAYMENT_METHOD_LABELS,
  type TMobileMoneyPayment,
  type TMobileMoneyPaymentRequest,
  type TMobileMoneyStatus,
} from '@shared/schemas/mobile-money';
import { and, eq, inArray } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { invoices, mobileMoneyPayments } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { readSetting } from '../settings';
import { usdCentsToSleCents } from './money';
import {
  wholeLeones,
  type CallbackInput,
  type MobileMoneyProvider,
  type MobileMoneyProviders,
  type ProviderOutcome,
} from './mobile-money-provider';
import { prepareCharge, recordPaidSubscription } from './service';

/** A pending payment the payer has not approved in this time is given up (decisions/046). */
export const MOBILE_MONEY_EXPIRY_MS = 10 * 60 * 1000;
/** A poll asks the provider at most this often (the sandbox each time). */
const STATUS_QUERY_INTERVAL_MS = 10_000;

type TRow = typeof mobileMoneyPayments.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function viewOf(row: TRow, invoice: { number: string; nextBillingDate: Date | null } | null): TMobileMoneyPayment {
  return {
    paymentId: row.id,
    status: row.status as TMobileMoneyStatus,
    method: row.method as TMobileMoneyPayment['method'],
    phoneMasked: maskIdentifier(row.phone, 4),
    planCode: row.planCode,
    amountUsdCents: row.amountUsdCents,
    amountSleCents: row.amountSleCents,
    exchangeRateSlePerUsd: String(row.exchangeRateSlePerUsd),
    currency: 'SLE',
    expiresAt: row.expiresAt.toISOString(),
    invoiceNumber: invoice?.number ?? null,
    nextBillingDate: invoice?.nextBillingDate?.toISOString() ?? null,
    failureMessage: row.failureMessage,
  };
}

/**
 * Asks the chosen wallet's provider to collect the plan's price in SLE (whole leones at the
 * administrators' rate) and answers the pending payment. Nothing is activated here.
 */
export async function startMobileMoneyPayment(
  db: Database,
  providers: MobileMoneyProviders,
  request: TMobileMoneyPaymentRequest,
  callbackBase: string,
  auditContext: Partial<AuditEventInput>,
): Promise<TMobileMoneyPayment> {
  const provider = providers[request.method];
  if (!provider) throw badRequest([{ field: 'method', message: `${PAYMENT_METHOD_LABELS[request.method]} is not available here` }]);
  const phone = toE164(request.phone);
  if (!phone?.startsWith('+232')) throw badRequest([{ field: 'phone', message: 'Enter a Sierra Leone mobile number (+232)' }]);
  const now = new Date();
  const { plan, planCode, business, due } = await prepareCharge(db, request.businessId, request.planCode, now, 'by mobile money');
  if (due.dueUsdCents === 0) {
    throw badRequest([
      { field: 'method', message: 'Nothing is due for this change: it needs no payment. Use the card form to confirm it.' },
    ]);
  }
  const rate = await readSetting(db, 'exchange_rate_sle_per_usd');
  const amountSleCents = wholeLeones(usdCentsToSleCents(due.dueUsdCents, rate));
  const orderId = `CCSL${randomBytes(10).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(mobileMoneyPayments)
    .values({
      businessId: business.userId,
      planCode,
      method: request.method,
      provider: provider.name,
      phone,
      orderId,
      amountUsdCents: due.dueUsdCents,
      exchangeRateSlePerUsd: rate,
      amountSleCents,
      autoRenew: request.autoRenew ?? true,
      expiresAt: new Date(now.getTime() + MOBILE_MONEY_EXPIRY_MS),
      createdAt: now,
    })
    .returning();
  const callbackUrl =
    request.method === 'orange_money'
      ? `${callbackBase}/api/payments/mobile-money/callbacks/orange-money/${orderId}`
      : `${callbackBase}/api/payments/mobile-money/callbacks/afrimoney`;
  let start;
  try {
    start = await provider.requestCollection({
      orderId,
      amountSleCents,
      currency: 'SLE',
      phone,
      description: `CreditCheck SL ${plan.name} subscription`,
      callbackUrl,
    });
  } catch {
    start = {
      status: 'failed' as const,
      message: `${PAYMENT_METHOD_LABELS[request.method]} did not answer. Please try again or pay by card.`,
    };
  }
  const details = {
    planCode,
    method: request.method,
    orderId,
    amountUsdCents: due.dueUsdCents,
    amountSleCents,
    phone: maskIdentifier(phone, 4),
  };
  if (start.status === 'failed') {
    const [failed] = await db
      .update(mobileMoneyPayments)
      .set({ status: 'failed', failureMessage: start.message, completedAt: new Date() })
      .where(eq(mobileMoneyPayments.id, row.id))
      .returning();
    await recordAuditEvent(db, { ...auditContext, action: 'payment.declined', businessId: business.userId, details });
    return viewOf(failed, null);
  }
  const [pending] = await db
    .update(mobileMoneyPayments)
    .set({
      providerReference: start.providerReference,
      callbackTokenHash: start.callbackToken ? sha256(start.callbackToken).toString('hex') : null,
    })
    .where(eq(mobileMoneyPayments.id, row.id))
    .returning();
  await recordAuditEvent(db, {
    ...auditContext,
    action: 'payment.mobile_money_requested',
    businessId: business.userId,
    targetType: 'mobile_money_payment',
    targetId: row.id,
    details,
  });
  return viewOf(pending, null);
}

async function invoiceOf(db: Database, row: TRow) {
  if (!row.paymentId) return null;
  const [invoice] = await db
    .select({ number: invoices.number, periodEnd: invoices.periodEnd })
    .from(invoices)
    .where(eq(invoices.paymentId, row.paymentId))
    .limit(1);
  return invoice ? { number: invoice.number, nextBillingDate: invoice.periodEnd } : null;
}

/**
 * Settles a payment with what the provider said (a verified callback or its status answer), once:
 * the row moves out of pending (or expired) by one conditional update inside the transaction that
 * activates, so a callback delivered twice, or a poll racing it, activates once.
 */
async function settle(db: Database, row: TRow, outcome: ProviderOutcome, auditContext: Partial<AuditEventInput>): Promise<TRow> {
  if (outcome.status === 'pending') return row;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(mobileMoneyPayments)
      .set({
        status: outcome.status,
        completedAt: new Date(),
        providerReference: outcome.providerReference ?? row.providerReference,
        failureMessage: outcome.status === 'failed' ? (outcome.message ?? 'The payment was not approved.') : null,
      })
      .where(and(eq(mobileMoneyPayments.id, row.id), inArray(mobileMoneyPayments.status, ['pending', 'expired'])))
      .returning();
    if (!claimed) {
      const [current] = await tx.select().from(mobileMoneyPayments).where(eq(mobileMoneyPayments.id, row.id));
      return current;
    }
    const details = { planCode: row.planCode, method: row.method, orderId: row.orderId, amountSleCents: row.amountSleCents };
    if (outcome.status === 'failed') {
      await recordAuditEvent(tx, { ...auditContext, action: 'payment.declined', businessId: row.businessId, details });
      return claimed;
    }
    // The period and credit as at the request (the amount the wallet paid is the one asked then).
    const { business, due } = await prepareCharge(tx, row.businessId, row.planCode, row.createdAt, 'by mobile money');
    const { paymentId } = await recordPaidSubscription(tx, {
      business,
      planCode: row.planCode,
      due: { ...due, dueUsdCents: row.amountUsdCents },
      provider: row.provider,
      providerReference: claimed.providerReference,
      cardBrand: null,
      cardLast4: null,
      autoRenew: row.autoRenew,
      rate: String(row.exchangeRateSlePerUsd),
      amountSleCents: row.amountSleCents,
      now: new Date(),
      auditContext,
      auditDetails: { ...details, lateAfterExpiry: row.status === 'expired' },
    });
    const [done] = await tx.update(mobileMoneyPayments).set({ paymentId }).where(eq(mobileMoneyPayments.id, row.id)).returning();
    return done;
  });
}

/**
 * The payment as the paying browser polls it: only the business's own (another's is 404). A
 * pending one is asked of the provider now and then; one past its time is marked expired.
 */
export async function readMobileMoneyPayment(
  db: Database,
  providers: MobileMoneyProviders,
  businessId: string,
  id: string,
  auditContext: Partial<AuditEventInput>,
): Promise<TMobileMoneyPayment> {
  const [found] = await db
    .select()
    .from(mobileMoneyPayments)
    .where(and(eq(mobileMoneyPayments.id, id), eq(mobileMoneyPayments.businessId, businessId)))
    .limit(1);
  if (!found) throw notFound('Payment not found');
  let row = found;
  const provider = providers[row.method as keyof MobileMoneyProviders];
  const isDue = !row.lastCheckedAt || Date.now() - row.lastCheckedAt.getTime() >= STATUS_QUERY_INTERVAL_MS || provider?.name === 'sandbox';
  if (row.status === 'pending' && provider && provider.name === row.provider && isDue) {
    await db.update(mobileMoneyPayments).set({ lastCheckedAt: new Date() }).where(eq(mobileMoneyPayments.id, row.id));
    const outcome = await provider
      .queryStatus({ orderId: row.orderId, providerReference: row.providerReference, amountSleCents: row.amountSleCents })
      .catch((): ProviderOutcome => ({ status: 'pending' }));
    if (outcome.status !== 'pending' && isConsistent(row, outcome)) row = await settle(db, row, outcome, auditContext);
  }
  if (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()) {
    const [expired] = await db
      .update(mobileMoneyPayments)
      .set({ status: 'expired', failureMessage: 'The payment was not approved in time.', completedAt: new Date() })
      .where(and(eq(mobileMoneyPayments.id, row.id), eq(mobileMoneyPayments.status, 'pending')))
      .returning();
    if (expired) {
      row = expired;
      await recordAuditEvent(db, {
        ...auditContext,
        action: 'payment.mobile_money_expired',
        businessId: row.businessId,
        targetType: 'mobile_money_payment',
        targetId: row.id,
        details: { orderId: row.orderId },
      });
    }
  }
  return viewOf(row, await invoiceOf(db, row));
}

/** Amount, currency and reference the provider states must be the pending payment's. */
function isConsistent(row: TRow, outcome: ProviderOutcome): boolean {
  if (outcome.orderId !== undefined && outcome.orderId !== row.orderId) return false;
  if (outcome.amountSleCents !== undefined && outcome.amountSleCents !== row.amountSleCents) return false;
  if (outcome.currency !== undefined && outcome.currency !== row.currency) return false;
  return true;
}

/**
 * A provider's callback: read and verified by the adapter (Afrimoney's signature), the token
 * compared in constant time with the stored hash (Orange's notif_token), the amount, currency and
 * reference checked against the pending payment; anything refused is audited and answered 400/403.
 */
export async function receiveMobileMoneyCallback(
  db: Database,
  provider: MobileMoneyProvider | undefined,
  input: CallbackInput,
  auditContext: Partial<AuditEventInput>,
): Promise<{ received: true; status: TMobileMoneyStatus }> {
  const refuse = async (
    status: 400 | 403,
    code: 'MOBILE_MONEY_CALLBACK_INVALID' | 'MOBILE_MONEY_CALLBACK_REFUSED',
    reason: string,
    row?: TRow,
  ) => {
    await recordAuditEvent(db, {
      ...auditContext,
      action: 'payment.callback_refused',
      businessId: row?.businessId ?? null,
      targetType: row ? 'mobile_money_payment' : null,
      targetId: row?.id ?? null,
      details: { provider: provider?.name ?? 'none', reason, orderId: row?.orderId ?? input.orderIdFromUrl ?? null },
    });
    return new HttpError(status, status === 403 ? 'The callback could not be verified.' : 'The callback is not one we can read.', { code });
  };
  if (!provider) throw await refuse(403, 'MOBILE_MONEY_CALLBACK_REFUSED', 'provider_not_enabled');
  const reading = provider.readCallback(input);
  if (!reading.ok) {
    throw reading.reason === 'bad_signature'
      ? await refuse(403, 'MOBILE_MONEY_CALLBACK_REFUSED', 'bad_signature')
      : await refuse(400, 'MOBILE_MONEY_CALLBACK_INVALID', reading.message);
  }
  const [row] = await db
    .select()
    .from(mobileMoneyPayments)
    .where(and(eq(mobileMoneyPayments.orderId, reading.orderId), eq(mobileMoneyPayments.provider, provider.name)))
    .limit(1);
  if (!row) throw await refuse(403, 'MOBILE_MONEY_CALLBACK_REFUSED', 'unknown_order');
  if (row.callbackTokenHash !== null) {
    const expected = Buffer.from(row.callbackTokenHash, 'hex');
    const given = sha256(reading.token ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw await refuse(403, 'MOBILE_MONEY_CALLBACK_REFUSED', 'bad_token', row);
    }
  }
  if (!isConsistent(row, reading.outcome))
    throw await refuse(400, 'MOBILE_MONEY_CALLBACK_INVALID', 'amount_currency_or_reference_mismatch', row);
  const settled = await settle(db, row, reading.outcome, auditContext);
  return { received: true, status: settled.status as TMobileMoneyStatus };
}
