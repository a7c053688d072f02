import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The append-only audit log. Each event carries the SHA-256 of its own content, written with the
 * event; a sealer later groups unsealed events under a Merkle root chained to the previous seal
 * (decisions/011). Writing an event is a plain INSERT: no global lock caps throughput.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    /** e.g. auth.login, auth.login_failed, credit.search, credit.report, admin.business_verified. */
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    /** The business on whose behalf the actor acted (staff of a business, API keys). */
    businessId: uuid('business_id'),
    /** The credit subject the event touched, for the consumer's access log. */
    subjectId: uuid('subject_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    contentHash: text('content_hash').notNull(),
    sealId: bigint('seal_id', { mode: 'number' }),
  },
  (t) => [
    // A b-tree, not a BRIN: besides the regulator's time ranges, the time guard (migration 0019)
    // reads max(occurred_at) before every insert, which a b-tree answers from its last page and a
    // BRIN cannot answer at all: with a BRIN (migration 0038) every audited request read the whole
    // table (7 ms at 38,000 events; tests/api/audit/audit-insert-cost.test.ts keeps it from coming back).
    index('audit_events_occurred_at_idx').on(t.occurredAt),
    // Partial: most events name no person, many no business or actor (a sign-in, the system's own
    // jobs), and no event is sealed when written. A NULL was an entry written with every such event
    // and never searched for (issue 22; every search names the person, business, actor or seal).
    index('audit_events_subject_idx')
      .on(t.subjectId, t.occurredAt)
      .where(sql`subject_id IS NOT NULL`),
    index('audit_events_actor_idx')
      .on(t.actorUserId, t.occurredAt)
      .where(sql`actor_user_id IS NOT NULL`),
    index('audit_events_business_idx')
      .on(t.businessId, t.occurredAt)
      .where(sql`business_id IS NOT NULL`),
    index('audit_events_action_idx').on(t.action, t.occurredAt),
    index('audit_events_unsealed_idx')
      .on(t.id)
      .where(sql`seal_id IS NULL`),
    index('audit_events_seal_idx')
      .on(t.sealId)
      .where(sql`seal_id IS NOT NULL`),
  ],
);

/**
 * A batch of events under one Merkle root, chained to the seal before it. Version 1 seals (before
 * decision 023) are a plain SHA-256; version 2 seals are an HMAC keyed with AUDIT_SEAL_KEY, which
 * is not in the database, and each one's head is also written outside the database.
 */
export const auditSeals = pgTable(
  'audit_seals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
    eventCount: integer('event_count').notNull(),
    firstEventId: bigint('first_event_id', { mode: 'number' }).notNull(),
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
    merkleRoot: text('merkle_root').notNull(),
    previousSealHash: text('previous_seal_hash').notNull(),
    sealHash: text('seal_hash').notNull(),
    /** 1: unkeyed SHA-256 (older seals); 2: HMAC-SHA256 with AUDIT_SEAL_KEY. */
    version: smallint('version').notNull().default(1),
    /** The seal's place in the chain, 1 for the first: covered by the keyed hash. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('audit_seals_sequence_idx').on(t.sequence)],
);
