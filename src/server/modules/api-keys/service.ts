import { API_KEY_SCOPES, type TApiKeyScope } from '@shared/api-key-scopes';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyList } from '@shared/schemas/business';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { apiKeys, businessProfiles, plans } from '../../db/schema/index';
import { assertOwner, BusinessActor, isOwner } from '../../lib/business-actor';
import { forbidden, notFound } from '../../lib/http-error';
import { recordAuditEvent } from '../audit';
/** Every key starts so: a secret scanner (and a person) can tell what leaked. */
export const API_KEY_PREFIX = 'ccsl_';
/** Characters of the key kept in clear to tell keys apart on the settings page. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, as sessions do. */
const TOUCH_EVERY_MS = 60 * 1000;

const ZDateOrText = z.union([z.date(), z.string()]);
/** A stored key's scopes; a name this version does not know (a row written by a newer one) is dropped, never granted. */
const ZStoredScopes = z.array(z.string()).transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)));

const ZApiKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: ZDateOrText,
  created_by: z.string(),
  last_used_at: ZDateOrText.nullable(),
  revoked_at: ZDateOrText.nullable(),
  scopes: ZStoredScopes,
});

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: 256 random bits after the prefix. */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashApiKey(key) };
}

export interface ApiKeyAuth {
  keyId: string;
  businessId: string;
  /** The user the key's requests are recorded under: its creator. */
  userId: string;
  /** What the key may do: a route's `apiKeyScope` must be one of these (decisions/032). */
  scopes: TApiKeyScope[];
}

export type ApiKeyRefusal = 'unknown' | 'suspended' | 'no_api_access';

/**
 * The key's business, if the key may be used now: not revoked, the business not suspended and
 * its owner active, and its plan still including API access. Read on every request, so revoking a
 * key or suspending a business stops its keys at once (no cache).
 */
export async function authenticateApiKey(db: Database, key: string, ip: string | null): Promise<ApiKeyAuth | ApiKeyRefusal> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return 'unknown';
  const [row] = await queryParsedRows(
    db,
    z.object({
      id: z.string(),
      business_id: z.string(),
      created_by: z.string(),
      last_used_at: ZDateOrText.nullable(),
      verification_status: z.string(),
      owner_status: z.string(),
      has_api_access: z.boolean(),
      scopes: ZStoredScopes,
    }),
    sql`SELECT k.id, k.business_id, k.created_by, k.last_used_at, k.scopes, bp.verification_status::text AS verification_status,
          u.status::text AS owner_status, p.has_api_access
        FROM api_keys k
        JOIN business_profiles bp ON bp.user_id = k.business_id
        JOIN users u ON u.id = k.business_id
        JOIN plans p ON p.code = bp.plan_code
        WHERE k.key_hash = ${hashApiKey(key)} AND k.revoked_at IS NULL`,
  );
  if (!row) return 'unknown';
  if (row.verification_status === 'suspended' || row.owner_status !== 'active') return 'suspended';
  if (!row.has_api_access) return 'no_api_access';
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (Date.now() - lastUsed > TOUCH_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date(), lastUsedIp: ip }).where(eq(apiKeys.id, row.id));
  }
  return { keyId: row.id, businessId: row.business_id, userId: row.created_by, scopes: row.scopes };
}

async function hasApiAccess(db: Database, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ hasApiAccess: plans.hasApiAccess })
    .from(businessProfiles)
    .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
    .where(eq(businessProfiles.userId, businessId))
    .limit(1);
  return row?.hasApiAccess ?? false;
}

const NO_API_ACCESS =
  'API keys are part of the Enterprise plan. Contact CreditCheck SL to move to Enterprise (see the Subscription page, /subscribe).';

export async function listApiKeys(db: Database, actor: BusinessActor): Promise<TApiKeyList> {
  const [access, rows] = await Promise.all([
    hasApiAccess(db, actor.businessId),
    queryParsedRows(
      db,
      ZApiKeyRow,
      sql`SELECT k.id, k.name, k.prefix, k.created_at, COALESCE(m.full_name, bp.contact_name, 'Unknown user') AS created_by, k.last_used_at, k.revoked_at,
            k.scopes
          FROM api_keys k
          LEFT JOIN business_members m ON m.user_id = k.created_by
          LEFT JOIN business_profiles bp ON bp.user_id = k.created_by
          WHERE k.business_id = ${actor.businessId}::uuid
          ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id`,
    ),
  ]);
  return {
    hasApiAccess: access,
    canManage: isOwner(actor),
    keys: rows.map(toApiKey),
  };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function toApiKey(row: z.infer<typeof ZApiKeyRow>): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    scopes: row.scopes,
  };
}

/** A new key for an Enterprise business; the whole key is in this answer and nowhere else, ever. */
export async function createApiKey(db: Database, actor: BusinessActor, request: TApiKeyCreate): Promise<TApiKeyCreated> {
  assertOwner(actor, 'create API keys');
  if (!(await hasApiAccess(db, actor.businessId))) throw forbidden(NO_API_ACCESS);
  const { name } = request;
  // In the one order of API_KEY_SCOPES, each once, whatever order the request named them in.
  const scopes = API_KEY_SCOPES.filter((scope) => request.scopes.includes(scope));
  const { key, prefix, keyHash } = generateApiKey();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({ businessId: actor.businessId, name, prefix, keyHash, scopes, createdBy: actor.userId })
      .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.api_key_created',
      businessId: actor.businessId,
      targetType: 'api_key',
      targetId: created.id,
      details: { name, prefix, scopes },
    });
    return created;
  });
  const list = await listApiKeys(db, actor);
  const created = list.keys.find((k) => k.id === row.id)!;
  return { ...created, key };
}

/** Revokes a key of this business (another business's key is 404); its next request gets 401. */
export async function revokeApiKey(db: Database, actor: BusinessActor, keyId: string): Promise<TApiKey> {
  assertOwner(actor, 'revoke API keys');
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.businessId, actor.businessId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
    if (revoked.length === 0) {
      const [existing] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.businessId, actor.businessId)))
        .limit(1);
      // Revoking twice is harmless; a key of another business does not exist for this one.
      if (!existing) throw notFound('No such API key');
      return;
    }
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.api_key_revoked',
      businessId: actor.businessId,
      targetType: 'api_key',
      targetId: keyId,
      details: { prefix: revoked[0].prefix },
    });
  });
  const list = await listApiKeys(db, actor);
  return list.keys.find((k) => k.id === keyId)!;
}
