import { Redis } from 'ioredis';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * Two app processes against one PostgreSQL and one Redis must behave as one product. Needs both
 * servers: CI's PostgreSQL run sets DATABASE_URL and REDIS_URL; elsewhere this file is skipped.
 */
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const canRun = Boolean(adminUrl && redisUrl);

describe.skipIf(!canRun)('two instances, one product', () => {
  const dbName = `ccsl_two_${randomBytes(4).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;
  let dbUrl: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    // A namespace of our own in Redis so parallel runs do not share counters.
    const redis = new Redis(redisUrl!);
    await redis.flushdb();
    await redis.quit();
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl!,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT: '8',
      JOBS_CHECK_SECONDS: '1',
      SESSION_SECRET: 's'.repeat(40),
    };
    // Both start at once: migrations and seeding must take turns, not collide.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  const post = (server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('serves a session made on one instance from the other', async () => {
    const login = await post(a, '/api/businesses/login', { username: 'demo-business', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const me = await fetch(`${b.url}/api/businesses/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).businessName).toBe('Demo Microfinance Ltd');
    await post(b, '/api/businesses/logout', {}, { cookie });
    expect((await fetch(`${a.url}/api/businesses/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('counts a lockout across both instances', async () => {
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await post(
        server,
        '/api/regulators/login',
        { username: 'demo-regulator', password: 'wrong-password' },
        { 'x-forwarded-for': `10.1.0.${i}` },
      );
      expect([401, 429]).toContain(res.status);
    }
    const locked = await post(a, '/api/regulators/login', { username: 'demo-regulator', password: DEMO_PASSWORD });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/locked/);
    expect((await post(b, '/api/regulators/login', { username: 'demo-regulator', password: DEMO_PASSWORD })).status).toBe(429);
  });

  it('counts the per-address limit across both instances (Redis)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(i % 2 === 0 ? a : b, '/api/consumers/login', { username: 'nobody-at-all', password: 'wrong-password' });
      statuses.push(res.status);
    }
    // 8 a minute per address: the 9th attempt overall is refused, whichever instance gets it.
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('runs the daily subscription job exactly once across both', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      // Both instances check every second; give them a few rounds.
      await new Promise((r) => setTimeout(r, 4_000));
      const { rows } = await client.query(`SELECT job_name, period_key, instance FROM job_runs WHERE job_name = 'subscriptions.renew'`);
      expect(rows).toHaveLength(1);
      const today = new Date().toISOString().slice(0, 10);
      expect(rows[0].period_key).toBe(today);
      const seals = await client.query(
        `SELECT count(*)::int AS unsealed FROM audit_events WHERE seal_id IS NULL AND occurred_at < now() - interval '10 seconds'`,
      );
      expect(seals.rows[0].unsealed).toBe(0);
    } finally {
      await client.end();
    }
  });
});
