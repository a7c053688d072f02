import { sql, type SQL } from 'drizzle-orm';

/**
 * An instant as an SQL timestamptz: a Date's value, or an SQL expression already holding one (a
 * placeholder of a statement built once: db/prepared.ts compiledStatement). The predicates shared
 * by the report, its score and the lists (retention, disputes) take either, so a hot read can be
 * built once and the others keep passing a Date.
 */
export function instantSql(at: Date | SQL): SQL {
  return at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at}::timestamptz`;
}
