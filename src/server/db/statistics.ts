import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { z } from 'zod';
import { queryParsedRows } from './query';

/**
 * Planner statistics (ANALYZE) after bulk writes. A freshly seeded or freshly loaded table has none
 * (or its empty-table figures), and with autovacuum off, or on PGlite which has no autovacuum, the
 * planner then picks plans for empty tables: the demo seed at 100,000 people served 113 requests a
 * second until a manual ANALYZE. So the seed, bench:generate and large monthly files refresh them.
 */

/** The tables a monthly file writes: what a large file changes enough to matter to the planner. */
export const REGISTRY_TABLES = [
  'credit_subjects',
  'credit_subject_identifiers',
  'credit_subject_names',
  'credit_subject_phones',
  'credit_subject_addresses',
  'credit_accounts',
  'credit_match_reviews',
  'credit_submissions',
  'credit_submission_rejects',
] as const;

/**
 * Rows applied by monthly files (one large file, or several smaller ones added up) after which the
 * registry's statistics are gathered again.
 */
export const ANALYSE_AFTER_ROWS = 10_000;

/** One ANALYZE at a time across instances: two at once on one table can fail on pg_statistic. */
export const ANALYSE_LOCK_ID = 7_232_005;

/**
 * ANALYZE of the given tables (every table of the public schema when none are named), skipping those
 * the current role may not analyse: on PostgreSQL 15 only a table's owner may, and an application
 * role that owns no table (DATABASE_OWNER_URL) leaves it to autovacuum. Runs in its own short
 * transaction, never in the caller's. Returns the tables analysed ([] when another instance was
 * analysing at that moment or none could be).
 */
export async function analyseTables(db: Database, tables?: readonly string[]): Promise<string[]> {
  const owned = await queryParsedRows(
    db,
    z.object({ name: z.string() }),
    sql`SELECT tablename AS name FROM pg_tables
        WHERE schemaname = 'public' AND pg_has_role(tableowner, 'USAGE')
          ${tables ? sql`AND tablename = ANY(${sql.param([...tables])}::text[])` : sql``}
        ORDER BY tablename`,
  );
  if (owned.length === 0) return [];
  const names = owned.map((t) => t.name);
  return db.transaction(async (tx) => {
    const [lock] = await queryParsedRows(
      tx,
      z.object({ locked: z.boolean() }),
      sql`SELECT pg_try_advisory_xact_lock(${ANALYSE_LOCK_ID}) AS locked`,
    );
    if (!lock?.locked) return [];
    // The names come from pg_tables and are quoted; ANALYZE takes no parameters.
    await tx.execute(sql.raw(`ANALYZE ${names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')}`));
    return names;
  });
}

const rowsSinceAnalyse = new WeakMap<object, number>();

/**
 * Called after a monthly file committed, with the rows it applied: once the rows applied since the
 * last refresh (in this process, on this database) reach `threshold`, the registry's tables are
 * analysed. Outside the file's transaction; a failure is only logged (the file is applied anyway,
 * and autovacuum or the next large file catches up).
 */
export async function noteRowsApplied(
  db: Database,
  rows: number,
  options: { threshold?: number; log?: { warn: (obj: object, msg: string) => void } } = {},
): Promise<{ analysed: boolean }> {
  const total = (rowsSinceAnalyse.get(db) ?? 0) + rows;
  rowsSinceAnalyse.set(db, total);
  if (total < (options.threshold ?? ANALYSE_AFTER_ROWS)) return { analysed: false };
  try {
    const analysed = await analyseTables(db, REGISTRY_TABLES);
    // Another instance analysing right now: keep the count, the next file tries again.
    if (analysed.length === 0) return { analysed: false };
    rowsSinceAnalyse.set(db, 0);
    return { analysed: true };
  } catch (error) {
    options.log?.warn(
      { cause: error instanceof Error ? error.message.slice(0, 300) : String(error) },
      'could not refresh the registry statistics after a large monthly file',
    );
    return { analysed: false };
  }
}
