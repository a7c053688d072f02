import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles, users } from './users';

// Rate limits on credit searches and reports (security issue 9). The defaults are settings
// (modules/settings); a business may have its own limits, set by an administrator or from code
// (modules/rate-limits/service.ts `setBusinessRateLimitOverride`).

/** A business's own per-minute limits, in place of the defaults. */
export const businessRateLimits = pgTable('business_rate_limits', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businessProfiles.userId, { onDelete: 'cascade' }),
  /** Searches and reports a minute for the whole business (every user and API key together). */
  perMinute: integer('per_minute').notNull(),
  /** Each user and each API key of the business; null keeps the default per-user and per-key limits. */
  perUserPerMinute: integer('per_user_per_minute'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
