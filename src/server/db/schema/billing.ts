import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
