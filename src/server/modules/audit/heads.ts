import { asc, gt } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from '../../db/client';
import { auditSeals } from '../../db/schema/index';
import { GENESIS_SEAL_HASH, keyedSealHashOf, sealHashOf } from './content-hash';
import type { AuditSealing } from './sealing';
import type { TSealHead } from '@shared/schemas/oversight';

/** One seal's head as kept outside the database: enough to tell later whether the chain still holds it. */
export type SealHead = TSealHead;

type SealRow = typeof auditSeals.$inferSelect;

export function headOf(seal: SealRow): SealHead {
  return {
    sealId: seal.id,
    sequence: seal.sequence,
    version: seal.version,
    sealHash: seal.sealHash,
    eventCount: seal.eventCount,
    lastEventId: seal.lastEventId,
    sealedAt: seal.sealedAt.toISOString(),
  };
}

function parseHead(line: string): SealHead | null {
  if (!line.trim()) return null;
  try {
    const head = JSON.parse(line) as SealHead;
    return typeof head.sequence === 'number' && typeof head.sealHash === 'string' ? head : null;
  } catch {
    // A line cut short by a crash in the middle of an append: the next append repeats that head.
    return null;
  }
}

const TAIL_BYTES = 64 * 1024;

/** The last head in the file, reading only its end; null when there is no file or no head yet. */
export async function lastSealHead(file: string): Promise<SealHead | null> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return null;
  }
  if (size === 0) return null;
  const handle = await open(file, 'r');
  try {
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      const head = parseHead(lines[i]);
      if (head) return head;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Heads after a sequence number (all when absent), oldest first, at most `limit`. */
export async function readSealHeads(file: string, options: { afterSequence?: number; limit?: number } = {}): Promise<SealHead[]> {
  const heads: SealHead[] = [];
  const after = options.afterSequence ?? 0;
  let stream;
  try {
    await stat(file);
    stream = createReadStream(file, { encoding: 'utf8' });
  } catch {
    return heads;
  }
  const seen = new Set<number>();
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    const head = parseHead(line);
    if (!head || head.sequence <= after || seen.has(head.sequence)) continue;
    seen.add(head.sequence);
    heads.push(head);
    if (options.limit && heads.length >= options.limit) {
      stream.destroy();
      break;
    }
  }
  return heads;
}

/** Appends heads as JSON lines and flushes them to disk before returning. */
async function appendHeads(file: string, heads: SealHead[]): Promise<void> {
  if (heads.length === 0) return;
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'a', 0o640);
  try {
    await handle.appendFile(heads.map((h) => `${JSON.stringify(h)}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// One publisher per file in this process (the job and a test may call at once).
const publishing = new Map<string, Promise<unknown>>();
const BATCH = 1_000;

export interface PublishOutcome {
  published: number;
  /** Set when a seal in the database was not published because it does not continue the chain held outside. */
  refused?: string;
}

/**
 * Writes the head of every seal newer than the file's last head, after checking that each one
 * continues the chain the file holds and carries a valid keyed hash: a seal an insider forged or a
 * chain rewritten under the file is never published (verify then reports it). Runs after each
 * sealing, so a head lost to a crash between the commit and the append is written at the next run.
 */
export async function publishSealHeads(db: Database, sealing: AuditSealing): Promise<PublishOutcome> {
  const file = sealing.headFile;
  if (!file) return { published: 0 };
  const before = publishing.get(file) ?? Promise.resolve();
  const run = before.catch(() => {}).then(() => publishNow(db, file, sealing.key));
  publishing.set(file, run);
  try {
    return await run;
  } finally {
    if (publishing.get(file) === run) publishing.delete(file);
  }
}

async function publishNow(db: Database, file: string, key: string): Promise<PublishOutcome> {
  let last = await lastSealHead(file);
  let published = 0;
  for (;;) {
    const seals = await db
      .select()
      .from(auditSeals)
      .where(gt(auditSeals.sequence, last?.sequence ?? 0))
      .orderBy(asc(auditSeals.sequence))
      .limit(BATCH);
    const heads: SealHead[] = [];
    let previousHash = last?.sealHash ?? GENESIS_SEAL_HASH;
    let expected = (last?.sequence ?? 0) + 1;
    // Older unkeyed seals come only before the first keyed one: the last of them is published as
    // the anchor of the chain as it stood when keyed sealing began, never one after a keyed seal.
    let legacyAnchor: SealHead | null = null;
    let refused: string | undefined;
    for (const seal of seals) {
      if (seal.sequence !== expected || seal.previousSealHash !== previousHash) {
        refused = `seal ${seal.sequence} does not continue the chain held outside the database`;
        break;
      }
      if (seal.version === 2) {
        if (keyedSealHashOf(key, seal) !== seal.sealHash) {
          refused = `seal ${seal.sequence} does not carry a valid keyed hash`;
          break;
        }
        if (legacyAnchor) heads.push(legacyAnchor);
        legacyAnchor = null;
        heads.push(headOf(seal));
      } else if (seal.version === 1 && (!last || last.version === 1) && heads.length === 0 && sealHashOf(seal) === seal.sealHash) {
        legacyAnchor = headOf(seal);
      } else {
        refused = `seal ${seal.sequence} is not a keyed seal`;
        break;
      }
      previousHash = seal.sealHash;
      expected += 1;
    }
    if (legacyAnchor) heads.push(legacyAnchor);
    await appendHeads(file, heads);
    published += heads.length;
    if (heads.length > 0) last = heads[heads.length - 1];
    if (refused) return { published, refused };
    if (seals.length < BATCH) return { published };
  }
}
