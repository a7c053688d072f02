import { creditSubmissions } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { type InquiryMeta } from '../credit-file';
import { assertVerified, loadBusinessAccess } from '../reports';
import { phaseClock } from './phase-clock';
import { badRequest } from '../../lib/http-error';
import { NO_ROWS_MESSAGE, rowsOf, type SubmissionBody, type SubmitOptions } from './service';
import { partsOfRows, ReceivedFile } from './received-file';
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
  input: SubmissionBody | ReceivedFile,
  options: SubmitOptions = {},
): Promise<{ id: string; status: 'queued' }> {
  assertVerified(await loadBusinessAccess(db, meta.businessId));
  const lap = phaseClock(options.timings);
  const { isCsv, total, parts } = receivedOf(input);

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
    await storeFileRows(tx, submission.id, parts);
    return submission.id;
  });
  lap('queueing');
  return { id, status: 'queued' };
}

/** The file in parts as stored: the route's ReceivedFile as it is, rows given as values cut into parts. */
function receivedOf(input: SubmissionBody | ReceivedFile): ReceivedFile {
  if (input instanceof ReceivedFile) {
    if (input.total === 0 && !input.isCsv) throw badRequest([{ field: 'rows', message: NO_ROWS_MESSAGE }]);
    return input;
  }
  const { rows, isCsv } = rowsOf(input);
  return new ReceivedFile(isCsv, rows.length, partsOfRows(rows));
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
