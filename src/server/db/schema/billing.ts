import { bigint, boolean, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The plan catalogue. Rows are reference data created by migrations; administrators edit prices
 * and quotas. The server charges from this table, never from an amount the browser sends.
 */
export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Monthly price in US cents; null means priced by agreement (Enterprise). */
  priceUsdCents: integer('price_usd_cents'),
  monthlyInquiryQuota: integer('monthly_inquiry_quota').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  hasApiAccess: boolean('has_api_access').notNull().default(false),
  hasWhiteLabel: boolean('has_white_label').notNull().default(false),
  maxTeamMembers: integer('max_team_members').notNull().default(1),
  isFree: boolean('is_free').notNull().default(false),
  isPublic: boolean('is_public').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings that administrators change at run time (exchange rate, dispute deadline, retention...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentStatus = pgEnum('payment_status', ['succeeded', 'declined']);

/** Every charge attempt, declined ones too. Only the card's brand and last four digits are kept. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: paymentStatus('status').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_business_id_idx').on(t.businessId, t.createdAt)],
);

/** One invoice per paid month; the SLE figure is fixed at the rate of the day it was issued. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    exchangeRateSlePerUsd: numeric('exchange_rate_sle_per_usd', { precision: 12, scale: 4 }).notNull(),
    /** SLE in cents (1 SLE = 100 cents). */
    amountSleCents: bigint('amount_sle_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('paid'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_business_id_idx').on(t.businessId, t.issuedAt)],
);

/**
 * A subscription payment by mobile money (Orange Money, Afrimoney), asynchronous: asked of the
 * provider, approved by the payer on the phone, and settled only by the provider's verified
 * callback or its status answer (decisions/046). On success a `payments` row and an invoice are
 * written as for a card, and `payment_id` points at that row.
 */
export const mobileMoneyPayments = pgTable(
  'mobile_money_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    /** orange_money or afrimoney: the wallet the payer chose. */
    method: text('method').notNull(),
    /** The adapter that handles it: orange_money, afrimoney or sandbox. */
    provider: text('provider').notNull(),
    /** E.164, +232... */
    phone: text('phone').notNull(),
    /** Our reference sent to the provider as the order id; the callback must name it. */
    orderId: text('order_id').notNull().unique(),
    providerReference: text('provider_reference'),
    /** SHA-256 (hex) of the secret the provider echoes in its callback (Orange's notif_token); compared in constant time. */
    callbackTokenHash: text('callback_token_hash'),
    status: text('status').notNull().default('pending'),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    exchangeRateSlePerUsd: numeric('exchange_rate_sle_per_usd', { precision: 12, scale: 4 }).notNull(),
    /** What the wallet is charged: SLE cents. */
    amountSleCents: bigint('amount_sle_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('SLE'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    failureMessage: text('failure_message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('mobile_money_payments_business_id_idx').on(t.businessId, t.createdAt)],
);
