import { sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

// Failed sign-ins with an identifier that belongs to no account are counted and locked exactly
// like an account's own (auth/service.ts recordFailedLogin), so the lockout answer (429, "This
// account is locked for N more minutes") comes for unknown identifiers too and does not tell
// whether an account exists (decisions/021). Only an HMAC of role and identifier is stored.

/** Rows not touched for this long are dropped now and then, so guessed names do not pile up. */
const FORGET_AFTER_DAYS = 30;

export function unknownIdentifierKey(secret: string, role: string, identifier: string): string {
  const key = createHmac('sha256', secret).update('sign-in-failures').digest();
  return createHmac('sha256', key).update(`${role}:${identifier}`).digest('hex');
}

export async function unknownIdentifierLockedUntil(db: Database, key: string): Promise<Date | null> {
  const [row] = await queryParsedRows(
    db,
    z.object({ locked_until: z.union([z.date(), z.string()]).nullable() }),
    sql`SELECT locked_until FROM sign_in_failures WHERE key = ${key} AND locked_until > now()`,
  );
  return row?.locked_until ? new Date(row.locked_until) : null;
}

/** One statement, like an account's counter: the threshold-th failure in a row locks for `minutes`. */
export async function recordUnknownIdentifierFailure(db: Database, key: string, threshold: number, minutes: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO sign_in_failures (key, failed_count, locked_until, updated_at)
    VALUES (${key}, CASE WHEN 1 >= ${threshold} THEN 0 ELSE 1 END,
            CASE WHEN 1 >= ${threshold} THEN now() + make_interval(mins => ${minutes}) ELSE NULL END, now())
    ON CONFLICT (key) DO UPDATE SET
      failed_count = CASE WHEN sign_in_failures.failed_count + 1 >= ${threshold} THEN 0 ELSE sign_in_failures.failed_count + 1 END,
      locked_until = CASE WHEN sign_in_failures.failed_count + 1 >= ${threshold} THEN now() + make_interval(mins => ${minutes}) ELSE sign_in_failures.locked_until END,
      updated_at = now()`);
  if (Math.random() < 0.01) {
    await db.execute(
      sql`DELETE FROM sign_in_failures WHERE updated_at < now() - make_interval(days => ${FORGET_AFTER_DAYS}) AND (locked_until IS NULL OR locked_until < now())`,
    );
  }
}
