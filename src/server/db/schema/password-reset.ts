import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Password reset requests (decisions/034). One row per request, whether or not the identifier is
 * an account's, so the limits and the lockout answer the same for both and tell nobody whether an
 * account exists. `identifier_key` is an HMAC of the role and the identifier (no NIN or email is
 * stored); `code_hash` an HMAC of the row and its six-digit code, null when no account matched or
 * nothing could be sent. The code works once, for 15 minutes, for 5 guesses.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifierKey: text('identifier_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    /** Where the code went (E.164 phone, lower-cased email), for the limit per address. */
    sentToPhone: text('sent_to_phone'),
    sentToEmail: text('sent_to_email'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_requests_key_idx').on(t.identifierKey, t.createdAt),
    index('password_reset_requests_phone_idx').on(t.sentToPhone, t.createdAt),
    index('password_reset_requests_email_idx').on(t.sentToEmail, t.createdAt),
  ],
);
