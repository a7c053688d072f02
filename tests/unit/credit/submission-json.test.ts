import { MAX_SUBMISSION_ROWS } from '@shared/schemas/credit';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSubmissionJson, rowsOfPart } from '../../../src/server/modules/submissions/json-stream';
import { UnreadableRow, type ReceivedFile } from '../../../src/server/modules/submissions/received-file';

/**
 * The monthly file's JSON reader (decisions/033, 038): it counts rows as the bytes arrive, to refuse
 * a file past the row limit early, and cuts the rows as sent into parts without parsing them.
 * Whatever the chunks, its answer is JSON.parse's: the same rows, the same refusals; except that a
 * row that is not JSON in an otherwise whole document is kept as an unreadable row (refused as a
 * row when the file is applied), not a refused file.
 */

const DOCUMENTS = [
  '{"rows":[]}',
  '{"rows":[{"a":"x,]}\\"y"},2 , "s" ,null,[1,[2]]]}',
  '{"rows":[{"a":"\\\\"},{"b":"\\"\\\\\\""},"\\\\",3]}',
  '{"x":"rows","rows":[1,2,3]}',
  '{"x":"a\\"rows","rows":[[],{},""]}',
  '{"a":{"rows":[9]},"rows":[ {"b":1} ]}',
  ' {"rows" : [ {"n":"é€ Krio"} ] } ',
  '{"r\\u006fws":[5]}',
  '{"rows":[1],"rows":[]}',
  '{"rows":"x"}',
  '[1,2]',
  '{"other":[1]}',
  '{"rows":[1,',
  '{"rows":[1]} junk',
  '',
  '{"rows":[1,,2]}',
];

/** Documents whose only fault is in a row: the file is taken, the row refused when applied. */
const ROW_FAULTS: [string, unknown[]][] = [
  ['{"rows":[tru]}', ['unreadable']],
  ['{"rows":[{"a":1}, {"b": }, 3]}', [{ a: 1 }, 'unreadable', 3]],
  ['{"rows":[1 2, "x"]}', ['unreadable', 'x']],
];

function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

/** What JSON.parse makes of the document, said as the reader answers. */
function expected(text: string): { rows: unknown[] } | { field: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { field: 'body' };
  }
  const rows = (parsed as { rows?: unknown } | null)?.rows;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Array.isArray(rows) ? { rows } : { field: 'rows' };
}

/** The rows of a received file as the worker reads them, an unreadable row as 'unreadable'. */
const rowsOf = (file: ReceivedFile) =>
  file.parts.flatMap((part) => rowsOfPart(part)).map((row) => (row instanceof UnreadableRow ? 'unreadable' : row));

describe('readSubmissionJson', () => {
  it.each(DOCUMENTS)('answers %j as JSON.parse does, in chunks of any size', async (text) => {
    for (const size of [1, 2, 3, 7, 4096]) {
      const answer = await readSubmissionJson(chunked(text, size), 1_000_000).then(
        (file) => ({ rows: rowsOf(file) }),
        (error: { statusCode: number; details?: { errors: { field: string }[] } }) => ({ field: error.details?.errors[0].field }),
      );
      expect(answer, `chunks of ${size}`).toEqual(expected(text));
    }
  });

  it.each(ROW_FAULTS)('takes %j and keeps its unreadable rows for the worker to refuse', async (text, rows) => {
    for (const size of [1, 3, 4096]) {
      const file = await readSubmissionJson(chunked(text, size), 1_000_000);
      expect(rowsOf(file), `chunks of ${size}`).toEqual(rows);
      expect(file.total).toBe(rows.length);
    }
  });

  it('counts each row as it ends, whatever splits the chunks', async () => {
    for (const text of DOCUMENTS.slice(0, 7)) {
      for (const size of [1, 3, 4096]) {
        let counted = 0;
        const file = await readSubmissionJson(chunked(text, size), 1_000_000, (count) => (counted = count));
        expect(counted, `${text} in chunks of ${size}`).toBe(file.total);
      }
    }
  });

  it('cuts a large file into parts of 5,000 rows, each the rows as sent, in order', async () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => ({ n: i, s: `row ${i}, "quoted" [x]` }));
    const text = `{"sentBy":"test","rows":${JSON.stringify(rows, null, 1)}}`;
    const file = await readSubmissionJson(chunked(text, 65_536), 64 * 1024 * 1024);
    expect(file.parts).toHaveLength(3);
    expect(file.total).toBe(12_345);
    expect(rowsOf(file)).toEqual(rows);
  });

  it('refuses the row past the limit as soon as it ends, before the body does', async () => {
    const body = new Readable({ read() {} });
    const reading = readSubmissionJson(body, 64 * 1024 * 1024);
    body.push(`{"rows":[${'{},'.repeat(MAX_SUBMISSION_ROWS)}`);
    body.push('{},');
    await expect(reading).rejects.toMatchObject({ statusCode: 413 });
    body.push(null);
  });

  it('refuses too many rows found only by the whole parse (a key written with escapes)', async () => {
    const text = `{"r\\u006fws":[${Array.from({ length: MAX_SUBMISSION_ROWS + 1 }, () => '0').join(',')}]}`;
    await expect(readSubmissionJson(chunked(text, 65_536), 64 * 1024 * 1024)).rejects.toMatchObject({ statusCode: 413 });
  });
});
