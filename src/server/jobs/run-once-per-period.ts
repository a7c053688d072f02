import { sql } from 'drizzle-orm';
import { hostname } from 'node:os';
import { z } from 'zod';
import type { Database } from '../db/client';
import { queryParsedRows } from '../db/query';
import { jobRuns } from '../db/schema/index';

export const INSTANCE_NAME = `${hostname()}:${process.pid}`;

export type PeriodResult = { ran: false; reason: 'busy' | 'already_ran' } | { ran: true; result: Record<string, unknown> };

/**
 * Runs `work` at most once for (jobName, periodKey) across every instance: an advisory lock keeps
 * two instances from working at once, and the job_runs row, committed with the work, keeps a
 * second instance (or a later tick) from doing it again. If the work fails, both roll back and
 * the next tick retries.
 */
export async function runOncePerPeriod(
  db: Database,
  jobName: string,
  periodKey: string,
  work: (tx: Database) => Promise<Record<string, unknown>>,
): Promise<PeriodResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw;
    const [lock] = await queryParsedRows(
      tx,
      z.object({ locked: z.boolean() }),
      sql`SELECT pg_try_advisory_xact_lock(hashtext(${jobName})) AS locked`,
    );
    if (!lock?.locked) return { ran: false, reason: 'busy' } as const;
    const claimed = await tx
      .insert(jobRuns)
      .values({ jobName, periodKey, instance: INSTANCE_NAME })
      .onConflictDoNothing()
      .returning({ jobName: jobRuns.jobName });
    if (claimed.length === 0) return { ran: false, reason: 'already_ran' } as const;
    const result = await work(tx);
    await tx
      .update(jobRuns)
      .set({ finishedAt: new Date(), result })
      .where(sql`${jobRuns.jobName} = ${jobName} AND ${jobRuns.periodKey} = ${periodKey}`);
    return { ran: true, result } as const;
  });
}

/** The UTC day, e.g. 2026-11-22: the period of daily jobs. */
export function dayKeyOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC month, e.g. 2026-11: the period of monthly jobs. */
export function monthKeyOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}
