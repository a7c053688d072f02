import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { noteRowsApplied } from '../../db/statistics';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { recordAuditEvent } from '../audit';
import { recordWebhookEvent } from '../webhooks';
import { applyAccountReports } from './apply-reports';
import { applyDeletionRows } from './file-deletions';
import { phaseClock } from './phase-clock';
import { distinctRows, FAILED_FILE_MESSAGE, fieldNameIn, insertRejects, validateRows } from './service';
import { deleteFileRows, loadFileRows } from './stored-rows';

export interface ApplyOptions {
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Rows per round of lookups and writes inside the file's one transaction. */
  chunkSize?: number;
  /** When given, milliseconds spent per phase are added here (benchmarks). */
  timings?: Record<string, number>;
  /** Told each applied file's accepted and rejected rows (the ingestion metrics). */
  onApplied?: (counts: { accepted: number; rejected: number }) => void;
}

/** A worker's claim on a file: the attempt number fences off a worker that claimed it before. */
export interface FileClaim {
  id: string;
  attempt: number;
}

const ZClaimedFile = z.object({
  status: z.string(),
  attempts: z.number(),
  business_id: z.string(),
  user_id: z.string(),
  format: z.string(),
  total: z.number(),
  sender_ip: z.string().nullable(),
  request_id: z.string().nullable(),
});
type ClaimedFile = z.infer<typeof ZClaimedFile>;

const lockFile = (tx: Database, id: string) =>
  queryParsedRows(
    tx,
    ZClaimedFile,
    sql`SELECT status, attempts, business_id, user_id, format, total, sender_ip, request_id
        FROM credit_submissions WHERE id = ${id}::uuid FOR UPDATE`,
  );

const senderAudit = (id: string, file: ClaimedFile) => ({
  actorUserId: file.user_id,
  actorRole: 'business',
  businessId: file.business_id,
  targetType: 'credit_submission',
  targetId: id,
  ip: file.sender_ip,
  requestId: file.request_id,
});

/**
 * Applies a file this worker claimed, in ONE transaction: the submission row stays locked while
 * its rows are applied (a live file is never claimed by another worker), the counts, the audit
 * event and the `submission.completed` webhook are written with the rows, and the stored rows are
 * deleted. A process killed midway leaves nothing of the file in the registry and the file
 * claimable again. Returns null when the file is no longer this claim's (another worker had it).
 */
