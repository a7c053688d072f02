import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client';

/**
 * Runs raw SQL and returns its rows as the driver gave them (pg and PGlite both answer with {rows}).
 * In src/server they are unknown: read them with queryParsedRows (ESLint refuses a type argument
 * there). Tests and benchmarks, which look at rows they wrote themselves, may name the type.
 */
export async function queryRows<T = unknown>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The one way to read raw SQL where the query builder does not fit: runs `query` and parses each
 * row with `schema`, so the row's type is inferred from one definition that is also checked at run
 * time (no hand-written row interface, no cast). Json columns take `jsonColumnOf(schema)`. A row
 * that does not match is a bug, not bad input: it throws RowShapeError, which the error handler
 * logs and answers 500 INTERNAL_ERROR.
 */
export async function queryParsedRows<S extends z.ZodType>(db: Database, schema: S, query: SQL): Promise<z.output<S>[]> {
  const rows = await queryRows(db, query);
  return parseRows(schema, rows, () => sqlLabel(db, query));
}

/** The rows of a query, each parsed with `schema`; `label` names the query in the error (made only on failure). */
export function parseRows<S extends z.ZodType>(schema: S, rows: readonly unknown[], label: () => string): z.output<S>[] {
  const parsed: z.output<S>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const result = schema.safeParse(rows[i]);
    if (!result.success) throw new RowShapeError(label(), i, result.error);
    parsed[i] = result.data;
  }
  return parsed;
}

/**
 * A row that does not have the shape its query's schema says: the SQL and the schema disagree.
 * An internal error (500), its message for the log: the query and each field that did not match.
 */
export class RowShapeError extends Error {
  override readonly name = 'RowShapeError';

  constructor(
    readonly query: string,
    readonly rowIndex: number,
    readonly issues: z.ZodError,
  ) {
    const fields = issues.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(row)'}: ${issue.message}`)
      .join('; ');
    super(`Row ${rowIndex} of query ${query} does not match its schema: ${fields}`);
  }
}

function sqlLabel(db: Database, query: SQL): string {
  const dialect = (db as unknown as { dialect?: { sqlToQuery(query: SQL): { sql: string } } }).dialect;
  const text = dialect ? dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim() : '(raw SQL)';
  return `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`;
}

/**
 * A json or jsonb column's value: pg and PGlite parse it, a driver or cast that does not gives
 * its text, which is parsed here.
 */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * The zod schema of a json or jsonb column whose value has the shape `schema`: its text (a driver
 * or cast that does not parse json) is parsed first, as jsonColumn does. Text that is not json is
 * an issue of that field, not a SyntaxError.
 */
export function jsonColumnOf<S extends z.ZodType>(schema: S) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected json, got text that is not json', input: value });
      return z.NEVER;
    }
  }, schema);
}

/** A timestamp column: pg and PGlite give a Date, text (from json or a ::text cast) is read as one; the ISO string. */
export const timestampColumn = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.issues.push({ code: 'custom', message: 'Expected a timestamp', input: value });
    return z.NEVER;
  }
  return date.toISOString();
});

/**
 * A count, sum or bigint id: a number from `::int` and (on PGlite) from count(*) and bigint, the text
 * of a bigint or numeric on node-postgres. Read with Number, so only for values below 2^53.
 */
export const numberColumn = z.coerce.number<string | number | bigint>();
