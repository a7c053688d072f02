import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from './http-error';

/**
 * Where a page ends in a list ordered newest first (a timestamp, then the row's id): the client
 * sends it back as `cursor`, opaque to it. The timestamp travels as microseconds since the epoch, as
 * text, so the cursor keeps the database's whole precision (a millisecond Date would skip or repeat
 * rows written in the same millisecond).
 */
export interface KeysetCursor {
  sortUs: string;
  id: string;
}

const CURSOR_MESSAGE = 'cursor must be the nextCursor of a previous page';

export const encodeKeysetCursor = (cursor: KeysetCursor) => Buffer.from(`${cursor.sortUs}.${cursor.id}`).toString('base64url');

/** The cursor a previous page gave; anything else is a 400 naming `cursor` (never a 500 from the database). */
export function decodeKeysetCursor(text: string): KeysetCursor {
  const [sortUs, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (
    rest.length > 0 ||
    !/^\d{1,20}$/.test(sortUs ?? '') ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id ?? '')
  )
    throw badRequest([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  // Past the year 9999 no row was written: such a "cursor" was not given by the server.
  if (BigInt(sortUs) > 253_402_300_800_000_000n) throw badRequest([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  return { sortUs, id };
}

/** A timestamp column as microseconds since the epoch (text): what the cursor of its row carries. */
export const microsecondsSql = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/**
 * The rows after the cursor in `ORDER BY sortColumn DESC, idColumn DESC`. The columns themselves are
 * compared (not an expression of them), so an index on (owner, sortColumn) still serves the page and
 * every page costs what the first does.
 */
export const keysetAfterSql = (sortColumn: SQL, idColumn: SQL, cursor: KeysetCursor) =>
  sql`(${sortColumn}, ${idColumn}) < (timestamptz 'epoch' + ${cursor.sortUs}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;

/**
 * A page from `limit + 1` fetched rows (the one more says whether there is a next page, without an
 * empty last page): the rows to answer and the cursor of the next page, null at the end.
 */
export function keysetPage<T>(fetched: T[], limit: number, cursorOf: (row: T) => KeysetCursor): { rows: T[]; nextCursor: string | null } {
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: fetched.length > limit && last ? encodeKeysetCursor(cursorOf(last)) : null };
}
