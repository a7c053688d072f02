import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

/** The transaction the registry's write path runs in (the caller's). */
export type Tx = Pick<Database, 'execute'>;

/**
 * Every statement here joins a batch (an unnest of up to 20,000 rows, or an = ANY array) to indexed
 * tables, and the right plan is always an index probe per batch row, whatever the table
 * statistics say (a new lender's accounts are not in them yet). For the duration: generic plans
 * (planned without looking at the arrays: the batch counts as small, so the batch drives the join;
 * and no selectivity estimate per array element, which cost 10 ms a statement), no hash or merge
 * join (PostgreSQL may otherwise read a whole table to join a large batch), no memoize (a cache in
 * front of each probe that almost never hits and costs a third of the probe), no JIT (compiling
 * costs more than running).
 */
const PLANNER_SETTINGS = ['plan_cache_mode', 'enable_hashjoin', 'enable_mergejoin', 'enable_memoize', 'jit'] as const;
export const BATCH_PLANNER: Record<(typeof PLANNER_SETTINGS)[number], string> = {
  plan_cache_mode: 'force_generic_plan',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  enable_memoize: 'off',
  jit: 'off',
};

/** The session's planner settings as they are now, to put back afterwards. */
export async function readPlanner(tx: Tx): Promise<Record<string, string>> {
  const [previous] = await queryParsedRows(
    tx as Database,
    z.record(z.string(), z.string()),
    sql`SELECT ${sql.raw(PLANNER_SETTINGS.map((s) => `current_setting('${s}') AS ${s}`).join(', '))}`,
  );
  return previous;
}

export async function setPlanner(tx: Tx, values: Record<string, string>) {
  await tx.execute(
    sql`SELECT ${sql.join(
      PLANNER_SETTINGS.map((s) => sql`set_config(${s}, ${values[s]}, true)`),
      sql`, `,
    )}`,
  );
}
