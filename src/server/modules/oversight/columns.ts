import { z } from 'zod';

// Column schemas of the oversight module's raw SQL reads (db/query.ts queryParsedRows), beside the
// shared jsonColumnOf and timestampColumn.

/**
 * A count, sum or other number: a number from `::int` (and from count(*) on PGlite), the text of a
 * bigint or numeric on node-postgres. Read with Number, as the code always did.
 */
export const numberColumn = z.coerce.number<string | number | bigint>();

/** A bigint such as an audit event's or seal's id: a number on PGlite, its text on node-postgres; the number. */
export const bigintColumn = numberColumn;
