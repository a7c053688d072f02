import {
  ZBusinessRateLimitInputSchema,
  ZRateLimitDefaultsUpdateSchema,
  type TBusinessRateLimit,
  type TBusinessRateLimitInput,
  type TRateLimitDefaults,
  type TRateLimitOverview,
} from '@shared/schemas/rate-limits';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessProfiles, businessRateLimits } from '../../db/schema/index';
import { notFound, parseOrThrow } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { readSetting, writeSetting, type SettingKey } from '../settings';

/**
 * Limits on credit searches and reports a minute, beyond the monthly quota (security issue 9):
 * each user, each Enterprise API key and each business has its own counter. The defaults are
 * settings; a business may have its own limits (business_rate_limits).
 *
 * The limits are read once per RATE_LIMIT_CACHE_MS per database handle (every override at once:
 * only a few businesses have one), so a search or report costs no extra query. A change made
 * through this module applies at once in this process and within that time in other instances.
 */
export const RATE_LIMIT_CACHE_MS = 30_000;

export interface CreditRateLimits {
  perUser: number;
  perApiKey: number;
  perBusiness: number;
}

const DEFAULT_SETTINGS: Record<keyof TRateLimitDefaults, SettingKey> = {
  perUserPerMinute: 'credit_rate_limit_per_user_minute',
  perApiKeyPerMinute: 'credit_rate_limit_per_api_key_minute',
  perBusinessPerMinute: 'credit_rate_limit_per_business_minute',
};

interface Snapshot {
  defaults: TRateLimitDefaults;
  businesses: Map<string, { perMinute: number; perUserPerMinute: number | null }>;
  loadedAt: number;
}

const cache = new WeakMap<Database, { snapshot?: Snapshot; loading?: Promise<Snapshot> }>();

export async function readRateLimitDefaults(db: Database): Promise<TRateLimitDefaults> {
  return {
    perUserPerMinute: await readSetting(db, 'credit_rate_limit_per_user_minute'),
    perApiKeyPerMinute: await readSetting(db, 'credit_rate_limit_per_api_key_minute'),
    perBusinessPerMinute: await readSetting(db, 'credit_rate_limit_per_business_minute'),
  };
}

async function loadSnapshot(db: Database): Promise<Snapshot> {
  const defaults = await readRateLimitDefaults(db);
  const rows = await db
    .select({
      businessId: businessRateLimits.businessId,
      perMinute: businessRateLimits.perMinute,
      perUserPerMinute: businessRateLimits.perUserPerMinute,
    })
    .from(businessRateLimits);
  return {
    defaults,
    businesses: new Map(rows.map((r) => [r.businessId, { perMinute: r.perMinute, perUserPerMinute: r.perUserPerMinute }])),
    loadedAt: Date.now(),
  };
}

async function snapshotOf(db: Database): Promise<Snapshot> {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = {}));
  if (entry.snapshot && Date.now() - entry.snapshot.loadedAt < RATE_LIMIT_CACHE_MS) return entry.snapshot;
  if (!entry.loading) {
    const current = entry;
    current.loading = loadSnapshot(db)
      .then((snapshot) => (current.snapshot = snapshot))
      .finally(() => (current.loading = undefined));
  }
  try {
    return await entry.loading!;
  } catch (error) {
    // A database hiccup keeps the last limits rather than failing every search.
    if (entry.snapshot) return entry.snapshot;
    throw error;
  }
}

/** Makes this process read the limits again on the next request. */
export function forgetCachedRateLimits(db: Database) {
  cache.delete(db);
}

/** The limits a minute that apply to one business, its users and its API keys (cached, see above). */
export async function creditRateLimitsFor(db: Database, businessId: string): Promise<CreditRateLimits> {
  const { defaults, businesses } = await snapshotOf(db);
  const own = businesses.get(businessId);
  return {
    perUser: own?.perUserPerMinute ?? defaults.perUserPerMinute,
    perApiKey: own?.perUserPerMinute ?? defaults.perApiKeyPerMinute,
    perBusiness: own?.perMinute ?? defaults.perBusinessPerMinute,
  };
}

