import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { creditAccounts, creditSubjects } from './credit';
import { users } from './users';

// An account's life beyond its current values: the other people on it, its months, and the record
// of its removal when its lender reported it in error (issue 17, migration 0021).

/**
 * Co-borrowers and guarantors of an account (group and solidarity loans), each a person of the
 * registry matched like the borrower; the account shows on each party's file with the role.
 */
export const creditAccountParties = pgTable(
  'credit_account_parties',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => creditAccounts.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => creditSubjects.id),
    /** co_borrower or guarantor. */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'credit_account_parties_pkey', columns: [t.accountId, t.subjectId] }),
    index('credit_account_parties_subject_idx').on(t.subjectId),
  ],
);

/**
 * Each month's balance and amount past due of an account, as last reported that month (36 months
 * are read), so utilisation and balance trends can be scored.
 */
export const creditAccountMonths = pgTable(
  'credit_account_months',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => creditAccounts.id, { onDelete: 'cascade' }),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    amountPastDue: bigint('amount_past_due', { mode: 'number' }),
    status: text('status').notNull(),
  },
  (t) => [primaryKey({ name: 'credit_account_months_pkey', columns: [t.accountId, t.month] })],
);

/**
 * Accounts a reporting business removed as reported in error: the row leaves credit_accounts (so it
 * leaves every report, score and list at once) and is kept here whole, out of sight, for the audit
 * trail. A removal that answered a dispute guards against the account coming back unannounced.
 */
export const creditAccountRemovals = pgTable(
  'credit_account_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The removed account's id (no longer in credit_accounts). */
    accountId: uuid('account_id').notNull(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id').notNull(),
    accountNumber: text('account_number').notNull(),
    reason: text('reason').notNull(),
    /** The account row as it was, column by column. */
    account: jsonb('account').$type<Record<string, unknown>>().notNull(),
    removedBy: uuid('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The open dispute this removal answered, if any. */
    disputeId: uuid('dispute_id'),
    reinsertionCertifiedAt: timestamp('reinsertion_certified_at', { withTimezone: true }),
    reinsertionNote: text('reinsertion_note'),
  },
  (t) => [
    index('credit_account_removals_business_account_idx').on(t.businessId, t.accountNumber),
    // A dispute on a removed account shows the account as it was.
    index('credit_account_removals_account_idx').on(t.accountId),
  ],
);
