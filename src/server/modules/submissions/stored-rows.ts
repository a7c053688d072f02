import { sql } from 'drizzle-orm';
import { promisify } from 'node:util';
import { deflate, inflateSync } from 'node:zlib';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { rowsOfPart } from './json-stream';

// A queued file's rows as they were sent, kept in credit_submission_rows from the moment the file
// is accepted until the transaction that applies it (decisions/033). They are checked when the
// file is applied, so the accept is only the reading of the body and these writes.

const deflateAsync = promisify(deflate);

/**
 * How a part is stored: its JSON text deflated (level 1) and written as base64 text. A 100,000-row
 * file is 40 MB of JSON and about 7 MB stored; moving 40 MB into the in-process PGlite took over a
 * second by itself (decisions/038). Compressed on the thread pool, so the parts compress side by side.
 */
const DEFLATED = 'deflate-base64';

/** Writes the file's parts; the caller's transaction also writes the submission, so a file is queued with all its rows or not at all. */
export async function storeFileRows(tx: Pick<Database, 'execute'>, submissionId: string, parts: Buffer[]): Promise<void> {
  const stored = await Promise.all(parts.map(async (part) => (await deflateAsync(part, { level: 1 })).toString('base64')));
  for (const [part, text] of stored.entries())
    await tx.execute(sql`
      INSERT INTO credit_submission_rows (submission_id, part, rows, encoding)
      VALUES (${submissionId}::uuid, ${part}, ${text}, ${DEFLATED})`);
}

const ZStoredPart = z.object({ rows: z.string(), encoding: z.string() });

/** The file's rows as they were sent, in file order (a row that is not JSON as an UnreadableRow). */
export async function loadFileRows(tx: Database, submissionId: string): Promise<unknown[]> {
  const parts = await queryParsedRows(
    tx,
    ZStoredPart,
    sql`SELECT rows, encoding FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid ORDER BY part`,
  );
  const rows: unknown[] = [];
  for (const part of parts) {
    for (const row of rowsOfPart(textOf(part))) rows.push(row);
  }
  return rows;
}

/** A stored part's JSON: parts stored before migration 0031 are the JSON array itself (`encoding` 'json'). */
function textOf(part: z.infer<typeof ZStoredPart>): Buffer {
  if (part.encoding === DEFLATED) return inflateSync(Buffer.from(part.rows, 'base64'));
  if (part.encoding === 'json') return Buffer.from(`{"rows":${part.rows}}`);
  throw new Error(`a stored part has an unknown encoding: ${part.encoding}`);
}

/** Once the file is applied or failed: a person's data is not kept twice. */
export async function deleteFileRows(tx: Pick<Database, 'execute'>, submissionId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid`);
}
