import { MAX_SUBMISSION_ROWS } from '@shared/schemas/credit';
import type { Readable } from 'node:stream';
import { badRequest, type HttpError } from '../../lib/http-error';
import { tooLarge, tooManyRows } from './csv';
import { partOfRowsText, partsOfRows, ReceivedFile, ROWS_A_PART, UnreadableRow } from './received-file';

export const NOT_A_LIST_OF_ROWS = 'rows must be a list of {subject, account}';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
/** The key `rows` as the bytes of a JSON string's contents. */
const ROWS_KEY = 'rows';

/**
 * Counts, as the bytes arrive, the elements of the root object's `rows` array: a state machine over
 * bytes (in a string or not, nesting depth, the last key of the root object) that keeps its state
 * across chunks, so a file is refused as soon as its row 100,001 is complete. It does not judge the
 * JSON (the native parse at the end does) and only needs to be right for well-formed bodies; a key
 * written with escapes is not taken for `rows` (the parse's count still refuses such a file).
 * It also notes where the last `rows` array opens and closes and where each of its rows ends, so
 * the rows can be cut into parts as sent (readSubmissionJson).
 */
class RowCounter {
  count = 0;
  depth = 0;
  isInString = false;
  /** Where the last `rows` array of the root object opens and closes, in bytes from the body's start (-1: not seen). */
  rowsOpenAt = -1;
  rowsCloseAt = -1;
  /** Where each row of that array ends: the offset of the comma or bracket after it. */
  rowEnds: number[] = [];
  /** An empty element (`[1,,2]`, `[,1]`, `[1,]`): not JSON; the whole parse says so. */
  hasEmptyElement = false;
  /** Bytes of the chunks before the one being read. */
  private offset = 0;
  private isAfterComma = false;
  /** The contents of the string being read at depth 1 (a key of the root object, perhaps), up to 5 bytes. */
  private stringAtTop = '';
  private isAfterRowsColon = false;
  private isInRows = false;
  private isRowOpen = false;
  private isEscapePending = false;

  constructor(private readonly onRowEnd: (count: number) => void) {}

  write(chunk: Buffer): void {
    this.scan(chunk);
    this.offset += chunk.length;
  }

  private scan(chunk: Buffer): void {
    const length = chunk.length;
    let i = 0;
    if (this.isEscapePending) {
      // The chunk before ended with a backslash inside a string: this first byte is escaped.
      this.isEscapePending = false;
      i = 1;
    }
    for (; i < length; i++) {
      if (this.isInString) {
        // A string's bytes, most of a file, in a tight loop: a native indexOf per string cost more
        // than the bytes (a file is millions of short strings).
        const from = i;
        let byte = 0;
        while (i < length) {
          byte = chunk[i];
          if (byte === QUOTE || byte === BACKSLASH) break;
          i++;
        }
        this.readAtTop(chunk, from, i);
        if (i >= length) return;
        if (byte === BACKSLASH) {
          // An escape: the byte after the backslash is part of the string, a quote or a backslash too.
          if (this.depth === 1) this.stringAtTop = '\\';
          if (i + 1 >= length) {
            this.isEscapePending = true;
            return;
          }
          i++;
          continue;
        }
        this.isInString = false;
        continue;
      }
      const byte = chunk[i];
      if (isSpace(byte)) continue;
      if (this.isInRows && this.depth === 2 && !this.isRowOpen && byte !== COMMA && byte !== CLOSE_BRACKET) {
        this.isRowOpen = true;
        this.isAfterComma = false;
      }
      switch (byte) {
        case QUOTE:
          this.isInString = true;
          if (this.depth === 1) this.stringAtTop = '';
          break;
        case COLON:
          if (this.depth === 1) this.isAfterRowsColon = this.stringAtTop === ROWS_KEY;
          break;
        case OPEN_BRACE:
        case OPEN_BRACKET:
          if (this.depth === 1 && this.isAfterRowsColon && byte === OPEN_BRACKET) {
            // A second `rows` key: JSON.parse keeps the last, and so does this.
            this.isInRows = true;
            this.rowsOpenAt = this.offset + i;
            this.rowsCloseAt = -1;
            this.rowEnds = [];
            this.count = 0;
            this.isAfterComma = false;
          }
          this.isAfterRowsColon = false;
          this.depth++;
          break;
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          this.depth--;
          if (this.isInRows && this.depth === 1) {
            if (byte === CLOSE_BRACKET) {
              if (this.isAfterComma) this.hasEmptyElement = true;
              this.endRow(i);
              this.rowsCloseAt = this.offset + i;
            }
            this.isInRows = false;
          }
          break;
        case COMMA:
          if (this.isInRows && this.depth === 2) {
            if (!this.isRowOpen) this.hasEmptyElement = true;
            this.endRow(i);
            this.isAfterComma = true;
          }
          if (this.depth === 1) this.isAfterRowsColon = false;
          break;
        default:
          if (this.depth === 1) this.isAfterRowsColon = false;
      }
    }
  }

  /** Keeps the first bytes of a string at depth 1, enough to tell the key `rows` from any other. */
  private readAtTop(chunk: Buffer, from: number, to: number): void {
    if (this.depth !== 1 || this.stringAtTop.length > ROWS_KEY.length) return;
    this.stringAtTop += chunk.toString('latin1', from, Math.min(to, from + ROWS_KEY.length + 1));
  }

