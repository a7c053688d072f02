import {
  CSV_COLUMN_OF_FIELD,
  MAX_SUBMISSION_ROWS,
  ZCreditAccountReportSchema,
  ZSubmissionRejectSchema,
  csvRecordToRow,
  isDeletionRow,
  type TCreditAccountReport,
  type TSubmissionReject,
  type TSubmissionStatus,
} from '@shared/schemas/credit';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { creditSubmissionRejects, creditSubmissions } from '../../db/schema/index';
import { badRequest, fieldErrorsOf, notFound } from '../../lib/http-error';
import { NUL_MESSAGE, pathOfNulCharacter } from '../../plugins/nul-characters';
import { recordAuditEvents } from '../audit';
import { recordWebhookEvent } from '../webhooks';
import { duplicateAccountMessage, type ReportedRow } from './reported-rows';
import { parseDeletionRow, type DeletionRow } from './file-deletions';
import { parseSubmissionCsv, tooManyRows } from './csv';
import { parsePlainlyValidRow, sameParsedRow } from './fast-validate';
import { NOT_A_LIST_OF_ROWS } from './json-stream';
import { UnreadableRow } from './received-file';

export const NO_ROWS_MESSAGE = 'The file has no rows';
export const UNREADABLE_ROW_MESSAGE = 'This row is not valid JSON';

/** A file as its JSON body or CSV text (benchmarks, tests), or as rows already read from a stream (the route). */
export type SubmissionBody =
  { format: 'json'; body: unknown } | { format: 'csv'; body: string } | { format: 'rows'; rows: unknown[]; isCsv: boolean };

export interface SubmitOptions {
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Rows per round of lookups and writes inside the file's one transaction. */
  chunkSize?: number;
  /** When given, milliseconds spent per phase are added here (benchmarks). */
  timings?: Record<string, number>;
}

export const FAILED_FILE_MESSAGE = 'The file could not be applied, so none of its rows were written. Please send it again.';
/** A file still "processing" this long after it started, and no longer locked by its transaction, died with its server. */
const ABANDONED_AFTER = '1 minute';

export function rowsOf(input: SubmissionBody): { rows: unknown[]; isCsv: boolean } {
  if (input.format === 'csv') return { rows: parseSubmissionCsv(input.body).map(csvRecordToRow), isCsv: true };
  const body = input.format === 'rows' ? { rows: input.rows } : (input.body as { rows?: unknown } | null);
  if (!body || typeof body !== 'object' || !Array.isArray(body.rows)) throw badRequest([{ field: 'rows', message: NOT_A_LIST_OF_ROWS }]);
  if (input.format === 'rows' && input.isCsv) return { rows: body.rows, isCsv: true };
  if (body.rows.length === 0) throw badRequest([{ field: 'rows', message: NO_ROWS_MESSAGE }]);
  if (body.rows.length > MAX_SUBMISSION_ROWS) throw tooManyRows();
  return { rows: body.rows, isCsv: false };
}

/** A file's rows once checked: the reports to apply, the accounts to remove, and every refused row's errors. */
export interface ValidatedRows {
  valid: ReportedRow[];
  deletions: DeletionRow[];
  rejects: TSubmissionReject[];
}

/** A field as the lender's file names it: the CSV column, or the JSON path. */
export const fieldNameIn = (isCsv: boolean) => (field: string) => (isCsv ? (CSV_COLUMN_OF_FIELD[field] ?? field) : field);

/** Every this-many-th row the fast path accepted is parsed by the schema too, and both must agree. */
const CROSS_CHECK_EVERY = 64;

/**
 * Every row through the one shared schema; a bad row is listed with each bad field, the others go
 * on. Plainly valid rows take a fast path that gives exactly the schema's value (fast-validate.ts);
 * a sample of them is parsed by the schema as well, and if the two ever disagree the whole file is
 * checked by the schema alone (`onDisagreement` is told).
 */
