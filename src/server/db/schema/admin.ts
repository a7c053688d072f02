import { bigint, customType, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creditMatchReviews } from './credit';
import { users } from './users';

// Administration: invitations of staff, businesses' registration documents, security incidents
// derived from the audit log, and the record of merged registry subjects (decisions/013).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  // pg gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const staffInvitationRole = pgEnum('staff_invitation_role', ['system_admin', 'regulator']);

/** A one-time link for a new administrator or regulator; only the SHA-256 of its token is kept. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: staffInvitationRole('role').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** email (sent by SMTP) or link (shown to the administrator). */
    delivery: text('delivery').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_invitations_token_hash_key').on(t.tokenHash), index('staff_invitations_created_idx').on(t.createdAt)],
);

export const businessDocumentKind = pgEnum('business_document_kind', ['registration', 'tax', 'supporting']);

/**
 * A business's registration documents, in the database rather than on one instance's disk, so any
 * instance serves them and a backup holds them. The content type is the one read from the bytes.
 */
export const businessDocuments = pgTable(
  'business_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: businessDocumentKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_documents_business_idx').on(t.businessId, t.uploadedAt)],
);

export const securityIncidentStatus = pgEnum('security_incident_status', ['open', 'acknowledged', 'resolved']);

/**
 * Incidents derived from the audit log by the incident scan: account lockouts, bursts of failed
 * sign-ins from one address, bursts of refused access, used-up quotas. The fingerprint makes the
 * scan idempotent: the same burst updates its incident instead of opening another.
 */
export const securityIncidents = pgTable(
  'security_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    summary: text('summary').notNull(),
    ip: text('ip'),
    userId: uuid('user_id'),
    businessId: uuid('business_id'),
    eventCount: integer('event_count').notNull().default(1),
    firstEventId: bigint('first_event_id', { mode: 'number' }),
    lastEventId: bigint('last_event_id', { mode: 'number' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    status: securityIncidentStatus('status').notNull().default('open'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('security_incidents_fingerprint_key').on(t.fingerprint),
    index('security_incidents_status_seen_idx').on(t.status, t.lastSeenAt),
    index('security_incidents_seen_idx').on(t.lastSeenAt),
  ],
);

/** How far a scan over the audit log has read (the incident scan keeps its last event id here). */
export const auditScanCursors = pgTable('audit_scan_cursors', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A registry subject merged into another by an administrator's review: the absorbed id no longer
 * exists, and this row says where its records went (audit events keep the old id; they cannot change).
 */
export const creditSubjectMerges = pgTable(
  'credit_subject_merges',
  {
    absorbedSubjectId: uuid('absorbed_subject_id').primaryKey(),
    survivorSubjectId: uuid('survivor_subject_id').notNull(),
    reviewId: uuid('review_id').references(() => creditMatchReviews.id, { onDelete: 'set null' }),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    /** Rows moved per table. */
    moved: jsonb('moved').$type<Record<string, number>>().notNull().default({}),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_subject_merges_survivor_idx').on(t.survivorSubjectId)],
);
