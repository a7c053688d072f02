import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { applyClaimedFile, databaseCauseOf, failFile, type ApplyOptions, type FileClaim } from './apply-file';

// The queue of monthly files (decisions/033): credit_submissions itself, claimed with
// FOR UPDATE SKIP LOCKED, so every server process may run a worker.

/** A file taken this often without finishing stopped its server each time: it is failed, not taken again. */
const MAX_ATTEMPTS = 3;

/**
 * Takes the next file to apply: the oldest queued or processing file with stored rows whose
 * business has no earlier file still waiting or being applied (a business's files in the order
 * they were accepted). A file being applied is locked by its transaction and skipped; a
 * `processing` file nobody holds was left by a stopped worker and is taken again. The new status
 * and attempt are committed here, so the sender sees `processing`.
 */
export async function claimNextFile(db: Database): Promise<FileClaim | null> {
  const [claimed] = await queryParsedRows(
    db,
    z.object({ id: z.string(), attempts: z.number() }),
    sql`UPDATE credit_submissions SET status = 'processing', started_at = now(), attempts = attempts + 1
        WHERE id = (
          SELECT s.id FROM credit_submissions s
          WHERE s.status IN ('queued', 'processing') AND s.rows_stored
            AND NOT EXISTS (
              SELECT 1 FROM credit_submissions e
              WHERE e.business_id = s.business_id AND e.status IN ('queued', 'processing') AND e.rows_stored
                AND e.queue_position < s.queue_position)
          ORDER BY s.queue_position
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id, attempts`,
  );
  return claimed ? { id: claimed.id, attempt: claimed.attempts } : null;
}

/** Applies files until none is left to take (or `shouldStop` says so); returns how many were finished. */
export async function runQueuedFiles(
  db: Database,
  options: ApplyOptions & { shouldStop?: () => boolean; log?: Pick<FastifyBaseLogger, 'error' | 'warn'> } = {},
): Promise<number> {
  let finished = 0;
  while (!options.shouldStop?.()) {
    const claim = await claimNextFile(db);
    if (!claim) break;
    if (claim.attempt > MAX_ATTEMPTS) {
      options.log?.error(
        { submissionId: claim.id, attempts: claim.attempt - 1 },
        'monthly file stopped its server too often; marked failed',
      );
      await failFile(db, claim.id, 'abandoned');
      finished++;
      continue;
    }
    if (claim.attempt > 1)
      options.log?.warn({ submissionId: claim.id, attempt: claim.attempt }, 'monthly file taken up again: the worker applying it stopped');
    if (await applyClaimedFile(db, claim, options)) finished++;
  }
  return finished;
}

export interface FileWorker {
  /** Look for files now (a file was just accepted here). */
  wake(): void;
  start(): void;
  /** No new file is taken; resolves once the file being applied is done. */
  stop(): Promise<void>;
}

/**
 * The worker of one server process: runs the queue when woken and every `pollMs` (files accepted
 * by another instance, or left by a stopped one), one file at a time, never two runs at once here.
 */
export function createFileWorker(
  db: Database,
  options: ApplyOptions & { pollMs: number; isReady: () => boolean; log: Pick<FastifyBaseLogger, 'error' | 'warn'> },
): FileWorker {
  let running: Promise<void> | null = null;
  let isWokenAgain = false;
  let isStopped = true;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (isStopped || !options.isReady()) return;
    if (running) {
      isWokenAgain = true;
      return;
    }
    running = (async () => {
      do {
        isWokenAgain = false;
        try {
          await runQueuedFiles(db, { ...options, shouldStop: () => isStopped });
        } catch (error) {
          // The database error only: a failed query's parameters may hold a file's personal data.
          options.log.error({ cause: databaseCauseOf(error) }, 'the monthly file queue stopped; it runs again shortly');
        }
      } while (isWokenAgain && !isStopped);
    })().finally(() => {
      running = null;
    });
  };
  return {
    wake: () => void setImmediate(run),
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setInterval(run, options.pollMs);
      timer.unref();
      run();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