export function validateRows(rows: unknown[], isCsv: boolean, options: { onDisagreement?: () => void } = {}): ValidatedRows {
  let fastPath = true;
  const parseRow = (
    raw: unknown,
    i: number,
  ): { success: true; data: TCreditAccountReport } | { success: false; error: { issues: Parameters<typeof fieldErrorsOf>[0] } } => {
    if (fastPath) {
      const fast = parsePlainlyValidRow(raw);
      if (fast) {
        if (i % CROSS_CHECK_EVERY !== 0) return { success: true, data: fast };
        const checked = ZCreditAccountReportSchema.safeParse(raw);
        if (checked.success && sameParsedRow(fast, checked.data)) return { success: true, data: fast };
        fastPath = false;
      }
    }
    return ZCreditAccountReportSchema.safeParse(raw);
  };
  let result = validateWith(rows, isCsv, parseRow);
  if (!fastPath) {
    options.onDisagreement?.();
    result = validateWith(rows, isCsv, (raw) => ZCreditAccountReportSchema.safeParse(raw));
  }
  return result;
}

function validateWith(
  rows: unknown[],
  isCsv: boolean,
  parseRow: (
    raw: unknown,
    i: number,
  ) => { success: true; data: TCreditAccountReport } | { success: false; error: { issues: Parameters<typeof fieldErrorsOf>[0] } },
): ValidatedRows {
  const valid: ReportedRow[] = [];
  const deletions: DeletionRow[] = [];
  const rejects: TSubmissionReject[] = [];
  const firstRowOfAccount = new Map<string, number>();
  const fieldName = fieldNameIn(isCsv);
  for (let i = 0; i < rows.length; i++) {
    const rowNumber = i + 1;
    if (rows[i] instanceof UnreadableRow) {
      rejects.push({ row: rowNumber, field: 'row', message: UNREADABLE_ROW_MESSAGE });
      continue;
    }
    const nulAt = pathOfNulCharacter(rows[i]);
    if (nulAt) {
      rejects.push({ row: rowNumber, field: nulAt.length > 0 ? fieldName(nulAt.join('.')) : 'row', message: NUL_MESSAGE });
      continue;
    }
    if (isDeletionRow(rows[i])) {
      const result = parseDeletionRow(rows[i], rowNumber, fieldName);
      if ('rejects' in result) rejects.push(...result.rejects);
      else if (firstRowOfAccount.has(result.deletion.accountNumber))
        rejects.push({
          row: rowNumber,
          field: fieldName('account.accountNumber'),
          message: duplicateAccountMessage(firstRowOfAccount.get(result.deletion.accountNumber)!),
        });
      else {
        firstRowOfAccount.set(result.deletion.accountNumber, rowNumber);
        deletions.push(result.deletion);
      }
      continue;
    }
    const parsed = parseRow(rows[i], i);
    if (!parsed.success) {
      for (const e of fieldErrorsOf(parsed.error.issues))
        rejects.push({ row: rowNumber, field: e.field === 'body' ? 'row' : fieldName(e.field), message: e.message });
      continue;
    }
    const accountNumber = parsed.data.account.accountNumber;
    const first = firstRowOfAccount.get(accountNumber);
    if (first !== undefined) {
      rejects.push({ row: rowNumber, field: fieldName('account.accountNumber'), message: duplicateAccountMessage(first) });
      continue;
    }
    firstRowOfAccount.set(accountNumber, rowNumber);
    valid.push({ rowNumber, report: parsed.data, moveAccount: parsed.data.correction === 'move' });
  }
  return { valid, deletions, rejects };
}

export async function insertRejects(db: Pick<Database, 'execute'>, submissionId: string, rejects: TSubmissionReject[]) {
  const p = (v: unknown) => sql.param(v);
  for (let i = 0; i < rejects.length; i += 20_000) {
    const part = rejects.slice(i, i + 20_000);
    await db.execute(sql`
      INSERT INTO credit_submission_rejects (submission_id, row_number, field, message, code)
      SELECT ${submissionId}::uuid, u.row_number, u.field, u.message, u.code
      FROM unnest(${p(part.map((r) => r.row))}::int[], ${p(part.map((r) => r.field))}::text[], ${p(part.map((r) => r.message))}::text[],
        ${p(part.map((r) => r.code ?? null))}::text[]) AS u(row_number, field, message, code)
      ON CONFLICT DO NOTHING`);
  }
}

