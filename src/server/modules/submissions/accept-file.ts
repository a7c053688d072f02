import { creditSubmissions } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { type InquiryMeta } from '../credit-file';
import { assertVerified, loadBusinessAccess } from '../reports';
import { phaseClock } from './phase-clock';
import { rowsOf, type SubmissionBody, type SubmitOptions } from './service';
import { storeFileRows } from './stored-rows';
import { runQueuedFiles } from './file-queue';

/**
 * A monthly file accepted: the submission and its rows as they were sent stored in ONE transaction
 * as `queued`, so a file is either queued whole or absent. The queue (file-queue.ts) checks the
 * rows and applies them; nothing of the registry is touched here (decisions/033). What makes a
 * whole file unreadable (no rows, over 100,000, a CSV without its columns) is still refused here.
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
  const total = rows.length;

  const id = await db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(creditSubmissions)
      .values({
        businessId: meta.businessId,
        userId: meta.userId,
        format: isCsv ? 'csv' : 'json',
        status: 'queued',
        total,
        rowsStored: true,
        senderIp: meta.ip ?? null,
        requestId: meta.requestId ?? null,
      })
      .returning({ id: creditSubmissions.id });
    await storeFileRows(tx, submission.id, rows);
    return submission.id;
  });
  // The route's request body holds the same array: a 100,000-row file is a few hundred MB of objects.
  if (options.releaseRows) rows.length = 0;
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
