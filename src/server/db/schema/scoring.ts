import type { TScoreReasonParams } from '@shared/score-reason-text';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { creditSubjects } from './credit';

/**
 * Every score computed, a thin file's "no score" too: the person's score over time, and what an
 * auditor needs to reproduce it: the model version, the instant the inputs were read, the feature
 * values (model version + features give the score again exactly) and a digest of the registry
 * rows they came from (decisions/010).
 */
export const creditScores = pgTable(
  'credit_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => creditSubjects.id, { onDelete: 'cascade' }),
    modelVersion: text('model_version').notNull(),
    /** SHA-256 of the model file that made it (models/manifest.json): an audit re-scores only with those bytes (decisions/039). */
    modelSha256: text('model_sha256').notNull(),
    /** The instant the registry was read: the score describes the file as it stood then. */
    asOf: timestamp('as_of', { withTimezone: true, precision: 3 }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** 300 to 850; null when there is no score (see unavailableCode). */
    value: integer('value'),
    band: text('band'),
    reasons: jsonb('reasons').$type<{ code: string; text: string; params?: TScoreReasonParams }[]>().notNull().default([]),
    unavailableCode: text('unavailable_code'),
    /** Feature values (null for a thin file). */
    features: jsonb('features').$type<Record<string, number | null>>(),
    /** Points per feature, and the base points under "base". */
    points: jsonb('points').$type<Record<string, number>>(),
    /** SHA-256 of the canonical accounts and inquiries read, to show the inputs were these. */
    inputsDigest: text('inputs_digest').notNull(),
    accountCount: integer('account_count').notNull(),
    /** Why it was computed: business_report, consumer_report, ... */
    context: text('context').notNull(),
    /** The inquiry (report) it was computed for, when there was one. */
    inquiryId: uuid('inquiry_id'),
  },
  (t) => [index('credit_scores_subject_computed_idx').on(t.subjectId, t.computedAt)],
);
