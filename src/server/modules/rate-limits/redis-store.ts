import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every instance, that never make a request
 * wait for Redis: a Redis that is down or slow costs milliseconds, and the limits are then counted
 * in this instance's memory (per instance, never switched off) until it answers again.
 *
 * - ioredis fails a call at once instead of queueing it through reconnect attempts (no offline
 *   queue, no retries per request) and gives up on a command after REDIS_COMMAND_TIMEOUT_MS;
 * - while the connection is not ready, or for REDIS_PAUSE_AFTER_ERROR_MS after a failed call, the
 *   counters are the in-memory ones (@fastify/rate-limit's LocalStore), without asking Redis;
 * - `redis_available` (1/0) and `rate_limit_local_fallbacks_total` say so on /metrics, and one
 *   warning line a minute at most in the log (docs/operations.md, "Redis").
 */
export const REDIS_COMMAND_TIMEOUT_MS = 100;
export const REDIS_PAUSE_AFTER_ERROR_MS = 5_000;
export const REDIS_WARNING_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
}
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The package's own stores (CommonJS, no types for these paths): the same keys and Lua script as
// @fastify/rate-limit's Redis store, so instances of different versions count together.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

export type FallbackReason = 'unavailable' | 'error';

/** Whether Redis may be asked now, and the metric and the (rate-limited) warning when it may not. */
export class RedisHealth {
  private pausedUntil = 0;
  private lastWarningAt = Number.NEGATIVE_INFINITY;
  private fallbacksSinceWarning = 0;
  private wasDown = false;

  constructor(
    private readonly isConnectionReady: () => boolean,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly onFallback: (reason: FallbackReason) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** True when a call may go to Redis: connected, and no call failed in the last few seconds. */
  isUsable(): boolean {
    return this.isConnectionReady() && this.now() >= this.pausedUntil;
  }

  isAvailable(): boolean {
    return this.isUsable();
  }

  /** A counter was taken in memory instead of Redis. */
  fellBack(reason: FallbackReason, error?: unknown): void {
    this.fallbacksSinceWarning += 1;
    this.onFallback(reason);
    if (reason === 'error') this.pausedUntil = this.now() + REDIS_PAUSE_AFTER_ERROR_MS;
    this.warn(error);
  }

  /** Connection trouble (ioredis 'error' events come on every reconnect attempt). */
  connectionFailed(error: unknown): void {
    this.warn(error);
  }

  connectionReady(): void {
    if (!this.wasDown) return;
    this.wasDown = false;
    this.pausedUntil = 0;
    this.log.info('Redis is back: rate limits are shared by every instance again');
  }

  private warn(error: unknown): void {
    this.wasDown = true;
    const now = this.now();
    if (now - this.lastWarningAt < REDIS_WARNING_EVERY_MS) return;
    this.lastWarningAt = now;
    const detail = error instanceof Error ? error.message : undefined;
    this.log.warn(
      { redisError: detail, localFallbacks: this.fallbacksSinceWarning },
      'Redis is unavailable: rate limits are counted per instance until it is back (this warning comes at most once a minute)',
    );
    this.fallbacksSinceWarning = 0;
  }
}

/** Redis when it is usable, this instance's memory otherwise; never an error, never a wait. */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly health: RedisHealth,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.use('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.use('read', key, callback, timeWindow, max);
  }

  child(routeOptions: object): Store {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.health);
  }

  private use(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number): void {
    const local = () => this.local[method]!(key, callback, timeWindow, max);
    if (!this.health.isUsable()) {
      this.health.fellBack('unavailable');
      return local();
    }
    this.shared[method]!(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.health.fellBack('error', error);
        local();
      },
      timeWindow,
      max,
    );
  }
}

/** ioredis set to fail fast: no queue while disconnected, no retry of a call, a short timeout. */
export function fastFailingRedis(redisUrl: string): Redis {
  return new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    // Reconnects in the background for as long as it takes (requests do not wait for it).
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    lazyConnect: false,
  });
}

/**
 * The @fastify/rate-limit options for app.ts: in memory without REDIS_URL; with it, counters in
 * Redis with the in-memory fallback above, its metrics, and the connection closed with the app.
 */
export function rateLimitStoreOptions(app: FastifyInstance, redisUrl: string | undefined) {
  if (!redisUrl) return {};
  const redis = fastFailingRedis(redisUrl);
  const fallbacks = new Counter({
    name: 'rate_limit_local_fallbacks_total',
    help: 'Rate-limit counters taken in this instance instead of Redis (Redis unavailable or a call failed)',
    labelNames: ['reason'] as const,
    registers: [app.metrics.registry],
  });
  const health = new RedisHealth(
    () => redis.status === 'ready',
    app.log,
    (reason) => fallbacks.inc({ reason }),
  );
  new Gauge({
    name: 'redis_available',
    help: '1 when Redis answers and rate limits are shared by every instance, 0 while they are counted per instance',
    registers: [app.metrics.registry],
    collect() {
      this.set(health.isAvailable() ? 1 : 0);
    },
  });
  redis.on('error', (error) => health.connectionFailed(error));
  redis.on('ready', () => health.connectionReady());
  app.addHook('onClose', async () => {
    // QUIT only to a connected server; otherwise drop the connection attempt at once (a stop must
    // not wait for a Redis that is away).
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  const nameSpace = 'ccsl-rate-limit-';
  class Store extends FallbackStore {
    constructor(params: StoreParams) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        health,
      );
    }
  }
  // The store never fails (it falls back instead), so nothing is ever let through unlimited.
  return { store: Store, skipOnError: false };
}
