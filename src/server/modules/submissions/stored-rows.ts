import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

// A queued file's rows as they were sent, kept in credit_submission_rows from the moment the file
// is accepted until the transaction that applies it (decisions/033). They are checked when the
// file is applied, so the accept is only the reading of the body and these writes.

/** Rows a stored part holds: a 100,000-row file is 20 statements of a few MB each. */
const ROWS_A_PART = 5_000;

/** Writes the file's rows in parts; the caller's transaction also writes the submission, so a file is queued with all its rows or not at all. */
export async function storeFileRows(tx: Pick<Database, 'execute'>, submissionId: string, rows: unknown[]): Promise<void> {
  for (let start = 0, part = 0; start < rows.length; start += ROWS_A_PART, part++) {
    const json = JSON.stringify(rows.slice(start, start + ROWS_A_PART));
    await tx.execute(sql`INSERT INTO credit_submission_rows (submission_id, part, rows) VALUES (${submissionId}::uuid, ${part}, ${json})`);
  }
}

const ZStoredPart = z.object({ rows: z.string() });

/** The file's rows as they were sent, in file order. */
export async function loadFileRows(tx: Database, submissionId: string): Promise<unknown[]> {
  const parts = await queryParsedRows(
    tx,
    ZStoredPart,
    sql`SELECT rows FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid ORDER BY part`,
  );
  const rows: unknown[] = [];
  for (const part of parts) {
    const parsed: unknown = JSON.parse(part.rows);
    if (!Array.isArray(parsed)) throw new Error(`a stored part of submission ${submissionId} is not a list of rows`);
    for (const row of parsed) rows.push(row);
  }
  return rows;
}

/** Once the file is applied or failed: a person's data is not kept twice. */
export async function deleteFileRows(tx: Pick<Database, 'execute'>, submissionId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid`);
}
