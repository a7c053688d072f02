import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { creditSubmissions } from './credit';

/**
 * A queued file's rows as they were sent (JSON text, in parts), until the file is applied: written
 * with the submission when it is accepted and deleted in the transaction that applies it, so a
 * person's data is held twice only while the file waits (decisions/033). Each part's JSON is
 * deflated and stored as base64 text (decisions/038): nothing reads inside the rows but the worker,
 * and the accept answers in under a second on both engines.
 */
export const creditSubmissionRows = pgTable(
  'credit_submission_rows',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => creditSubmissions.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    /** The part's rows in file order: `{"rows":[...]}` deflated, in base64 ('deflate-base64'), or a JSON array ('json', parts stored before it). */
    rows: text('rows').notNull(),
    encoding: text('encoding').notNull().default('json'),
  },
  (t) => [primaryKey({ name: 'credit_submission_rows_pkey', columns: [t.submissionId, t.part] })],
);
