import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { numberColumn, queryParsedRows } from '../db/query';
import { idempotencyKeys } from '../db/schema/index';

/** How long a key is remembered (the API contract: 24 hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/**
 * A key still `running` this long after it was claimed belongs to a request whose server stopped
 * before answering (a crash, a kill): the same request may then run again. Longer than any request
 * takes (a 100,000-row monthly file applies in well under this), so a live request is never run twice.
 */
export const RUNNING_LEASE_MINUTES = 15;
/** Rows the clean-up deletes a statement, so one run never holds a long lock. */
const EXPIRE_BATCH = 5_000;
const ZCountRow = z.object({ n: numberColumn });

export interface IdempotencyClaim {
  businessId: string;
  key: string;
  fingerprint: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type ClaimOutcome = { kind: 'claimed' } | { kind: 'reused' } | { kind: 'running' } | { kind: 'completed'; answer: StoredAnswer };

/**
 * Takes the key for this request, or says what holds it. One statement decides between requests
 * racing on any instance (the primary key): a new key, an expired one, or a `running` one left by a
 * stopped server for the same request is taken; otherwise the row already there answers.
 */
export async function claimIdempotencyKey(db: Database, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  // A row deleted between the insert and the read (released by a failed first request, or expired
  // and cleaned) is simply claimed on the next round.
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await db
      .insert(idempotencyKeys)
      .values({ ...claim, status: 'running', expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})` })
      .onConflictDoUpdate({
        target: [idempotencyKeys.businessId, idempotencyKeys.key],
        set: {
          fingerprint: sql`excluded.fingerprint`,
          status: 'running',
          responseStatus: null,
          responseContentType: null,
          responseBody: null,
          createdAt: sql`now()`,
          expiresAt: sql`excluded.expires_at`,
        },
        setWhere: sql`${idempotencyKeys.expiresAt} <= now() OR (${idempotencyKeys.status} = 'running' AND ${idempotencyKeys.fingerprint} = excluded.fingerprint AND ${idempotencyKeys.createdAt} <= now() - make_interval(mins => ${RUNNING_LEASE_MINUTES}))`,
      })
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'claimed' };
    const [held] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.businessId, claim.businessId), eq(idempotencyKeys.key, claim.key)));
    if (!held) continue;
    if (held.fingerprint !== claim.fingerprint) return { kind: 'reused' };
    if (held.status === 'running' || held.responseStatus === null || held.responseBody === null) return { kind: 'running' };
    return {
      kind: 'completed',
      answer: { status: held.responseStatus, contentType: held.responseContentType ?? 'application/json', body: held.responseBody },
    };
  }
  return { kind: 'running' };
}

/** The first answer, kept for replays until the key expires. */
export async function completeIdempotencyKey(db: Database, claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: 'completed', responseStatus: answer.status, responseContentType: answer.contentType, responseBody: answer.body })
    .where(ownClaim(claim));
}

/** Lets the key go (the request was refused or failed and changed nothing): a retry runs afresh. */
export async function releaseIdempotencyKey(db: Database, claim: IdempotencyClaim): Promise<void> {
  await db.delete(idempotencyKeys).where(ownClaim(claim));
}

/** Only the row this request claimed: not one a later request took over after the lease. */
function ownClaim(claim: IdempotencyClaim) {
  return and(
    eq(idempotencyKeys.businessId, claim.businessId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.fingerprint, claim.fingerprint),
    eq(idempotencyKeys.status, 'running'),
  );
}

/** Deletes expired keys in batches (the `idempotency.expire` job); returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await queryParsedRows(
      db,
      ZCountRow,
      sql`WITH gone AS (
            DELETE FROM idempotency_keys WHERE (business_id, key) IN (
              SELECT business_id, key FROM idempotency_keys WHERE expires_at <= now() LIMIT ${EXPIRE_BATCH})
            RETURNING 1)
          SELECT count(*) AS n FROM gone`,
    );
    const count = row?.n ?? 0;
    deleted += count;
    if (count < EXPIRE_BATCH) return deleted;
  }
}
