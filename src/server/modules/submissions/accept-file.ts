import { creditSubmissions } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { type InquiryMeta } from '../credit-file';
import { assertVerified, loadBusinessAccess } from '../reports';
import { phaseClock } from './phase-clock';
import { distinctRows, insertRejects, rowsOf, validateRows, type SubmissionBody, type SubmitOptions } from './service';
import { storeFileRows } from './stored-rows';
import { runQueuedFiles } from './file-queue';

/**
 * A monthly file accepted: every row checked (rejects listed at once), then the submission, its
 * rejects and its checked rows stored in ONE transaction as `queued`, so a file is either queued
 * whole or absent. The queue (file-queue.ts) applies it; nothing of the registry is touched here
 * (decisions/033).
 */
export async function acceptMonthlyFile(
  db: Database,
  meta: InquiryMeta,
  input: SubmissionBody,
  options: SubmitOptions = {},
): Promise<{ id: string; status: 'queued' }> {
  assertVerified(await loadBusinessAccess(db, meta.businessId));
  const lap = phaseClock(options.timings);
  const { rows, isCsv } = rowsOf(input);
  const { valid, deletions, rejects } = validateRows(rows, isCsv, {
    onDisagreement: () =>
      options.log?.error(
        { businessId: meta.businessId },
        'the fast row check disagreed with the schema; this file was checked by the schema alone',
      ),
  });
  lap('validation');
  const total = rows.length;
  if (options.releaseRows) rows.length = 0;

  const id = await db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(creditSubmissions)
      .values({
        businessId: meta.businessId,
        userId: meta.userId,
        format: isCsv ? 'csv' : 'json',
        status: 'queued',
        total,
        rejected: distinctRows(rejects),
        rowsStored: true,
        senderIp: meta.ip ?? null,
        requestId: meta.requestId ?? null,
      })
      .returning({ id: creditSubmissions.id });
    await insertRejects(tx, submission.id, rejects);
    await storeFileRows(tx, submission.id, { valid, deletions });
    return submission.id;
  });
  lap('queueing');
  return { id, status: 'queued' };
}

/**
 * Accepts a file and applies it in the caller, as the request did before the queue (benchmarks
 * and tests that look at the registry right after): every file the queue can take is applied,
 * this one included.
 */
export async function submitMonthlyFile(
  db: Database,
  meta: InquiryMeta,
  input: SubmissionBody,
  options: SubmitOptions = {},
): Promise<{ id: string }> {
  const { id } = await acceptMonthlyFile(db, meta, input, options);
  await runQueuedFiles(db, options);
  return { id };
}
