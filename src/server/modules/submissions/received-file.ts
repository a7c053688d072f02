/**
 * A monthly file as its request was read: how many rows it has and their JSON text, in parts of
 * ROWS_A_PART rows, each part a document `{"rows":[...]}`. A JSON body's parts are slices of the
 * bytes the lender sent, never parsed on the request (decisions/038): the rows are checked when
 * the file is applied, so the 202 costs the reading of the body and the storing of these parts.
 */
export class ReceivedFile {
  constructor(
    readonly isCsv: boolean,
    readonly total: number,
    readonly parts: Buffer[],
  ) {}
}

/** A row of a file's JSON that is not JSON: refused as a row when the file is applied, the others applied. */
export class UnreadableRow {}

/** Rows a part holds: a 100,000-row file is 20 parts. */
export const ROWS_A_PART = 5_000;

const PART_START = Buffer.from('{"rows":[');
const PART_END = Buffer.from(']}');

/** A part made from the text of consecutive rows as sent (rows separated by commas, as in the file). */
export const partOfRowsText = (rowsText: Buffer): Buffer => Buffer.concat([PART_START, rowsText, PART_END]);

/** Rows the server already holds as values (a CSV file's, a benchmark's) in parts. */
export function partsOfRows(rows: unknown[]): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < rows.length; start += ROWS_A_PART)
    parts.push(Buffer.from(JSON.stringify({ rows: rows.slice(start, start + ROWS_A_PART) })));
  return parts;
}

/** The body the route was given: the content-type parsers of the monthly file route make a ReceivedFile. */
export function receivedFileOf(body: unknown): ReceivedFile {
  if (!(body instanceof ReceivedFile)) throw new Error('the monthly file route was given a body its parsers did not make');
  return body;
}
