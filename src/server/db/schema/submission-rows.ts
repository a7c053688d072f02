import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { creditSubmissions } from './credit';

/**
 * A queued file's rows as they were sent (JSON text, in parts), until the file is applied: written
 * with the submission when it is accepted and deleted in the transaction that applies it, so a
 * person's data is held twice only while the file waits (decisions/033). Text, not jsonb, and
 * stored uncompressed (migration 0028): the accept answers in under a second, and nothing reads
 * inside the rows but the worker.
 */
export const creditSubmissionRows = pgTable(
  'credit_submission_rows',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => creditSubmissions.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    /** A JSON array of the part's rows, in file order. */
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ name: 'credit_submission_rows_pkey', columns: [t.submissionId, t.part] })],
);
