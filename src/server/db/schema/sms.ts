import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { smsOutbox } from './consumer';
import { users } from './users';

// SMS alerts and opt-outs (issue 21, decisions/046). The outbox itself is in consumer.ts.

/**
 * Phones that sent STOP (or whose owner turned text alerts off in Settings): no alert SMS goes to
 * them until START. One-time codes the person asks for still go.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  /** sms (STOP) or settings. */
  source: text('source').notNull(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One alert SMS to a verified consumer, written by the alert scan (one row per event: the unique
 * (user, dedupe key)) and sent by the job in the person's language. A failed send is tried again
 * later, a few times.
 */
export const smsAlerts = pgTable(
  'sms_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** new_default, report_pulled, dispute_answered. */
    kind: text('kind').notNull(),
    /** The words the text needs (lender, account, purpose code, outcome code). */
    vars: jsonb('vars').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** pending, sending, sent, skipped (opted out, no phone, not verified), failed (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    outboxId: uuid('outbox_id').references(() => smsOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_alerts_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('sms_alerts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);
