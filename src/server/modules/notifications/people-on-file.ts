import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { plainArray } from '../../db/sql-arrays';
import { notify, type NewNotification } from './service';

const ZUserRow = z.object({ user_id: z.string(), subject_id: z.string() });

/**
 * Tells the people behind registry files what a lender changed on them: every consumer who
 * confirmed their identity on one of these files (by NIN, as consumer-alerts.ts reads it) gets the
 * notification `messageFor(subjectId)` gives, at once and in the caller's transaction. A file with no
 * confirmed consumer has nobody to tell in the app; the access log keeps the change for them.
 */
export async function notifyPeopleOnFiles(
  db: Database,
  subjectIds: string[],
  messageFor: (subjectId: string) => Omit<NewNotification, 'userId'> | null,
): Promise<number> {
  const unique = [...new Set(subjectIds)];
  if (unique.length === 0) return 0;
  const rows = await queryParsedRows(
    db,
    ZUserRow,
    sql`SELECT cp.user_id, i.subject_id
        FROM credit_subject_identifiers i
        JOIN consumer_profiles cp ON cp.national_id = i.value
        WHERE i.type = 'nin' AND i.subject_id = ANY(${plainArray(unique)}::uuid[]) AND cp.identity_verified_at IS NOT NULL`,
  );
  const items: NewNotification[] = [];
  for (const row of rows) {
    const message = messageFor(row.subject_id);
    if (message) items.push({ ...message, userId: row.user_id });
  }
  await notify(db, items);
  return items.length;
}
