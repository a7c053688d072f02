import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_PAUSE_AFTER_ERROR_MS, REDIS_WARNING_EVERY_MS, RedisHealth } from '../../src/server/modules/rate-limits/redis-store';
import { freePort } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The attack (issue "Operable from day one", item 3): Redis goes away. Before, ioredis queued every
 * call through its reconnect attempts, so each sign-in and credit request waited 1.4 to 8 s, and
 * then the limits were skipped (fail open): a password could be guessed without any limit for as
 * long as Redis was down. Now a call fails at once and the limits are counted in this instance.
 */

const LIMIT = 5;
const failedSignIn = (t: TestApp, ip: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/businesses/login',
    remoteAddress: ip,
    payload: { username: `nobody-${ip}-${n}`, password: 'wrong-password-1' },
  });

async function timedFailedSignIns(t: TestApp, prefix: string, count: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await failedSignIn(t, `${prefix}.${i + 1}`, 0);
    durations.push(performance.now() - started);
    expect(response.statusCode).toBe(401);
  }
  return durations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function metricValue(t: TestApp, line: RegExp): Promise<number | undefined> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const match = text.split('\n').find((l) => line.test(l));
  return match === undefined ? undefined : Number(match.split(' ').pop());
}

async function expectPerAddressLimit(t: TestApp, ip: string) {
  for (let i = 0; i < LIMIT; i++) expect((await failedSignIn(t, ip, i)).statusCode).toBe(401);
  const limited = await failedSignIn(t, ip, LIMIT);
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
  expect(limited.json().message).toBeTruthy();
}

describe('REDIS_URL pointing at nothing (a closed port on 127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const closedPort = await freePort();
    t = await createTestApp({ config: { loginRateLimit: LIMIT, redisUrl: `redis://127.0.0.1:${closedPort}` } });
  });
  afterAll(() => t.close());

  it('a failed sign-in answers in under 200 ms (it took 1.4 to 8 s while ioredis queued each call)', async () => {
    // Warm-up: the first sign-in builds the dummy password hash (argon2) for unknown names.
    await failedSignIn(t, '10.77.0.1', 0);
    const durations = await timedFailedSignIns(t, '10.77.1', 7);
    // The bound of the issue on the median of seven (a failed sign-in checks an argon2 hash, which a
    // busy shared CI machine can stretch once); every one stays far below the 1.4 s seen before.
    expect(median(durations)).toBeLessThan(200);
    expect(Math.max(...durations)).toBeLessThan(1_000);
  });

  it('the per-address sign-in limit still answers 429, counted per instance (not fail open)', async () => {
    await expectPerAddressLimit(t, '10.77.2.1');
    // Another address has its own counter.
    expect((await failedSignIn(t, '10.77.2.2', 0)).statusCode).toBe(401);
  });

  it('/metrics says so: redis_available 0 and the local fallbacks counted', async () => {
    expect(await metricValue(t, /^redis_available /)).toBe(0);
    expect(await metricValue(t, /^rate_limit_local_fallbacks_total\{reason="unavailable"\} /)).toBeGreaterThan(LIMIT);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedisServer)('Redis stopped while the app runs, then started again (needs redis-server)', () => {
  let t: TestApp;
  let port: number;
  let server: ChildProcess | undefined;
  let client: Redis;

  async function startRedis() {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if ((await client.ping().catch(() => '')) === 'PONG') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server did not start');
  }
  async function stopRedis() {
    const exited = new Promise((r) => server!.once('exit', r));
    server!.kill('SIGKILL');
    await exited;
  }
  async function waitForMetric(value: number) {
    for (let i = 0; i < 150; i++) {
      if ((await metricValue(t, /^redis_available /)) === value) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis_available never became ${value}`);
  }

  beforeAll(async () => {
    port = await freePort();
    client = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 100,
    });
    client.on('error', () => {});
    await startRedis();
    t = await createTestApp({ config: { loginRateLimit: LIMIT, redisUrl: `redis://127.0.0.1:${port}` } });
    await waitForMetric(1);
  });
  afterAll(async () => {
    await t.close();
    client.disconnect();
    // A process killed by a signal keeps exitCode null: check both, or this waits forever for an exit already seen.
    if (server && server.exitCode === null && server.signalCode === null) await stopRedis();
  });

  it('counts in Redis while it answers, falls back to per-instance counters at once when it goes, and shares again when it is back', async () => {
    // With Redis answering, a failed sign-in costs what it costs on this machine right now (argon2
    // mostly); with Redis just killed it must cost about the same, not the 1.4 to 8 s of the issue.
    // A ratio within one run, so a busy machine does not fail it (the absolute 200 ms bound is the
    // test above, with REDIS_URL pointing at nothing).
    const withRedis = await timedFailedSignIns(t, '10.78.0', 5);
    expect((await client.keys('ccsl-rate-limit-*')).length).toBeGreaterThan(0);

    await stopRedis();
    const durations = await timedFailedSignIns(t, '10.78.1', 5);
    expect(median(durations)).toBeLessThan(Math.max(200, 2 * median(withRedis)));
    await expectPerAddressLimit(t, '10.78.2.1');
    expect(await metricValue(t, /^redis_available /)).toBe(0);

    await startRedis();
    await waitForMetric(1);
    await client.flushall();
    await failedSignIn(t, '10.78.3.1', 0);
    expect((await client.keys('ccsl-rate-limit-*')).length).toBeGreaterThan(0);
  });
});

describe('RedisHealth: the warning and the pause after a failed call', () => {
  it('logs one warning line a minute at most however many requests fall back', () => {
    let now = 1_000_000;
    const warnings: unknown[] = [];
    const health = new RedisHealth(
      () => false,
      { warn: (...args: unknown[]) => warnings.push(args), info: () => {} } as never,
      undefined,
      () => now,
    );
    for (let i = 0; i < 500; i++) {
      health.fellBack('unavailable');
      health.connectionFailed(new Error('connect ECONNREFUSED'));
      now += 100;
    }
    // 500 requests over 50 seconds: one line.
    expect(warnings).toHaveLength(1);
    now += REDIS_WARNING_EVERY_MS;
    health.fellBack('unavailable');
    expect(warnings).toHaveLength(2);
  });

  it('after a failed call (a timeout), Redis is not asked again for a few seconds', () => {
    let now = 0;
    const health = new RedisHealth(
      () => true,
      { warn: () => {}, info: () => {} } as never,
      undefined,
      () => now,
    );
    expect(health.isUsable()).toBe(true);
    health.fellBack('error', new Error('Command timed out'));
    expect(health.isUsable()).toBe(false);
    now += REDIS_PAUSE_AFTER_ERROR_MS;
    expect(health.isUsable()).toBe(true);
  });
});
