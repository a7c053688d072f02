import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A consumer's USSD PIN (decisions/044): an argon2id hash of four digits, never the digits. Five wrong
 * PINs in a row lock the USSD channel for an hour (`locked_until`); a new PIN clears both.
 */
export const consumerUssdPins = pgTable('consumer_ussd_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A call back about a dispute asked for by USSD (menu 5): the bureau's staff call the person on `phone`. */
export const ussdCallbackRequests = pgTable(
  'ussd_callback_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164: the phone the request came from. */
    phone: text('phone').notNull(),
    /** open, done */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ussd_callback_requests_created_idx').on(t.createdAt)],
);
