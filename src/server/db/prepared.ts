import { fillPlaceholders, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { z } from 'zod';
import type { Database } from './client';
import { parseRows, queryRows } from './query';

interface WithDriver {
  $client?: unknown;
  session?: { client?: unknown };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * queryRows (rows unknown: read them through queryPreparedParsedRows) as a named prepared statement on PostgreSQL: each connection plans the statement once
 * and reuses the plan. For the large one-round-trip reads of the hot paths (a business report's
 * whole file) planning cost more than executing (about 4 ms against 1 ms, docs/performance.md).
 * `name` must stand for one SQL text: callers whose SQL varies pass one name per variant. On
 * PGlite, and wherever the driver is not pg, it is queryRows.
 */
export async function queryPreparedRows<T = unknown>(db: Database, name: string, query: SQL): Promise<T[]> {
  const driver = db as unknown as WithDriver;
  const client = driver.$client ?? driver.session?.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return (await queryRows(db, query)) as T[];
  const { sql: text, params } = driver.dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * queryParsedRows as a named prepared statement (queryPreparedRows): each row parsed with `schema`,
 * its type inferred from it; a row that does not match throws RowShapeError naming `name`.
 */
export async function queryPreparedParsedRows<S extends z.ZodType>(
  db: Database,
  name: string,
  schema: S,
  query: SQL,
): Promise<z.output<S>[]> {
  const rows = await queryPreparedRows(db, name, query);
  return parseRows(schema, rows, () => `"${name}"`);
}

/**
 * A drizzle prepared query made once per database handle (a prepared query belongs to the handle
 * that made it): for the few queries every request runs (the session, the business's access).
 * Call it with the root handle, not a transaction.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let query = made.get(db);
    if (!query) made.set(db, (query = build(db)));
    return query;
  };
}

/**
 * A statement built once with placeholders (sql.placeholder) and run as a named prepared statement:
 * neither drizzle's SQL building nor PostgreSQL's planning is repeated per call. For the writes of
 * the hottest paths, whose SQL is long and whose values change every time.
 */
export function compiledStatement<Row>(name: string, build: () => SQL): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  let compiled: { sql: string; params: unknown[] } | undefined;
  return async (db, values) => {
    const driver = db as unknown as WithDriver;
    compiled ??= driver.dialect.sqlToQuery(build());
    const params = fillPlaceholders(compiled.params, values);
    const client = driver.$client ?? driver.session?.client;
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      return (await client.query({ name, text: compiled.sql, values: params })).rows as Row[];
    }
    // PGlite: the same text and parameters through its own query (no named statements there).
    return (await (client as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> }).query(compiled.sql, params))
      .rows as Row[];
  };
}
