import { z } from 'zod';
import { toE164 } from '../identity';

/** The mobile money wallets a business can pay its subscription from (decisions/046). */
export const MOBILE_MONEY_METHODS = ['orange_money', 'afrimoney'] as const;
export type TMobileMoneyMethod = (typeof MOBILE_MONEY_METHODS)[number];

/** How a payment method reads on a page and an invoice. */
export const PAYMENT_METHOD_LABELS: Record<TMobileMoneyMethod | 'card' | 'credit', string> = {
  card: 'Card',
  orange_money: 'Orange Money',
  afrimoney: 'Afrimoney',
  credit: 'Plan credit',
};

export const MOBILE_MONEY_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;
export type TMobileMoneyStatus = (typeof MOBILE_MONEY_STATUSES)[number];

/** A Sierra Leone mobile number (+232), as the registration forms check it. */
export const ZMobileMoneyPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, { error: 'Phone number is required' })
  .max(30, { error: 'Valid phone number is required' })
  .refine((v) => (toE164(v) ?? '').startsWith('+232'), { error: 'Enter a Sierra Leone mobile number (+232)' });

/** POST /api/payments/mobile-money: ask the wallet's provider to collect; the payer approves on the phone. */
export const ZMobileMoneyPaymentRequestSchema = z.object({
  businessId: z.string({ error: 'Business ID is required' }).uuid({ error: 'Business ID is required' }),
  method: z.enum(MOBILE_MONEY_METHODS, { error: 'Choose Orange Money or Afrimoney' }),
  phone: ZMobileMoneyPhoneSchema,
  planCode: z.string().optional(),
  autoRenew: z.boolean().optional(),
});
export type TMobileMoneyPaymentRequest = z.infer<typeof ZMobileMoneyPaymentRequestSchema>;

/** A mobile money payment as the paying browser polls it (GET /api/payments/mobile-money/:id). */
export const ZMobileMoneyPaymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(MOBILE_MONEY_STATUSES),
  method: z.enum(MOBILE_MONEY_METHODS),
  /** The payer's number with all but the last four digits hidden. */
  phoneMasked: z.string(),
  planCode: z.string(),
  amountUsdCents: z.number().int(),
  /** What the wallet is charged, in SLE cents at the rate of the request. */
  amountSleCents: z.number().int(),
  exchangeRateSlePerUsd: z.string(),
  currency: z.literal('SLE'),
  expiresAt: z.string(),
  /** Set once succeeded. */
  invoiceNumber: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
  /** Why it failed, in plain words; null otherwise. */
  failureMessage: z.string().nullable(),
});
export type TMobileMoneyPayment = z.infer<typeof ZMobileMoneyPaymentSchema>;

/** A provider's callback is answered with this (what it needs: received or not). */
export const ZMobileMoneyCallbackAnswerSchema = z.object({ received: z.boolean(), status: z.enum(MOBILE_MONEY_STATUSES) });
