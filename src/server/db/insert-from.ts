import { getTableColumns, is, Placeholder, sql, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `INSERT INTO <table> (<columns>) SELECT <values> FROM <source>`: the row is written once per row
 * of `source` (a CTE name), so a data-modifying CTE can make several inserts depend on one gate
 * and the whole write stays one statement, one round trip, atomic without BEGIN and COMMIT
 * (credit/pull-report.ts). `row` uses the table's property names, as drizzle's insert does; each
 * value is cast to its column's type, since parameters in a SELECT list have none. A value may be
 * a placeholder (sql.placeholder) for a statement compiled once (db/prepared.ts compiledStatement);
 * fill it with columnValues.
 */
export function insertRowFrom<T extends PgTable>(table: T, row: Partial<Record<keyof T['$inferInsert'], unknown>>, source: SQL): SQL {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`insertRowFrom: ${key} is not a column`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(sql`${is(value, Placeholder) ? value : toParameter(value, column.getSQLType())}::${sql.raw(column.getSQLType())}`);
  }
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT ${sql.join(values, sql`, `)} FROM ${source}`;
}

/** Placeholders named `<prefix><key>` for every column key given: the row of a compiled insert. */
export function columnPlaceholders(prefix: string, keys: readonly string[]): Record<string, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)]));
}

/** The values that fill columnPlaceholders(prefix, …) for one row, converted as insertRowFrom converts them. */
export function columnValues<T extends PgTable>(
  table: T,
  prefix: string,
  row: Partial<Record<keyof T['$inferInsert'], unknown>>,
): Record<string, unknown> {
  const types = sqlTypesOf(table);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const sqlType = types.get(key);
    if (sqlType === undefined) throw new Error(`columnValues: ${key} is not a column`);
    out[`${prefix}${key}`] = value === undefined ? null : toParameter(value, sqlType);
  }
  return out;
}

/**
 * Each column's SQL type by property name, made once per table: getTableColumns copies the table's
 * columns on every call and getSQLType builds its text, for every value of every report's write
 * (2% of a report's server CPU in a profile, docs/performance.md).
 */
const SQL_TYPES = new WeakMap<PgTable, Map<string, string>>();
function sqlTypesOf(table: PgTable): Map<string, string> {
  let types = SQL_TYPES.get(table);
  if (!types) {
    types = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.getSQLType()]));
    SQL_TYPES.set(table, types);
  }
  return types;
}

/**
 * A json or jsonb value already serialised: written as this text, not serialised again (a report
 * is serialised once, for its stored copy and for the answer: reports/pull-report.ts).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

function toParameter(value: unknown, sqlType: string): unknown {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof JsonText) return value.text;
  if (sqlType === 'jsonb' || sqlType === 'json') return JSON.stringify(value);
  return value;
}
