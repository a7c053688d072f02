import type { TSubmissionReject } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordReportedPhones } from '../consumers';
import { applyChunk } from './apply-chunk';
import { BATCH_PLANNER, readPlanner, setPlanner } from './batch-planner';
import { guardReinsertions } from './reinsertion-guard';
import type { AppliedRow, ApplyContext, ReportedRow } from './reported-rows';

/** Any fixed number: every registry writer takes this lock, so matching always sees earlier writes. */
const REGISTRY_WRITE_LOCK = 7_232_104;
/** Large rounds: each round's lookups scan an index range per table, so fewer rounds cost less. */
const DEFAULT_CHUNK = 20_000;

/**
 * Applies reported accounts: resolves each row's person (exact, probable, new or review), writes
 * people, identifiers, names, phones, addresses, accounts and review items set-based. Must run in a
 * transaction (the caller's): a failure anywhere leaves nothing behind. Rows naming an account this
 * business already reported for someone else come back as rejects.
 *
 * Each round of rows goes through apply-chunk.ts: candidate lookup (chunk-lookup.ts), match
 * decisions (match-decisions.ts, over round-people.ts), what a row adds to its person
 * (row-attach.ts), and set-based writes (round-writer.ts).
 */
export async function applyAccountReports(
  tx: Database,
  context: ApplyContext,
  rows: ReportedRow[],
): Promise<{ applied: AppliedRow[]; rejects: TSubmissionReject[] }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRY_WRITE_LOCK})`);
  const previous = await readPlanner(tx);
  await setPlanner(tx, BATCH_PLANNER);
  const applied: AppliedRow[] = [];
  // Rows that would put back what a dispute took off are refused unless certified (reinsertion-guard.ts).
  const guarded = await guardReinsertions(tx, context, rows);
  const rejects: TSubmissionReject[] = guarded.rejects;
  const chunkSize = context.chunkSize ?? DEFAULT_CHUNK;
  for (let start = 0; start < guarded.rows.length; start += chunkSize) {
    const result = await applyChunk(tx, context, guarded.rows.slice(start, start + chunkSize), { ...previous, jit: 'off' });
    for (const a of result.applied) applied.push(a);
    for (const r of result.rejects) rejects.push(r);
  }
  // Who reported which phone, for identity codes (consumers/reported-phones.ts, decisions/021).
  await recordReportedPhones(tx, rows, applied);
  // The caller's transaction goes on with its own settings.
  await setPlanner(tx, previous);
  return { applied, rejects };
}
