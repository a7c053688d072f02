import { formatNumber } from '@shared/format';
import { CSV_COLUMNS, MAX_SUBMISSION_ROWS, REQUIRED_CSV_COLUMNS, type TCsvColumn } from '@shared/schemas/credit';
import { CSV_PARSE_OPTIONS, parseCsv } from '@shared/csv';
import { parse as parseStream } from 'csv-parse';
import type { Readable } from 'node:stream';
import { HttpError, badRequest } from '../../lib/http-error';

// Other names lenders' systems give the same columns.
const ALIASES: Record<string, TCsvColumn> = {
  nin: 'national_id',
  nationalidnumber: 'national_id',
  driverslicence: 'drivers_license',
  driverslicencenumber: 'drivers_license',
  driverslicensenumber: 'drivers_license',
  passport: 'passport_number',
  dob: 'date_of_birth',
  type: 'account_type',
  openeddate: 'opened_at',
  dateopened: 'opened_at',
};

const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_KEY = new Map<string, TCsvColumn>([
  ...CSV_COLUMNS.map((c) => [keyOf(c), c] as [string, TCsvColumn]),
  ...Object.entries(ALIASES),
]);

export function tooManyRows(): HttpError {
  return new HttpError(413, `A file holds at most ${formatNumber(MAX_SUBMISSION_ROWS)} rows. Split it into several files.`);
}

/** What went wrong with a file's quoting, by csv-parse's error code, said for the lender. */
const QUOTING_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a cell opens a quote that is never closed',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows the closing quote of a cell',
  CSV_INVALID_CLOSING_QUOTE: 'text follows the closing quote of a cell',
};

/**
 * A file that breaks CSV quoting is refused whole, not row by row: where a broken quoted cell ends
 * is a guess, and a wrong guess would shift later cells into other columns and report wrong figures
 * as if they were right. A stray quote inside a cell that does not start with one is read as text
 * (CSV_PARSE_OPTIONS), so only a cell that starts a quote and breaks it stops the file.
 */
export function unreadableCsv(error: unknown): HttpError {
  const { startLine: line, code } = error as { startLine?: number; code?: string };
  const problem = (code && QUOTING_PROBLEMS[code]) ?? 'check its quotes and separators';
  return badRequest([
    {
      field: 'body',
      message: `The CSV file could not be read${line ? ` (line ${line})` : ''}: ${problem}. Nothing in it was applied: fix that line and send the file again.`,
    },
  ]);
}

/**
 * A monthly CSV file as records keyed by our column names. The first line is the header; columns
 * may come in any order and unknown ones are ignored. A file that cannot be read as CSV, or lacks
 * a required column, is refused whole (400); bad cells are the rows' business, checked later.
 */
export function parseSubmissionCsv(text: string): Partial<Record<TCsvColumn, string>>[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    throw unreadableCsv(error);
  }
  return csvRecordsToRecords(records);
}

/** A CSV body read as it arrives (csv-parse's stream, read as @shared/csv's parseCsv reads), so the file's text is never held whole. */
export function readSubmissionCsv(body: Readable, byteLimit: number): Promise<Partial<Record<TCsvColumn, string>>[]> {
  return new Promise((resolve, reject) => {
    const records: string[][] = [];
    const parser = parseStream(CSV_PARSE_OPTIONS);
    let isSettled = false;
    const fail = (error: HttpError) => {
      if (isSettled) return;
      isSettled = true;
      body.unpipe(parser);
      body.resume();
      reject(error);
    };
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > byteLimit) fail(tooLarge(byteLimit));
    });
    body.on('error', () => fail(badRequest([{ field: 'body', message: 'The file did not arrive whole. Please send it again.' }])));
    let lastRecordLine = 0;
    parser.on('data', (record: string[]) => {
      records.push(record);
      lastRecordLine = parser.info.lines;
      // The header and one row too many are enough to refuse the file.
      if (records.length > MAX_SUBMISSION_ROWS + 1) fail(tooManyRows());
    });
    // Where the record that could not be read starts (see parseCsv).
    parser.on('error', (error) => fail(unreadableCsv(Object.assign(error, { startLine: lastRecordLine + 1 }))));
    parser.on('end', () => {
      if (isSettled) return;
      isSettled = true;
      try {
        resolve(csvRecordsToRecords(records));
      } catch (error) {
        reject(error);
      }
    });
    body.pipe(parser);
  });
}

export function tooLarge(byteLimit: number): HttpError {
  return new HttpError(413, `A file may be at most ${Math.round(byteLimit / (1024 * 1024))} MB. Split it into several files.`);
}

function csvRecordsToRecords(records: string[][]): Partial<Record<TCsvColumn, string>>[] {
  if (records.length === 0) throw badRequest([{ field: 'body', message: 'The file is empty' }]);
  const [header, ...rows] = records;
  const columns = header.map((h) => COLUMN_BY_KEY.get(keyOf(h)) ?? null);
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw badRequest(missing.map((c) => ({ field: c, message: `The CSV header lacks the column ${c}` })));
  if (!columns.some((c) => c === 'national_id' || c === 'drivers_license' || c === 'passport_number')) {
    throw badRequest([
      { field: 'national_id', message: 'The CSV header needs at least one ID column: national_id, drivers_license or passport_number' },
    ]);
  }
  if (rows.length === 0) throw badRequest([{ field: 'body', message: 'The file has no rows' }]);
  if (rows.length > MAX_SUBMISSION_ROWS) throw tooManyRows();
  return rows.map((cells) => {
    const record: Partial<Record<TCsvColumn, string>> = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      if (column && cells[i] !== undefined && cells[i] !== '') record[column] = cells[i];
    }
    return record;
  });
}
