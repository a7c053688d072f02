import { parse } from 'csv-parse/browser/esm/sync';

/**
 * How every CSV the product reads is read (csv-parse): a BOM is dropped, empty lines are not
 * records, a row may have more or fewer cells than the header, and cells are trimmed. The server's
 * streamed monthly files use the same options.
 */
export const CSV_PARSE_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true } as const;

/** A CSV text as rows of cells (RFC 4180: quoted cells may hold commas, "" and line breaks); throws csv-parse's CsvError when it is not CSV. */
export function parseCsv(text: string): string[][] {
  return parse(text, CSV_PARSE_OPTIONS);
}
