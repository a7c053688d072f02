import { sql, type SQL } from 'drizzle-orm';

// Column arrays of the set-based statements, sent as one PostgreSQL array literal each
// ('{"a","b",NULL}') and cast in SQL (`::text[]`, `::uuid[]`...). The pg driver would build the
// same literal from a JS array, escaping every element with two regular expressions; a 100,000-row
// file sends some three million elements, so this does it once and only where needed.

const NEEDS_ESCAPE = /["\\]/;
const ESCAPE = /["\\]/g;

/** Text elements, quoted (so commas, braces and spaces are data); null and undefined are NULL. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else parts[i] = NEEDS_ESCAPE.test(v) ? `"${v.replace(ESCAPE, '\\$&')}"` : `"${v}"`;
  }
  return `{${parts.join(',')}}`;
}

/** What an unquoted element may hold: uuids, ISO dates, numbers. */
const PLAIN = /^[0-9A-Za-z.:+-]+$/;

/**
 * Uuids, ISO dates and numbers, unquoted; anything else (which should not come) is quoted like
 * text, so it can never shift the elements. null and undefined are NULL.
 */
export function plainArrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number' || (PLAIN.test(v) && (v.length !== 4 || v.toUpperCase() !== 'NULL'))) parts[i] = String(v);
    else parts[i] = `"${v.replace(ESCAPE, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}

/** A text array parameter: `${textArray(xs)}::text[]`. */
export const textArray = (values: readonly (string | null | undefined)[]): SQL => sql`${sql.param(textArrayLiteral(values))}`;

/** A parameter of uuids, dates or numbers: `${plainArray(xs)}::uuid[]`. */
export const plainArray = (values: readonly (string | number | null | undefined)[]): SQL => sql`${sql.param(plainArrayLiteral(values))}`;
