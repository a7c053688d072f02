import { parse } from 'csv-parse/browser/esm/sync';

/**
 * How every CSV the product reads is read (csv-parse): a BOM is dropped, empty lines are not
 * records, a row may have more or fewer cells than the header, cells are trimmed, and a quote
 * inside a cell that does not start with one is text (Abu "Tiger" Kamara), not an error. The
 * server's streamed monthly files use the same options.
 */
export const CSV_PARSE_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, relax_quotes: true } as const;

/**
 * A CSV text as rows of cells (RFC 4180: quoted cells may hold commas, "" and line breaks). When it
 * is not CSV, throws csv-parse's CsvError with `startLine`: the line where the record that could not
 * be read starts (csv-parse's own `lines` is where it noticed, the end of the file for a quote that
 * never closes).
 */
export function parseCsv(text: string): string[][] {
  let lastRecordLine = 0;
  try {
    return parse(text, {
      ...CSV_PARSE_OPTIONS,
      on_record: (record: string[], context: { lines: number }) => {
        lastRecordLine = context.lines;
        return record;
      },
    });
  } catch (error) {
    throw Object.assign(error as Error, { startLine: lastRecordLine + 1 });
  }
}
