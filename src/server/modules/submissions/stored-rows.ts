import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import type { DeletionRow } from './file-deletions';
import type { ReportedRow } from './reported-rows';

// A queued file's checked rows, kept in credit_submission_rows from the moment the file is
// accepted until the transaction that applies it (decisions/033).

/** Rows a stored part holds: a 100,000-row file is 20 statements of a few MB each. */
const ROWS_A_PART = 5_000;

export interface FileRows {
  valid: ReportedRow[];
  deletions: DeletionRow[];
}

/** Writes the file's rows in parts; the caller's transaction also writes the submission, so a file is queued with all its rows or not at all. */
export async function storeFileRows(tx: Pick<Database, 'execute'>, submissionId: string, rows: FileRows): Promise<void> {
  let part = 0;
  const store = async (kind: 'report' | 'deletion', list: unknown[]) => {
    for (let start = 0; start < list.length; start += ROWS_A_PART) {
      const json = JSON.stringify(list.slice(start, start + ROWS_A_PART));
      await tx.execute(
        sql`INSERT INTO credit_submission_rows (submission_id, part, kind, rows) VALUES (${submissionId}::uuid, ${part++}, ${kind}, ${json}::jsonb)`,
      );
    }
  };
  await store('deletion', rows.deletions);
  await store('report', rows.valid);
}

// Written by storeFileRows from rows the shared schema already checked: only their shape is looked at again.
const storedObject = (value: unknown) => typeof value === 'object' && value !== null;
const ZStoredPart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('report'), rows: z.array(z.custom<ReportedRow>(storedObject)) }),
  z.object({ kind: z.literal('deletion'), rows: z.array(z.custom<DeletionRow>(storedObject)) }),
]);

/** The file's rows as they were accepted, in file order. */
export async function loadFileRows(tx: Database, submissionId: string): Promise<FileRows> {
  const parts = await queryParsedRows(
    tx,
    ZStoredPart,
    sql`SELECT kind, rows FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid ORDER BY part`,
  );
  const valid: ReportedRow[] = [];
  const deletions: DeletionRow[] = [];
  for (const part of parts) {
    if (part.kind === 'report') for (const row of part.rows) valid.push(row);
    else for (const row of part.rows) deletions.push(row);
  }
  return { valid, deletions };
}

/** Once the file is applied or failed: a person's data is not kept twice. */
export async function deleteFileRows(tx: Pick<Database, 'execute'>, submissionId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM credit_submission_rows WHERE submission_id = ${submissionId}::uuid`);
}
