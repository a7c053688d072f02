import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './users';

/**
 * `Idempotency-Key` of the POSTs that write or charge (plugins/idempotency.ts, decisions/030). One
 * row per business and key: the team and the API keys of a business share its keys, two businesses
 * never collide. `running` while the first request is handled; `completed` with the answer to
 * replay. Rows live 24 hours; the `idempotency.expire` job deletes them after.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businessProfiles.userId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 (hex) of method, path and the raw body bytes: the "same request" test. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['running', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);
