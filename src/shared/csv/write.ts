import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvText } from './cell';

/** The line ending between records: CRLF (RFC 4180, the template and the web's files) or LF (the server's audit exports). */
export type TCsvLineEnding = '\r\n' | '\n';

/**
 * Rows as CSV (csv-stringify): every cell through the one formula rule (csvText), quoted when it
 * holds a comma, a quote or a line break, and every record ended by the line ending, the last too.
 * A stream writes one page at a time through it.
 */
export function toCsv(rows: readonly (readonly unknown[])[], lineEnding: TCsvLineEnding = '\r\n'): string {
  return stringify(
    rows.map((row) => row.map(csvText)),
    // A given record_delimiter turns off quoting of the other line breaks: ask for it again.
    { record_delimiter: lineEnding, quote_record_delimiter: true, eof: true },
  );
}

/** One cell as toCsv writes it (no line ending). */
export function csvCell(value: unknown): string {
  return toCsv([[value]], '\n').slice(0, -1);
}
