import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job and period, written in the same transaction as the job's work:
 * the primary key is what makes "once per period" hold across instances.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobName: text('job_name').notNull(),
    periodKey: text('period_key').notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.jobName, t.periodKey] })],
);
