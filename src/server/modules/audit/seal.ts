import { desc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';
import { auditEvents, auditSeals } from '../../db/schema/index';
import { GENESIS_SEAL_HASH, keyedSealHashOf, merkleRootOf } from './content-hash';
import { publishSealHeads } from './heads';
import { DEVELOPMENT_SEALING, type AuditSealing } from './sealing';

// Any fixed number: one sealer at a time across every instance.
const SEALER_LOCK_ID = 7_232_010;
export const MAX_EVENTS_PER_SEAL = 5_000;

const ZLockRow = z.object({ locked: z.boolean() });
/** An unsealed event: its id (a bigint a driver may give as text) and content hash. */
const ZPendingEventRow = z.object({ id: numberColumn, content_hash: z.string() });

/**
 * Seals the unsealed events (up to a batch) under one Merkle root chained to the previous seal,
 * with a hash keyed by AUDIT_SEAL_KEY (version 2, decisions/023). Selecting by `seal_id IS NULL`
 * rather than by id range also catches an event whose transaction committed after a later id was
 * sealed. The seal's head is written outside the database by `publishSealHeads`, after the commit.
 */
export async function sealPendingEvents(
  db: Database,
  maxEvents = MAX_EVENTS_PER_SEAL,
  sealing: AuditSealing = DEVELOPMENT_SEALING,
): Promise<{ sealed: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await queryParsedRows(tx, ZLockRow, sql`SELECT pg_try_advisory_xact_lock(${SEALER_LOCK_ID}) AS locked`);
    if (!lock?.locked) return { sealed: 0 };
    const pending = await queryParsedRows(
      tx,
      ZPendingEventRow,
      sql`SELECT id, content_hash FROM audit_events WHERE seal_id IS NULL ORDER BY id LIMIT ${maxEvents}`,
    );
    if (pending.length === 0) return { sealed: 0 };
    const leaves = pending.map((e) => ({ id: e.id, contentHash: e.content_hash }));
    const [previous] = await tx
      .select({ sealHash: auditSeals.sealHash, sequence: auditSeals.sequence })
      .from(auditSeals)
      .orderBy(desc(auditSeals.sequence))
      .limit(1);
    const seal = {
      version: 2,
      sequence: (previous?.sequence ?? 0) + 1,
      // Milliseconds, as the keyed hash covers it and the column gives it back exactly.
      sealedAt: new Date(),
      eventCount: leaves.length,
      firstEventId: leaves[0].id,
      lastEventId: leaves[leaves.length - 1].id,
      merkleRoot: merkleRootOf(leaves),
      previousSealHash: previous?.sealHash ?? GENESIS_SEAL_HASH,
    };
    const [inserted] = await tx
      .insert(auditSeals)
      .values({ ...seal, sealHash: keyedSealHashOf(sealing.key, seal) })
      .returning({ id: auditSeals.id });
    await tx
      .update(auditEvents)
      .set({ sealId: inserted.id })
      .where(
        inArray(
          auditEvents.id,
          leaves.map((l) => l.id),
        ),
      );
    return { sealed: leaves.length };
  });
}

/** Seals everything pending, batch after batch, then writes the new heads outside (tests, shutdown, before an export). */
export async function sealAllPendingEvents(db: Database, sealing: AuditSealing = DEVELOPMENT_SEALING): Promise<number> {
  let total = 0;
  for (;;) {
    const { sealed } = await sealPendingEvents(db, MAX_EVENTS_PER_SEAL, sealing);
    total += sealed;
    if (sealed < MAX_EVENTS_PER_SEAL) break;
  }
  await publishSealHeads(db, sealing);
  return total;
}
