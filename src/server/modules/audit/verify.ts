import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';
import { auditEvents, auditSeals } from '../../db/schema/index';
import { GENESIS_SEAL_HASH, hashEventContent, keyedSealHashOf, merkleRootOf, sealHashOf } from './content-hash';
import { headOf, lastSealHead, type SealHead } from './heads';
import { DEVELOPMENT_SEALING, type AuditSealing } from './sealing';

export interface AuditVerification {
  valid: boolean;
  /** Events whose content hash was recomputed. */
  checked: number;
  seals: number;
  firstBadEventId?: number;
  problem?: string;
  /** The newest seal in the database. */
  latestSeal: SealHead | null;
  /** The last seal head written outside the database (AUDIT_HEAD_FILE), which the chain must still hold. */
  outsideHead: SealHead | null;
  /** Whether a head file is configured: without one, deleting the newest seals is not detected. */
  outsideHeadChecked: boolean;
  /** Only when a head was given (one the regulator kept): whether the verified chain holds it. */
  givenHeadFound?: boolean;
}

export interface VerifyOptions {
  sealing?: AuditSealing;
  /** A seal hash kept outside (e.g. by the regulator) that the chain must contain. */
  givenHead?: string;
}

type EventRow = typeof auditEvents.$inferSelect;
/** An event's id, a bigint a driver may give as text. */
const ZEventIdRow = z.object({ id: numberColumn });

function firstAlteredEvent(events: EventRow[]): EventRow | undefined {
  return events.find((e) => hashEventContent({ ...e, details: e.details ?? {} }) !== e.contentHash);
}

const PAGE = 5_000;
/** Clocks of several instances and a request's own delay: the trigger allows the same. */
export const EVENT_TIME_TOLERANCE_MS = 60_000;
/**
 * How long a transaction may stay open after writing its event: an event whose id is below an
 * earlier seal's range (it committed late) must be dated no earlier than this before that seal.
 */
export const LATE_COMMIT_ALLOWANCE_MS = 60 * 60_000;

/**
 * Recomputes every event's content hash, every seal's Merkle root over the events that point to
 * it, and the chain of seal hashes (keyed ones with AUDIT_SEAL_KEY); checks that event times never
 * go backwards and no event was slipped in under a range already sealed; and compares the chain
 * with the last head held outside the database and with a head the caller kept.
 */
