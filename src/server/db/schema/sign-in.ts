import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins with an identifier that belongs to no account, counted like an account's own
 * failures (users.failed_login_count, locked_until), so a lockout answer is given for unknown
 * identifiers too and cannot tell whether an account exists (decisions/021). The key is an HMAC of
 * the role and the identifier, keyed with the server secret: no NIN or email is stored.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
