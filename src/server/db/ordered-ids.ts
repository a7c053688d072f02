import { randomFillSync } from 'node:crypto';

/** Random bytes taken 10 at a time (one system call per 1,600 ids). */
const pool = Buffer.alloc(16_000);
let offset = pool.length;

/**
 * A new row's id as a version 7 UUID (RFC 9562): the time in milliseconds, then 74 random bits.
 * A monthly file adds tens of thousands of accounts, their months and people; with random ids
 * each of them lands on a random page of indexes of millions of entries (credit_accounts' and
 * credit_account_months' primary keys, the people's tables by subject), most of those pages not
 * in PostgreSQL's cache. Ids that grow with time put a file's new entries side by side at the end
 * of those indexes (issue 22; decisions/055). A report's and a search's inquiry, the people it
 * showed, its score and its stored copy are keyed the same way, for the same reason (decisions/058).
 */
export function timeOrderedId(): string {
  if (offset + 10 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.alloc(16);
  pool.copy(bytes, 6, offset, offset + 10);
  offset += 10;
  const ms = Date.now();
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