export async function writeRateLimitDefaults(db: Database, input: unknown, audit: AuditContext = {}): Promise<TRateLimitDefaults> {
  const changes = parseOrThrow(ZRateLimitDefaultsUpdateSchema, input);
  await db.transaction(async (tx) => {
    const before = await readRateLimitDefaults(tx);
    const changed: Record<string, { from: number; to: number }> = {};
    for (const field of Object.keys(DEFAULT_SETTINGS) as (keyof TRateLimitDefaults)[]) {
      const value = changes[field];
      if (value === undefined || value === before[field]) continue;
      await writeSetting(tx, DEFAULT_SETTINGS[field], value as never);
      changed[field] = { from: before[field], to: value };
    }
    if (Object.keys(changed).length > 0) {
      await recordAuditEvent(tx, {
        ...audit,
        action: 'admin.rate_limits_changed',
        targetType: 'settings',
        targetId: 'credit_rate_limits',
        details: { changes: changed },
      });
    }
  });
  forgetCachedRateLimits(db);
  return readRateLimitDefaults(db);
}

async function businessNameOf(db: Database, businessId: string): Promise<string> {
  const [row] = await db
    .select({ name: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, businessId))
    .limit(1);
  if (!row) throw notFound('Business not found');
  return row.name;
}

/**
 * Gives a business its own limits a minute: `perMinute` for the whole business (every user and
 * API key together) and, when given, `perUserPerMinute` for each of its users and API keys (else
 * they keep the defaults). Audited. Takes effect at once in this process and within
 * RATE_LIMIT_CACHE_MS in other instances. Benchmarks call this to lift the limits for their
 * own business, e.g. `setBusinessRateLimitOverride(db, businessId, { perMinute: 1_000_000, perUserPerMinute: 1_000_000 })`.
 */
export async function setBusinessRateLimitOverride(
  db: Database,
  businessId: string,
  limits: TBusinessRateLimitInput,
  audit: AuditContext = {},
): Promise<TBusinessRateLimit> {
  const input = parseOrThrow(ZBusinessRateLimitInputSchema, limits);
  const businessName = await businessNameOf(db, businessId);
  const values = {
    perMinute: input.perMinute,
    perUserPerMinute: input.perUserPerMinute ?? null,
    updatedBy: audit.actorUserId ?? null,
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(businessRateLimits)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: businessRateLimits.businessId, set: values })
      .returning();
    await recordAuditEvent(tx, {
      ...audit,
      action: 'admin.rate_limit_set',
      businessId,
      targetType: 'business',
      targetId: businessId,
      details: { perMinute: values.perMinute, perUserPerMinute: values.perUserPerMinute },
    });
    return saved;
  });
  forgetCachedRateLimits(db);
  return {
    businessId,
    businessName,
    perMinute: row.perMinute,
    perUserPerMinute: row.perUserPerMinute,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Back to the default limits. False when the business had no limits of its own. */
export async function clearBusinessRateLimitOverride(db: Database, businessId: string, audit: AuditContext = {}): Promise<boolean> {
  await businessNameOf(db, businessId);
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(businessRateLimits)
      .where(eq(businessRateLimits.businessId, businessId))
      .returning({ businessId: businessRateLimits.businessId });
    if (rows.length > 0)
      await recordAuditEvent(tx, {
        ...audit,
        action: 'admin.rate_limit_cleared',
        businessId,
        targetType: 'business',
        targetId: businessId,
      });
    return rows.length > 0;
  });
  forgetCachedRateLimits(db);
  return removed;
}

export async function readRateLimitOverview(db: Database): Promise<TRateLimitOverview> {
  const rows = await db
    .select({
      businessId: businessRateLimits.businessId,
      businessName: businessProfiles.businessName,
      perMinute: businessRateLimits.perMinute,
      perUserPerMinute: businessRateLimits.perUserPerMinute,
      updatedAt: businessRateLimits.updatedAt,
    })
    .from(businessRateLimits)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, businessRateLimits.businessId))
    .orderBy(asc(businessProfiles.businessName));
  return {
    defaults: await readRateLimitDefaults(db),
    businesses: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    cacheSeconds: RATE_LIMIT_CACHE_MS / 1000,
  };
}