export async function verifyAuditLog(db: Database, options: VerifyOptions = {}): Promise<AuditVerification> {
  const sealing = options.sealing ?? DEVELOPMENT_SEALING;
  const seals = await db.select().from(auditSeals).orderBy(asc(auditSeals.sequence));
  const outsideHead = sealing.headFile ? await lastSealHead(sealing.headFile) : null;
  const base = {
    seals: seals.length,
    latestSeal: seals.length ? headOf(seals[seals.length - 1]) : null,
    outsideHead,
    outsideHeadChecked: Boolean(sealing.headFile),
  };
  let checked = 0;
  const invalid = (problem: string, firstBadEventId?: number): AuditVerification => ({
    valid: false,
    checked,
    ...base,
    ...(firstBadEventId !== undefined ? { firstBadEventId } : {}),
    problem,
    ...(options.givenHead ? { givenHeadFound: false } : {}),
  });

  let previousSealHash = GENESIS_SEAL_HASH;
  let sawKeyedSeal = false;
  let sealedUpTo = 0;
  let previousSealedAt: Date | null = null;
  for (const [index, seal] of seals.entries()) {
    const events = await db.select().from(auditEvents).where(eq(auditEvents.sealId, seal.id)).orderBy(asc(auditEvents.id));
    checked += events.length;
    const altered = firstAlteredEvent(events);
    if (altered) return invalid(`event ${altered.id} was altered`, altered.id);
    if (seal.sequence !== index + 1) return invalid(`seal ${index + 1} is missing: seals were deleted`, seal.firstEventId);
    if (seal.version === 1 && sawKeyedSeal)
      return invalid(`seal ${seal.sequence} does not continue the chain: an unkeyed seal after keyed ones`, seal.firstEventId);
    const expectedHash = seal.version === 2 ? keyedSealHashOf(sealing.key, seal) : seal.version === 1 ? sealHashOf(seal) : null;
    if (seal.previousSealHash !== previousSealHash || expectedHash !== seal.sealHash) {
      const why =
        seal.version === 2 && seal.previousSealHash === previousSealHash
          ? ': its keyed hash does not match (written without AUDIT_SEAL_KEY, or the key changed)'
          : '';
      return invalid(`seal ${seal.id} does not continue the chain${why}`, seal.firstEventId);
    }
    const root = merkleRootOf(events.map((e) => ({ id: e.id, contentHash: e.contentHash })));
    if (events.length !== seal.eventCount || root !== seal.merkleRoot)
      return invalid(`seal ${seal.id}: an event was removed or moved`, seal.firstEventId);
    const slipped = slippedUnder(events, sealedUpTo, previousSealedAt);
    if (slipped) return invalid(backdatedProblem(slipped), slipped.id);
    sawKeyedSeal ||= seal.version === 2;
    sealedUpTo = Math.max(sealedUpTo, seal.lastEventId);
    previousSealedAt = seal.sealedAt;
    previousSealHash = seal.sealHash;
  }
  // Events not sealed yet: their own hashes still tell whether they were edited.
  for (let after = 0; ;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(and(isNull(auditEvents.sealId), gt(auditEvents.id, after)))
      .orderBy(asc(auditEvents.id))
      .limit(PAGE);
    checked += page.length;
    const altered = firstAlteredEvent(page);
    if (altered) return invalid(`event ${altered.id} was altered`, altered.id);
    const slipped = slippedUnder(page, sealedUpTo, previousSealedAt);
    if (slipped) return invalid(backdatedProblem(slipped), slipped.id);
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  // Event times never go backwards (in id order, the order they were written).
  const [backwards] = await queryParsedRows(
    db,
    ZEventIdRow,
    sql`SELECT id FROM (
          SELECT id, occurred_at, max(occurred_at) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_before
          FROM audit_events) AS ordered
        WHERE occurred_at < latest_before - make_interval(secs => ${EVENT_TIME_TOLERANCE_MS / 1000})
        ORDER BY id LIMIT 1`,
  );
  if (backwards)
    return invalid(`event ${backwards.id} is dated before an earlier event: event times went backwards (back-dated)`, backwards.id);
  // The last head written outside the database must still be in the chain, unchanged.
  if (outsideHead) {
    const held = seals[outsideHead.sequence - 1];
    if (!held) return invalid(`seal ${outsideHead.sequence}, the last head held outside the database, is missing: seals were deleted`);
    if (held.sealHash !== outsideHead.sealHash)
      return invalid(
        `seal ${outsideHead.sequence} does not match the head held outside the database: the chain was rewritten`,
        held.firstEventId,
      );
  }
  if (options.givenHead) {
    const given = options.givenHead.toLowerCase();
    if (!seals.some((s) => s.sealHash === given))
      return invalid('The seal head you gave is not in the chain: the log was rewritten or truncated after you kept it');
    return { valid: true, checked, ...base, givenHeadFound: true };
  }
  return { valid: true, checked, ...base };
}

/** An event with an id inside a range already sealed, dated well before that seal was made: slipped in later. */
function slippedUnder(events: EventRow[], sealedUpTo: number, previousSealedAt: Date | null): EventRow | undefined {
  if (!previousSealedAt) return undefined;
  const earliest = previousSealedAt.getTime() - LATE_COMMIT_ALLOWANCE_MS;
  return events.find((e) => e.id < sealedUpTo && e.occurredAt.getTime() < earliest);
}

const backdatedProblem = (e: EventRow) =>
  `event ${e.id} was added under a range already sealed, dated ${e.occurredAt.toISOString()} (back-dated)`;
