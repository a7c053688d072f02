import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Regulatory oversight: consumers' complaints to the regulator and the investigations opened from
// them (or from the regulator's own findings), with their notes (decisions/013).

export const complaintStatus = pgEnum('complaint_status', ['received', 'under_investigation', 'closed']);

/** A consumer's complaint to the regulator, about a dispute or anything else. */
export const consumerComplaints = pgTable(
  'consumer_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short reference the consumer can quote (CMP-2026-000123). */
    reference: text('reference').notNull(),
    consumerUserId: uuid('consumer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The consumer's dispute it is about, if any (the disputes area's table). */
    disputeId: uuid('dispute_id'),
    /** The business complained about, when the dispute names one. */
    businessId: uuid('business_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: complaintStatus('status').notNull().default('received'),
    /** What the consumer is told when the complaint is closed. */
    outcomeSummary: text('outcome_summary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consumer_complaints_reference_key').on(t.reference),
    index('consumer_complaints_consumer_idx').on(t.consumerUserId, t.createdAt),
    index('consumer_complaints_status_idx').on(t.status, t.createdAt),
  ],
);

export const investigationStatus = pgEnum('investigation_status', ['open', 'in_progress', 'closed']);
export const investigationOutcome = pgEnum('investigation_outcome', [
  'substantiated',
  'not_substantiated',
  'referred',
  'resolved_by_business',
]);

export const investigations = pgTable(
  'investigations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    complaintId: uuid('complaint_id').references(() => consumerComplaints.id, { onDelete: 'set null' }),
    businessId: uuid('business_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: investigationStatus('status').notNull().default('open'),
    outcome: investigationOutcome('outcome'),
    outcomeNote: text('outcome_note'),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investigations_reference_key').on(t.reference),
    index('investigations_status_idx').on(t.status, t.createdAt),
    index('investigations_complaint_idx').on(t.complaintId),
  ],
);

export const investigationNotes = pgTable(
  'investigation_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investigationId: uuid('investigation_id')
      .notNull()
      .references(() => investigations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('investigation_notes_investigation_idx').on(t.investigationId, t.createdAt)],
);
