import { DEMO_ACCOUNTS } from '@shared/demo';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { scoreSubject } from '../../modules/scoring';
import type { Database } from '../client';
import { queryParsedRows } from '../query';

/** Months of past scores the demo consumer's dashboard shows over time. */
const HISTORY_MONTHS = 12;

/**
 * Demo mode only: the demo consumer's score as it stood at the end of each of the last 12 months,
 * kept as a bureau keeps the scores of its monthly reviews (context `monthly_review`, computed and
 * dated at that instant), so their dashboard's score over time has a history to draw: the file as
 * lenders reported it, the group loan falling behind into default. Each is the live scorecard
 * applied to the registry read as of that date (no later month is read).
 */
export async function seedDemoScoreHistory(db: Database, now = new Date()) {
  const [subject] = await queryParsedRows(
    db,
    z.object({ subject_id: z.string() }),
    sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${DEMO_ACCOUNTS.consumer.nationalId}`,
  );
  if (!subject) return;
  for (let ago = HISTORY_MONTHS; ago >= 1; ago--) {
    // The last day of the month `ago` months back, at noon in Freetown (UTC).
    const asOf = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago + 1, 0, 12));
    const { scoreId } = await scoreSubject(db, subject.subject_id, { asOf, store: true, context: 'monthly_review' });
    if (scoreId) await db.execute(sql`UPDATE credit_scores SET computed_at = as_of WHERE id = ${scoreId}::uuid`);
  }
}
