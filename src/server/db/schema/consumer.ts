import { sql } from 'drizzle-orm';
import type { TNotificationParams } from '@shared/schemas/consumer';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creditAccounts } from './credit';
import { users } from './users';

// The consumer workspace (issue 7): identity codes, the SMS outbox, the person's own reports,
// disputes and their timeline, consents, fraud alerts and notifications. Rows are keyed by the
// consumer's user id (and disputes by the account), never by a registry subject id: subjects can be
// merged by an administrator, the consumer and the account stay.

/** Every SMS the platform sends. The sandbox provider only writes here; a real one also sends. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    /** What it is for: identity_code, ... */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerMessageId: text('provider_message_id'),
    /** Ours: sent (the provider took it; the sandbox only records), failed (it did not: `failureReason` says why). */
    status: text('status').notNull().default('sent'),
    failureReason: text('failure_reason'),
    /** The provider's delivery report (Success, Buffered, Rejected, Failed...), null until one arrives. */
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    deliveryUpdatedAt: timestamp('delivery_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_phone_created_idx').on(t.toPhone, t.createdAt),
    index('sms_outbox_created_idx').on(t.createdAt),
    index('sms_outbox_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`provider_message_id IS NOT NULL`),
  ],
);

/**
 * One-time codes that prove a consumer holds a phone on their registry file. Only an HMAC of the
 * code is kept (keyed with the server secret: six digits are no secret from a plain hash).
 */
export const consumerIdentityCodes = pgTable(
  'consumer_identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The registry phone it went to (E.164). */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when too many wrong guesses voided it, or a newer code replaced it. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [
    index('consumer_identity_codes_user_created_idx').on(t.userId, t.createdAt),
    index('consumer_identity_codes_phone_created_idx').on(t.phone, t.createdAt),
  ],
);

/** The person's own reports ("Request New Report"): a snapshot of what they were shown, free, never an inquiry. */
export const consumerReports = pgTable(
  'consumer_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    scoreValue: integer('score_value'),
    scoreBand: text('score_band'),
    accountCount: integer('account_count').notNull(),
    /** The report as built then (TCreditReport). */
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('consumer_reports_user_generated_idx').on(t.userId, t.generatedAt)],
);

export const disputeStatus = pgEnum('dispute_status', ['open', 'resolved']);
export const disputeOutcome = pgEnum('dispute_outcome', ['corrected', 'verified', 'removed']);

/**
 * A consumer's challenge of one account. While open the account carries is_disputed; once past its
 * deadline unanswered it is left out of business reports (credit/report.ts) and shown to the
 * regulator (disputes/queries.ts listOverdueDisputes).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short reference the person and the lender can quote: DSP-2026-000123. */
    reference: text('reference').notNull(),
    consumerUserId: uuid('consumer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a dispute outlives an account its lender removed as reported in error (the
     * account then lives in credit_account_removals, and the dispute shows its snapshot).
     */
    accountId: uuid('account_id').notNull(),
    /** The reporting business when filed (the account's business_id). */
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    statement: text('statement').notNull(),
    status: disputeStatus('status').notNull().default('open'),
    /** The account as the consumer saw it when filing, to compare with any correction. */
    accountSnapshot: jsonb('account_snapshot').$type<Record<string, unknown>>().notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Set by the daily deadline job the first day it finds the dispute past due and unanswered. */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** Set by the daily deadline job when it sends the lender's `dispute.deadline_near` webhook event (once). */
    deadlineNearAt: timestamp('deadline_near_at', { withTimezone: true }),
    outcome: disputeOutcome('outcome'),
    responseNote: text('response_note'),
    correction: jsonb('correction').$type<Record<string, unknown>>(),
    respondedBy: uuid('responded_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('disputes_reference_key').on(t.reference),
    // One open dispute per account at a time.
    uniqueIndex('disputes_open_account_key')
      .on(t.accountId)
      .where(sql`status = 'open'`),
    index('disputes_consumer_filed_idx').on(t.consumerUserId, t.filedAt),
    index('disputes_business_filed_idx').on(t.businessId, t.filedAt),
    index('disputes_open_due_idx')
      .on(t.dueAt)
      .where(sql`status = 'open'`),
  ],
);

/** Every step of a dispute, in order: filed, deadline passed, answered, complaint... */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** consumer, business, system, regulator. */
    actorRole: text('actor_role').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_events_dispute_idx').on(t.disputeId, t.occurredAt)],
);

/** A consumer's consent for one business to pull their report for one purpose, until it expires or is revoked. */
export const consumerConsents = pgTable(
  'consumer_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consumerUserId: uuid('consumer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('consumer_consents_consumer_idx').on(t.consumerUserId, t.grantedAt),
    index('consumer_consents_business_idx').on(t.businessId, t.consumerUserId),
  ],
);

/** A fraud alert the person placed: lenders are told to verify their identity before lending. */
export const consumerFraudAlerts = pgTable('consumer_fraud_alerts', {
  consumerUserId: uuid('consumer_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A phone lenders may call to check it is really the person (E.164). */
  contactPhone: text('contact_phone').notNull(),
  note: text('note'),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * In-app notifications (the bell), emailed too when SMTP is configured and the person wants it.
 * `dedupeKey` makes writers idempotent: the alert scan may look at the same account twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** new_account, new_default, new_inquiry, dispute_update, ... */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * The figures and names the sentence needs (and its `variant`), for saying it in the reader's
     * language; null on rows written before (the English title/body are their words) and for businesses.
     */
    params: jsonb('params').$type<TNotificationParams>(),
    /** A path in the web app to open. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** pending (to be emailed), sent, skipped (no email wanted or no address), failed. */
    emailStatus: text('email_status').notNull().default('skipped'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_email_pending_idx')
      .on(t.createdAt)
      .where(sql`email_status = 'pending'`),
  ],
);

/** Which notifications a person also wants by email (in-app ones are always kept). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNewAccounts: boolean('email_new_accounts').notNull().default(true),
  emailInquiries: boolean('email_inquiries').notNull().default(true),
  emailDisputes: boolean('email_disputes').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which business reported which phone for which account (decisions/021): a phone on a person's file
 * is trusted for identity codes once two different businesses reported it, so one lender cannot
 * put its own phone on a stranger's file and take the file over. Keyed by the account, so a merge
 * of two people (accounts move) keeps it and an account deleted as reported in error takes its
 * phones' votes with it. Written by the registry's write path (submissions/apply-reports.ts).
 */
export const creditAccountPhones = pgTable(
  'credit_account_phones',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => creditAccounts.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'credit_account_phones_pkey', columns: [t.accountId, t.phone] })],
);

/**
 * Linkings of a consumer account to a registry file that an administrator undid after checking the
 * person's documents (POST /api/admin/consumers/:id/unlink). The phone the undone linking was
 * confirmed with is never trusted again for that NIN; the account's NIN claim is released at once.
 */
export const consumerIdentityUnlinks = pgTable(
  'consumer_identity_unlinks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    nationalId: text('national_id').notNull(),
    /** The file it was linked to then (informative: files can be merged). */
    subjectId: uuid('subject_id'),
    /** The phone (E.164) whose code confirmed the undone linking, when known. */
    phone: text('phone'),
    reason: text('reason').notNull(),
    unlinkedBy: uuid('unlinked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consumer_identity_unlinks_nin_idx').on(t.nationalId), index('consumer_identity_unlinks_user_idx').on(t.userId)],
);
