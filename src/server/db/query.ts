import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Runs raw SQL and returns its rows; pg and PGlite both answer with {rows}. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A json or jsonb column's value: pg and PGlite parse it, a driver or cast that does not gives
 * its text, which is parsed here.
 */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