export async function applyClaimedFile(db: Database, claim: FileClaim, options: ApplyOptions = {}): Promise<'completed' | 'failed' | null> {
  const lap = phaseClock(options.timings);
  let counts: { accepted: number; rejected: number } | null = null;
  try {
    counts = await db.transaction(async (tx) => {
      const [file] = await lockFile(tx, claim.id);
      if (!file || file.status !== 'processing' || file.attempts !== claim.attempt) return null;
      const meta = { businessId: file.business_id, userId: file.user_id, ip: file.sender_ip, requestId: file.request_id };
      const isCsv = file.format === 'csv';
      const fieldName = fieldNameIn(isCsv);
      const sent = await loadFileRows(tx, claim.id);
      lap('loading');
      const { valid, deletions, rejects } = checkRows(sent, isCsv, meta.businessId, options);
      // The checked rows are copies: a 100,000-row file's sent rows are a few hundred MB the heap may take back now.
      sent.length = 0;
      lap('validation');
      await insertRejects(tx, claim.id, rejects);
      // Removals first: a file that removes an account and reports another cannot name it twice (validateRows).
      const removals = await applyDeletionRows(tx, meta, deletions, fieldName);
      const audit = { actorUserId: meta.userId, actorRole: 'business', ip: meta.ip, requestId: meta.requestId };
      const { applied, rejects: reportRejects } = await applyAccountReports(
        tx,
        { businessId: meta.businessId, submissionId: claim.id, chunkSize: options.chunkSize, timings: options.timings, audit },
        valid,
      );
      const applyRejects = [...removals.rejects, ...reportRejects.map((r) => ({ ...r, field: fieldName(r.field) }))];
      await insertRejects(tx, claim.id, applyRejects);
      const count = (m: string) => applied.filter((a) => a.match === m).length;
      const outcome = {
        accepted: applied.length + removals.removed,
        rejected: distinctRows([...rejects, ...applyRejects]),
        createdCount: applied.filter((a) => a.created).length,
        updatedCount: applied.filter((a) => !a.created).length,
        matchExact: count('exact'),
        matchProbable: count('probable'),
        matchNew: count('new'),
        matchReview: count('review'),
      };
      await tx.execute(sql`
        UPDATE credit_submissions SET status = 'completed', accepted = ${outcome.accepted}, rejected = ${outcome.rejected},
          created_count = ${outcome.createdCount}, updated_count = ${outcome.updatedCount}, match_exact = ${outcome.matchExact},
          match_probable = ${outcome.matchProbable}, match_new = ${outcome.matchNew}, match_review = ${outcome.matchReview},
          completed_at = now()
        WHERE id = ${claim.id}::uuid`);
      await deleteFileRows(tx, claim.id);
      const details = { format: file.format, total: file.total, ...outcome };
      // One event for the file (each account carries the file's id): in its transaction, so the
      // registry never holds a file's rows without the record of who sent them.
      await recordAuditEvent(tx, { ...senderAudit(claim.id, file), action: 'credit.submission_applied', details });
      await recordWebhookEvent(tx, meta.businessId, 'submission.completed', { submissionId: claim.id, ...details });
      return { accepted: outcome.accepted, rejected: outcome.rejected };
    });
  } catch (error) {
    // The database away: the file stays claimable and the next try applies it (attempts bound the tries).
    if (isDatabaseUnavailable(error)) throw error;
    // The database error only: the failed query's parameters hold the file's personal data.
    options.log?.error({ submissionId: claim.id, cause: databaseCauseOf(error) }, 'monthly file failed; nothing of it was applied');
    await failFile(db, claim.id, 'error');
    return 'failed';
  }
  if (!counts) return null;
  options.onApplied?.(counts);
  // After the commit, never inside the file's transaction: a large file (or enough smaller ones)
  // refreshes the registry's planner statistics (db/statistics.ts).
  if (counts.accepted > 0) await noteRowsApplied(db, counts.accepted, { log: options.log });
  return 'completed';
}

/** Every row through the shared schema (service.ts validateRows). */
function checkRows(rows: unknown[], isCsv: boolean, businessId: string, options: ApplyOptions) {
  return validateRows(rows, isCsv, {
    onDisagreement: () =>
      options.log?.error({ businessId }, 'the fast row check disagreed with the schema; this file was checked by the schema alone'),
  });
}

/**
 * Marks a queued or processing file failed, deletes its stored rows, and writes its audit event
 * and `submission.failed` webhook. `error`: applying it failed (the sender is the actor, as when
 * the request applied it); `abandoned`: it stopped its server too often (the system is).
 */
export async function failFile(db: Database, id: string, reason: 'error' | 'abandoned'): Promise<void> {
  await db.transaction(async (tx) => {
    const [file] = await lockFile(tx, id);
    if (!file || (file.status !== 'processing' && file.status !== 'queued')) return;
    // The rows' own rejects are listed as for any file (the apply that wrote them rolled back).
    const { rejects } = checkRows(await loadFileRows(tx, id), file.format === 'csv', file.business_id, {});
    await insertRejects(tx, id, rejects);
    await tx.execute(sql`
      UPDATE credit_submissions SET status = 'failed', accepted = 0, rejected = ${distinctRows(rejects)}, error = ${FAILED_FILE_MESSAGE},
        completed_at = now()
      WHERE id = ${id}::uuid`);
    await deleteFileRows(tx, id);
    const details = { format: file.format, total: file.total };
    const actor =
      reason === 'error'
        ? senderAudit(id, file)
        : { actorRole: 'system', businessId: file.business_id, targetType: 'credit_submission', targetId: id };
    await recordAuditEvent(tx, {
      ...actor,
      action: 'credit.submission_failed',
      details: reason === 'error' ? details : { ...details, reason, senderUserId: file.user_id },
    });
    await recordWebhookEvent(tx, file.business_id, 'submission.failed', { submissionId: id, ...details, error: FAILED_FILE_MESSAGE });
  });
}

export function databaseCauseOf(error: unknown): { message: string; code?: string } {
  let e: any = error;
  while (e?.cause) e = e.cause;
  return { message: String(e?.message ?? e).slice(0, 500), code: e?.code };
}
