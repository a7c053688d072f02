import { asc, eq, gt, isNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents, auditSeals } from '../../db/schema/index';
import { GENESIS_SEAL_HASH, hashEventContent, merkleRootOf, sealHashOf } from './content-hash';

export interface AuditVerification {
  valid: boolean;
  /** Events whose content hash was recomputed. */
  checked: number;
  seals: number;
  firstBadEventId?: number;
  problem?: string;
}

type EventRow = typeof auditEvents.$inferSelect;

function firstAlteredEvent(events: EventRow[]): EventRow | undefined {
  return events.find((e) => hashEventContent({ ...e, details: e.details ?? {} }) !== e.contentHash);
}

const PAGE = 5_000;

/**
 * Recomputes every event's content hash, every seal's Merkle root over the events that point to
 * it, and the chain of seal hashes. Any edited, deleted or re-pointed event, or removed seal, shows.
 */
export async function verifyAuditLog(db: Database): Promise<AuditVerification> {
  let checked = 0;
  let previousSealHash = GENESIS_SEAL_HASH;
  const seals = await db.select().from(auditSeals).orderBy(asc(auditSeals.id));
  for (const seal of seals) {
    const events = await db.select().from(auditEvents).where(eq(auditEvents.sealId, seal.id)).orderBy(asc(auditEvents.id));
    checked += events.length;
    const altered = firstAlteredEvent(events);
    if (altered) return { valid: false, checked, seals: seals.length, firstBadEventId: altered.id, problem: `event ${altered.id} was altered` };
    if (seal.previousSealHash !== previousSealHash || sealHashOf(seal) !== seal.sealHash) {
      return { valid: false, checked, seals: seals.length, firstBadEventId: seal.firstEventId, problem: `seal ${seal.id} does not continue the chain` };
    }
    const root = merkleRootOf(events.map((e) => ({ id: e.id, contentHash: e.contentHash })));
    if (events.length !== seal.eventCount || root !== seal.merkleRoot) {
      return { valid: false, checked, seals: seals.length, firstBadEventId: seal.firstEventId, problem: `seal ${seal.id}: an event was removed or moved` };
    }
    previousSealHash = seal.sealHash;
  }
  // Events not sealed yet: their own hashes still tell whether they were edited.
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(and(isNull(auditEvents.sealId), gt(auditEvents.id, after)))
      .orderBy(asc(auditEvents.id))
      .limit(PAGE);
    checked += page.length;
    const altered = firstAlteredEvent(page);
    if (altered) return { valid: false, checked, seals: seals.length, firstBadEventId: altered.id, problem: `event ${altered.id} was altered` };
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  return { valid: true, checked, seals: seals.length };
}
