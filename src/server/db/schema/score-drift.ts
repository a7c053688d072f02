import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per run of the score drift check (monthly, or on a staff member's request): the
 * population stability index of the live model's score and of each of its features, comparing the
 * registry's latest stored scores with the development sample the model file describes. Kept so
 * the regulator can see how the population moved from month to month (decisions/038).
 */
export const scoreDriftRuns = pgTable(
  'score_drift_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modelVersion: text('model_version').notNull(),
    /** scheduled (the monthly job) or on_demand (an administrator or the regulator asked). */
    trigger: text('trigger').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** People whose latest score of this version has a value: the population of the score PSI. */
    people: integer('people').notNull(),
    /** Of those, people scored by the fit (not by the rule for files in default): the features' population. */
    fittedPeople: integer('fitted_people').notNull(),
    /** Null when nobody is scored yet (no figure rather than a made-up one). */
    scorePsi: doublePrecision('score_psi'),
    /** [{key, psi}] per feature of the model, psi null when the population is empty. */
    featurePsi: jsonb('feature_psi').$type<{ key: string; psi: number | null }[]>().notNull(),
    isAlert: boolean('is_alert').notNull(),
    /** The challenger scored beside the live model on the same stored features; null without a challenger file. */
    challenger: jsonb('challenger').$type<Record<string, unknown>>(),
  },
  (t) => [index('score_drift_runs_ran_at_idx').on(t.ranAt)],
);
