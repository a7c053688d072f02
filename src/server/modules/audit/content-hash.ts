import { createHash, createHmac } from 'node:crypto';

export interface AuditEventContent {
  occurredAt: Date;
  action: string;
  actorUserId: string | null;
  actorRole: string | null;
  businessId: string | null;
  subjectId: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
}

/** JSON with object keys sorted at every depth: jsonb does not keep key order, the hash must not care. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function hashEventContent(event: AuditEventContent): string {
  return sha256(
    canonicalJson([
      event.occurredAt.toISOString(),
      event.action,
      event.actorUserId,
      event.actorRole,
      event.businessId,
      event.subjectId,
      event.targetType,
      event.targetId,
      event.ip,
      event.requestId,
      event.details,
    ]),
  );
}

/** The Merkle root of a batch: leaves are hash(id:contentHash) in id order; an odd node is carried up. */
export function merkleRootOf(leaves: { id: number; contentHash: string }[]): string {
  let level = leaves.map((l) => sha256(`${l.id}:${l.contentHash}`));
  if (level.length === 0) return sha256('');
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(level[i] + level[i + 1]) : level[i]);
    level = next;
  }
  return level[0];
}

/** The fields a seal's hash covers. */
export interface SealFields {
  previousSealHash: string;
  merkleRoot: string;
  eventCount: number;
  firstEventId: number;
  lastEventId: number;
}

/** Version 1 (older seals): a plain SHA-256 anyone with the code can recompute. */
export function sealHashOf(seal: SealFields): string {
  return sha256(`${seal.previousSealHash}|${seal.merkleRoot}|${seal.eventCount}|${seal.firstEventId}|${seal.lastEventId}`);
}

/**
 * Version 2: HMAC-SHA256 keyed with AUDIT_SEAL_KEY (never in the database) over the previous seal,
 * the Merkle root, the sealed range, the seal's place in the chain and its time. Without the key
 * nobody can write a seal that verifies (decisions/023).
 */
export function keyedSealHashOf(key: string, seal: SealFields & { sequence: number; sealedAt: Date }): string {
  return createHmac('sha256', key)
    .update(
      `v2|${seal.sequence}|${seal.previousSealHash}|${seal.merkleRoot}|${seal.eventCount}|${seal.firstEventId}|${seal.lastEventId}|${seal.sealedAt.toISOString()}`,
    )
    .digest('hex');
}

export const GENESIS_SEAL_HASH = sha256('creditcheck-sl audit log');
