import { boolean, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { plans } from './billing';

export const userRole = pgEnum('user_role', ['system_admin', 'business', 'consumer', 'regulator']);
export const userStatus = pgEnum('user_status', ['active', 'disabled']);
export const verificationStatus = pgEnum('verification_status', ['pending', 'verified', 'rejected', 'suspended']);
export const subscriptionStatus = pgEnum('subscription_status', ['inactive', 'active', 'past_due', 'cancelled']);

/** One table for every person who signs in; the role decides which profile table holds the rest. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: userRole('role').notNull(),
    /** Lower-cased. Consumers have none: they sign in with their NIN or phone. */
    username: text('username'),
    /** Lower-cased. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    status: userStatus('status').notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Uniqueness is per role: a sole trader may be a consumer and a business with one phone.
    uniqueIndex('users_role_username_key').on(t.role, t.username),
    uniqueIndex('users_role_email_key').on(t.role, t.email),
    uniqueIndex('users_role_phone_key').on(t.role, t.phone),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const businessProfiles = pgTable('business_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  businessType: text('business_type'),
  registrationNumber: text('registration_number').notNull(),
  taxId: text('tax_id'),
  address: text('address'),
  contactName: text('contact_name').notNull(),
  contactPosition: text('contact_position'),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
  verificationNote: text('verification_note'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  planCode: text('plan_code')
    .notNull()
    .default('starter')
    .references(() => plans.code),
  subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('inactive'),
  nextBillingDate: timestamp('next_billing_date', { withTimezone: true }),
  autoRenew: boolean('auto_renew').notNull().default(true),
  /** A contracted monthly report quota in place of the plan's (a large lender's agreement); null: the plan's. */
  monthlyQuotaOverride: integer('monthly_quota_override'),
  /** What a mid-period downgrade left unused, taken off the next card payment (decisions/035). */
  planCreditUsdCents: integer('plan_credit_usd_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consumerProfiles = pgTable(
  'consumer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised: trimmed, upper-cased. */
    nationalId: text('national_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    consentToDataProcessing: boolean('consent_to_data_processing').notNull(),
    agreedToTermsAt: timestamp('agreed_to_terms_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the consumer confirmed a one-time code sent to a phone on file in the registry. */
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    /** The language of the portal, USSD menus, SMS alerts and certificates: 'en' or 'kri' (src/shared/i18n). */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consumer_profiles_national_id_key').on(t.nationalId)],
);

/** Administrators and regulators: invited staff. */
export const staffProfiles = pgTable('staff_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  organisation: text('organisation'),
  position: text('position'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
