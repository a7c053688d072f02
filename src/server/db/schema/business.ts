import type { TCreditReport } from '@shared/schemas/credit';
import type { TApiKeyScope } from '@shared/api-key-scopes';
import { sql } from 'drizzle-orm';
import { check, index, json, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creditInquiries, creditSubjects } from './credit';
import { users } from './users';

// The business workspace (issue 6): team members of a business, its API keys, and the copy of
// every report it pulled. A business is identified everywhere by its owner's user id (the
// business_profiles key, which credit_accounts, credit_inquiries, invoices... reference); a team
// member is another user of role business linked here to that id (decisions/014).

/** A user who works for a business other than as its owner. The owner has no row here. */
export const businessMembers = pgTable(
  'business_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The business (its owner's user id). */
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    position: text('position'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the owner removed the member: the user is disabled but kept, their inquiries name them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('business_members_business_idx').on(t.businessId)],
);

/**
 * Keys for the Enterprise API (`Authorization: Bearer <key>` on the credit endpoints). Only the
 * SHA-256 of a key is kept: a key is 256 random bits, so a fast hash is enough and a lookup is one
 * index probe. The prefix is what the settings page shows to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /**
     * What the key may do (src/shared/api-key-scopes.ts, decisions/032), chosen at creation. No
     * default: every key is given its scopes explicitly (the migration gave the keys made before
     * scopes all of them, so nothing an integration did stopped working).
     */
    scopes: text('scopes').array().$type<TApiKeyScope[]>().notNull(),
    /** The user who created it; requests made with the key are recorded under this user. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_business_idx').on(t.businessId, t.createdAt),
    check('api_keys_scopes_not_empty', sql`cardinality(${t.scopes}) > 0`),
  ],
);

/**
 * The report a business was shown, exactly as released (masked), kept with the inquiry that paid
 * for it: the PDF and a second look are made from this copy, without a second inquiry, and show
 * what the lender saw even after the registry has changed.
 */
export const creditReportCopies = pgTable(
  'credit_report_copies',
  {
    /** The report id: the id of the report inquiry. */
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => creditInquiries.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id').references(() => creditSubjects.id, { onDelete: 'set null' }),
    /**
     * The report as answered, typed by the shared ZCreditReportSchema it is read back with
     * (reports/report-copies.ts). json, not jsonb: it is stored and read back whole, and the few
     * fields lists read (->>) work on json too; jsonb parsed every copy on insert (docs/performance.md).
     */
    report: json('report').$type<TCreditReport>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_report_copies_business_created_idx').on(t.businessId, t.createdAt)],
);
