import { ACCOUNT_HISTORY_MONTHS } from '@shared/credit-reference';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';

const BATCH = 10_000;

/**
 * Deletes the months of balance older than the ACCOUNT_HISTORY_MONTHS (36) a report reads (the
 * same window as credit-file/report-sources.ts), in batches (reads already
 * ignore them, so a late run changes no report). Returns how many went.
 */
export async function pruneAccountMonths(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ACCOUNT_HISTORY_MONTHS - 1), 1)).toISOString().slice(0, 10);
  let deleted = 0;
  for (;;) {
    const [row] = await queryParsedRows(
      db,
      z.object({ n: numberColumn }),
      sql`WITH gone AS (
            DELETE FROM credit_account_months WHERE ctid IN (
              SELECT ctid FROM credit_account_months WHERE month < ${cutoff}::date LIMIT ${BATCH})
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    deleted += row.n;
    if (row.n < BATCH) return deleted;
  }
}
