import { DISPUTE_NEW_INFORMATION_MIN_CHARS } from '@shared/schemas/consumer';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { HttpError } from '../../lib/http-error';

/** Lower case words of a statement, punctuation and spacing left out. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** How alike two statements are: shared words over all their words (1 is the same words). */
function likeness(a: string[], b: string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared++;
  return shared / (left.size + right.size - shared);
}

/** A statement this alike an earlier one on the same entry repeats it. */
const REPEATED_LIKENESS = 0.8;

/**
 * A dispute of an entry whose last dispute (by this person) the lender answered "verified" needs new
 * information: a statement of at least DISPUTE_NEW_INFORMATION_MIN_CHARS characters that does not
 * repeat any earlier statement of theirs on that entry. Otherwise 409 naming `statement`, before
 * anything is written: the entry is not flagged again and no new deadline starts (decisions/022).
 * Bureaus may treat a repeated dispute without new information as frivolous.
 */
export async function assertNewInformation(tx: Database, input: { userId: string; accountId: string; lender: string; statement: string }) {
  const earlier = await queryParsedRows(
    tx,
    z.object({ statement: z.string(), outcome: z.string().nullable(), resolved_at: z.union([z.date(), z.string()]).nullable() }),
    sql`SELECT statement, outcome::text AS outcome, resolved_at FROM disputes
        WHERE account_id = ${input.accountId}::uuid AND consumer_user_id = ${input.userId}::uuid
        ORDER BY filed_at DESC, id LIMIT 50`,
  );
  const last = earlier[0];
  if (last?.outcome !== 'verified' || !last.resolved_at) return;
  const words = wordsOf(input.statement);
  const isTooShort = input.statement.trim().length < DISPUTE_NEW_INFORMATION_MIN_CHARS;
  const isRepeated = earlier.some((e) => likeness(words, wordsOf(e.statement)) >= REPEATED_LIKENESS);
  if (!isTooShort && !isRepeated) return;
  const on = new Date(last.resolved_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const message =
    `This entry was checked and verified by ${input.lender} on ${on}. To dispute it again, tell us what is new since then ` +
    (isRepeated
      ? '(a payment, a date, a document you hold): your statement repeats your earlier dispute.'
      : `(a payment, a date, a document you hold) in at least ${DISPUTE_NEW_INFORMATION_MIN_CHARS} characters.`);
  throw new HttpError(409, message, {
    field: 'statement',
    errors: [{ field: 'statement', message }],
    code: 'DISPUTE_NEEDS_NEW_INFORMATION',
  });
}