export const distinctRows = (rejects: TSubmissionReject[]) => new Set(rejects.map((r) => r.row)).size;

/**
 * Marks as failed the files whose server died before their rows were stored (files sent before
 * the queue, decisions/033: the queue resumes every file whose rows it holds): still "queued" or
 * "processing", started a while ago, and not locked by a live transaction (SKIP LOCKED passes
 * over files being applied right now). Nothing of them is in the registry. Each file
 * marked failed gets its `credit.submission_failed` event in the same transaction, as a file that
 * fails while its server lives does (actor: the system; the sender is the event's business and
 * `details.senderUserId`).
 */
export async function failAbandonedSubmissions(db: Database, onlyId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryParsedRows(
      tx,
      z.object({
        id: z.string(),
        business_id: z.string(),
        user_id: z.string().nullable(),
        format: z.string(),
        total: z.coerce.number<number | string>(),
      }),
      sql`UPDATE credit_submissions SET status = 'failed', accepted = 0, error = ${FAILED_FILE_MESSAGE}, completed_at = now()
          WHERE id IN (
            SELECT id FROM credit_submissions
            WHERE status IN ('queued', 'processing') AND NOT rows_stored
              AND coalesce(started_at, created_at) < now() - ${ABANDONED_AFTER}::interval
              ${onlyId ? sql`AND id = ${onlyId}::uuid` : sql``}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, business_id, user_id, format, total`,
    );
    await recordAuditEvents(
      tx,
      rows.map((r) => ({
        action: 'credit.submission_failed',
        actorRole: 'system',
        businessId: r.business_id,
        targetType: 'credit_submission',
        targetId: r.id,
        details: { format: r.format, total: Number(r.total), reason: 'abandoned', senderUserId: r.user_id },
      })),
    );
    for (const r of rows)
      await recordWebhookEvent(tx, r.business_id, 'submission.failed', {
        submissionId: r.id,
        format: r.format,
        total: Number(r.total),
        error: FAILED_FILE_MESSAGE,
      });
    return rows.length;
  });
}

export async function getSubmission(db: Database, businessId: string, id: string): Promise<TSubmissionStatus> {
  const find = () =>
    db
      .select()
      .from(creditSubmissions)
      .where(and(eq(creditSubmissions.id, id), eq(creditSubmissions.businessId, businessId)))
      .limit(1);
  let [row] = await find();
  // Another business's file is as absent as a file that never was.
  if (!row) throw notFound('No such submission');
  if (row.status === 'processing' && !row.rowsStored && (await failAbandonedSubmissions(db, id)) > 0) [row] = await find();
  const rejects = await db
    .select({
      row: creditSubmissionRejects.rowNumber,
      field: creditSubmissionRejects.field,
      message: creditSubmissionRejects.message,
      code: creditSubmissionRejects.code,
    })
    .from(creditSubmissionRejects)
    .where(eq(creditSubmissionRejects.submissionId, id))
    .orderBy(asc(creditSubmissionRejects.rowNumber), asc(creditSubmissionRejects.field));
  return {
    id: row.id,
    status: row.status,
    format: row.format === 'csv' ? 'csv' : 'json',
    total: row.total,
    accepted: row.accepted,
    rejected: row.rejected,
    matches: { exact: row.matchExact, probable: row.matchProbable, new: row.matchNew, review: row.matchReview },
    created: row.createdCount,
    updated: row.updatedCount,
    rejects: rejects.map(({ code, ...reject }) => (code ? { ...reject, code: ZSubmissionRejectSchema.shape.code.parse(code) } : reject)),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
