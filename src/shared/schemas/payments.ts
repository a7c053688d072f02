import { z } from 'zod';

/** A plan of the catalogue as the public pricing and the payment dialog see it. */
export const ZPlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Monthly price in US cents; null when priced by agreement (Enterprise). */
  priceUsdCents: z.number().nullable(),
  /** The approximate monthly price in old Leones (SLL) at the current exchange-rate setting. */
  priceSllApprox: z.number().nullable(),
  monthlyInquiryQuota: z.number(),
  features: z.array(z.string()),
  hasApiAccess: z.boolean(),
  hasWhiteLabel: z.boolean(),
  isFree: z.boolean(),
  isPublic: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlanSchema>;
export const ZPlanListSchema = z.object({
  plans: z.array(ZPlanSchema),
  exchangeRateSlePerUsd: z.string(),
  /** The mobile money wallets a subscription can be paid from here, beside the card (decisions/046); absent: cards only. */
  mobileMoneyMethods: z.array(z.enum(['orange_money', 'afrimoney'])).optional(),
});

/** The plan the registration dialog's "Monthly Subscription, $100.00 USD" charges (docs/decisions). */
export const REGISTRATION_PLAN_CODE = 'standard';

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The payment dialog's form, with the specification's messages. */
export const ZPaymentFormSchema = z.object({
  cardName: z.string().trim().min(2, { error: 'Card name is required' }).max(100),
  cardNumber: z.string().min(15, { error: 'Valid card number is required' }).max(19, { error: 'Valid card number is required' }),
  expiryDate: z
    .string()
    .min(5, { error: 'Valid expiry date is required (MM/YY)' })
    .regex(/^\d{2}\/\d{2}$/, { error: 'Format must be MM/YY' }),
  cvc: z.string().min(3, { error: 'Valid CVC is required' }).max(4, { error: 'Valid CVC is required' }),
  autoRenew: z.boolean(),
});
export type TPaymentForm = z.infer<typeof ZPaymentFormSchema>;

/**
 * POST /api/payments. The specification's fields are kept (businessId, amount, currency,
 * paymentMethod, status, nextBillingDate), but the server ignores amount, status and
 * nextBillingDate: it charges the plan's catalogue price through the payment provider.
 * The card goes to the provider and is never stored beyond brand and last four digits.
 */
export const ZPaymentRequestSchema = z.object({
  businessId: z.string({ error: 'Business ID is required' }).uuid({ error: 'Business ID is required' }),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  paymentMethod: z.literal('card', { error: 'paymentMethod must be card' }).optional(),
  status: z.unknown().optional(),
  nextBillingDate: z.unknown().optional(),
  planCode: z.string().optional(),
  autoRenew: z.boolean().optional(),
  card: z.object(
    {
      name: ZPaymentFormSchema.shape.cardName,
      number: ZPaymentFormSchema.shape.cardNumber,
      expiry: ZPaymentFormSchema.shape.expiryDate,
      cvc: ZPaymentFormSchema.shape.cvc,
    },
    { error: 'Card details are required' },
  ),
});
export type TPaymentRequest = z.infer<typeof ZPaymentRequestSchema>;

export const ZPaymentResultSchema = z.object({
  paymentId: z.string(),
  invoiceNumber: z.string(),
  status: z.literal('succeeded'),
  planCode: z.string(),
  amountUsdCents: z.number(),
  currency: z.literal('USD'),
  cardBrand: z.string(),
  cardLast4: z.string(),
  nextBillingDate: z.string(),
  autoRenew: z.boolean(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResultSchema>;