  private endRow(at: number): void {
    if (!this.isRowOpen) return;
    this.isRowOpen = false;
    this.rowEnds.push(this.offset + at);
    this.count++;
    this.onRowEnd(this.count);
  }
}

/**
 * A monthly file's JSON body `{rows: [...]}`, read into a ReceivedFile without parsing its rows
 * (decisions/038). The bytes are kept as they arrive (never more than the byte limit) while
 * RowCounter counts the rows and notes where each ends, so a file is refused as soon as its row
 * 100,001 is complete, and a body over the byte limit at that byte. At the end, the document with
 * its rows array replaced by `0` is parsed (everything but the rows must be JSON, and its `rows`
 * must be that array), and the rows are cut into parts at their ends, as sent. A row that is not
 * JSON is refused as a row when the file is applied. Whatever the scan is unsure of (no `rows` key
 * it could read, an empty element, the skeleton's `rows` not the array it found) is left to the
 * native JSON.parse of the whole body, whose answer is then the reader's.
 */
export function readSubmissionJson(body: Readable, byteLimit: number, onRow?: (count: number) => void): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let isSettled = false;
    const fail = (error: HttpError) => {
      if (isSettled) return;
      isSettled = true;
      chunks.length = 0;
      body.removeAllListeners('data');
      body.resume();
      reject(error);
    };
    const counter = new RowCounter((count) => {
      onRow?.(count);
      if (count > MAX_SUBMISSION_ROWS) fail(tooManyRows());
    });

    body.on('data', (chunk: Buffer) => {
      if (isSettled) return;
      bytes += chunk.length;
      if (bytes > byteLimit) return fail(tooLarge(byteLimit));
      chunks.push(chunk);
      counter.write(chunk);
    });
    body.on('error', () => fail(badRequest([{ field: 'body', message: 'The file did not arrive whole. Please send it again.' }])));
    body.on('end', () => {
      if (isSettled) return;
      const whole = Buffer.concat(chunks, bytes);
      chunks.length = 0;
      try {
        const file = cutAtRowEnds(whole, counter) ?? parseWhole(whole);
        isSettled = true;
        resolve(file);
      } catch (error) {
        fail(error as HttpError);
      }
    });
  });
}

const notJson = () => badRequest([{ field: 'body', message: 'The file is not valid JSON' }]);

/** The parts as sent, when the scan found the root object's `rows` array whole; null to parse the whole body. */
function cutAtRowEnds(whole: Buffer, counter: RowCounter): ReceivedFile | null {
  const { rowsOpenAt, rowsCloseAt, rowEnds } = counter;
  if (counter.isInString || counter.depth !== 0 || counter.hasEmptyElement || rowsOpenAt < 0 || rowsCloseAt < 0) return null;
  const skeleton = Buffer.concat([whole.subarray(0, rowsOpenAt), ZERO, whole.subarray(rowsCloseAt + 1)]).toString('utf8');
  let document: unknown;
  try {
    document = JSON.parse(skeleton);
  } catch {
    // Everything but the rows is not JSON: neither is the whole.
    throw notJson();
  }
  if (!isRowsPlaceholder(document)) return null;
  const parts: Buffer[] = [];
  for (let first = 0; first < rowEnds.length; first += ROWS_A_PART) {
    const start = first === 0 ? rowsOpenAt + 1 : rowEnds[first - 1] + 1;
    const end = rowEnds[Math.min(first + ROWS_A_PART, rowEnds.length) - 1];
    parts.push(partOfRowsText(whole.subarray(start, end)));
  }
  return new ReceivedFile(false, rowEnds.length, parts);
}

const ZERO = Buffer.from('0');

function isRowsPlaceholder(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { rows?: unknown }).rows === 0;
}

/** The native parse of the whole body, for what the scan could not be sure of: its answer is the reader's. */
function parseWhole(whole: Buffer): ReceivedFile {
  let document: unknown;
  try {
    document = JSON.parse(whole.toString('utf8'));
  } catch {
    throw notJson();
  }
  if (!isRowsDocument(document)) throw badRequest([{ field: 'rows', message: NOT_A_LIST_OF_ROWS }]);
  if (document.rows.length > MAX_SUBMISSION_ROWS) throw tooManyRows();
  return new ReceivedFile(false, document.rows.length, partsOfRows(document.rows));
}

function isRowsDocument(value: unknown): value is { rows: unknown[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { rows?: unknown }).rows);
}

/**
 * The rows of a stored part (a ReceivedFile part, `{"rows":[...]}`): one native parse, or, when
 * some row is not JSON, each row parsed alone, the unreadable ones kept as UnreadableRow so the
 * file's other rows are applied and that one refused with its number (service.ts validateRows).
 */
export function rowsOfPart(part: Buffer): unknown[] {
  const text = part.toString('utf8');
  try {
    const document: unknown = JSON.parse(text);
    if (isRowsDocument(document)) return document.rows;
  } catch {
    // Some row is not JSON: read them one by one.
  }
  const counter = new RowCounter(() => {});
  counter.write(part);
  return counter.rowEnds.map((end, i) => {
    const start = i === 0 ? counter.rowsOpenAt + 1 : counter.rowEnds[i - 1] + 1;
    try {
      return JSON.parse(part.toString('utf8', start, end)) as unknown;
    } catch {
      return new UnreadableRow();
    }
  });
}
