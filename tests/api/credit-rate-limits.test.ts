import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/query';
import { loadConfig } from '../../src/server/env';
import { clearBusinessRateLimitOverride, setBusinessRateLimitOverride } from '../../src/server/modules/rate-limits/service';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { testLogger } from '../helpers/test-log';
import { createBusiness } from './credit/credit-fixtures';
import { API_KEY_SCOPES } from '../../src/shared/api-key-scopes';

/**
 * Limits a minute on credit searches and reports, beyond the monthly quota (security issue 9):
 * per user, per API key and per business; the defaults are settings, a business may have its own.
 */
let t: TestApp;
let admin: string;
let subjectId: string;
const PURPOSE = 'credit_application';
const LIMITS = { perUserPerMinute: 3, perApiKeyPerMinute: 4, perBusinessPerMinute: 5 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, auth: { cookie?: string; key?: string } = {}, payload?: unknown, app: FastifyInstance = t.app) =>
  app.inject({
    method,
    url,
    headers: { ...(auth.cookie ? { cookie: auth.cookie } : {}), ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const search = (auth: { cookie?: string; key?: string }, app?: FastifyInstance) =>
  call('POST', '/api/credit/search', auth, { purpose: PURPOSE, nationalId: 'DEMO0001' }, app);
const report = (auth: { cookie?: string; key?: string }) =>
  call('POST', '/api/credit/reports', auth, { subjectId, purpose: PURPOSE, consent: true });
const inquiryCount = async (businessId: string) =>
  Number(
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE business_id = ${businessId}::uuid`))[0]
      .n,
  );

/** Sends `n` searches and returns their statuses. */
async function searches(n: number, auth: { cookie?: string; key?: string }) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await search(auth)).statusCode);
  return statuses;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
  const demo = await logInAs(t.app, 'business');
  subjectId = (await search({ cookie: demo })).json().candidates[0].subjectId;
});
afterAll(() => t?.close());

describe('defaults', () => {
  it('are settings an administrator reads and changes (audited)', async () => {
    const before = await call('GET', '/api/admin/rate-limits', { cookie: admin });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      defaults: { perUserPerMinute: 60, perApiKeyPerMinute: 120, perBusinessPerMinute: 300 },
      businesses: [],
      cacheSeconds: 30,
    });
    const invalid = await call('PUT', '/api/admin/rate-limits', { cookie: admin }, { perUserPerMinute: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0]).toEqual({ field: 'perUserPerMinute', message: 'The limit per user must be 1 to 1,000,000 a minute' });
    const changed = await call('PUT', '/api/admin/rate-limits', { cookie: admin }, LIMITS);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().defaults).toEqual(LIMITS);
    const [event] = await queryRows<{ details: { changes: Record<string, unknown> } }>(
      t.db,
      sql`SELECT details FROM audit_events WHERE action = 'admin.rate_limits_changed' ORDER BY occurred_at DESC LIMIT 1`,
    );
    expect(event.details.changes.perUserPerMinute).toEqual({ from: 60, to: 3 });
  });
});

describe('POST /api/credit/search and POST /api/credit/reports', () => {
  it('refuse a user past the per-user limit with 429, a clear message and Retry-After; nothing is recorded', async () => {
    const lender = await createBusiness(t);
    // Searches and reports share the counter.
    expect((await search({ cookie: lender.cookie })).statusCode).toBe(200);
    expect((await report({ cookie: lender.cookie })).statusCode).toBe(200);
    const third = await search({ cookie: lender.cookie });
    expect(third.statusCode).toBe(200);
    expect(Number(third.headers['x-ratelimit-remaining'])).toBe(0);
    // The IETF draft's names too (issue "An API lenders can build on").
    expect([third.headers['ratelimit-limit'], third.headers['ratelimit-remaining']]).toEqual(['3', '0']);
    expect(Number(third.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(0);
    const inquiries = await inquiryCount(lender.id);

    for (const refused of [await search({ cookie: lender.cookie }), await report({ cookie: lender.cookie })]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many credit searches and reports from your account: the limit is 3 a minute\. Please try again in \d+ seconds?\.$/,
      );
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining'], refused.headers['ratelimit-reset']]).toEqual([
        '3',
        '0',
        String(retryAfter),
      ]);
    }
    expect(await inquiryCount(lender.id)).toBe(inquiries);
  });

  it('count every user of a business for the per-business limit; another business is unaffected', async () => {
    const lender = await createBusiness(t);
    const member = { username: `rl-member-${process.pid}`, password: 'Member-pass-1' };
    const added = await call(
      'POST',
      '/api/businesses/me/team',
      { cookie: lender.cookie },
      {
        fullName: 'Member Rl',
        position: 'Loan officer',
        username: member.username,
        email: `${member.username}@lender.sl`,
        password: member.password,
        confirmPassword: member.password,
      },
    );
    expect(added.statusCode).toBe(201);
    const memberCookie = await logInAs(t.app, 'business', member.username, member.password);

    expect(await searches(3, { cookie: lender.cookie })).toEqual([200, 200, 200]);
    // The member has a counter of their own (3), but the business has only 5 in all.
    expect(await searches(2, { cookie: memberCookie })).toEqual([200, 200]);
    const refused = await search({ cookie: memberCookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/from your business \(all its users and API keys together\): the limit is 5 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const other = await createBusiness(t);
    expect((await search({ cookie: other.cookie })).statusCode).toBe(200);
  });

  it('count an Enterprise API key on its own counter and for its business', async () => {
    const enterprise = await createBusiness(t, { planCode: 'enterprise' });
    const created = await call(
      'POST',
      '/api/businesses/me/api-keys',
      { cookie: enterprise.cookie },
      { name: 'Core banking', scopes: [...API_KEY_SCOPES] },
    );
    expect(created.statusCode).toBe(201);
    const key = created.json().key as string;

    expect(await searches(4, { key })).toEqual([200, 200, 200, 200]);
    const refusedKey = await search({ key });
    expect(refusedKey.statusCode).toBe(429);
    expect(refusedKey.json().message).toMatch(/with this API key: the limit is 4 a minute/);
    // The owner's own counter is fresh, the business has one request left.
    expect(await searches(2, { cookie: enterprise.cookie })).toEqual([200, 429]);
  });

  it("a business's own limit raises them at once (admin route and the exported function), and clearing it restores the defaults", async () => {
    const lender = await createBusiness(t);
    expect(await searches(4, { cookie: lender.cookie })).toEqual([200, 200, 200, 429]);

    expect((await call('PUT', `/api/admin/businesses/${lender.id}/rate-limit`, { cookie: admin }, { perMinute: 0 })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/admin/businesses/00000000-0000-4000-8000-000000000000/rate-limit', { cookie: admin }, { perMinute: 50 }))
        .statusCode,
    ).toBe(404);
    const set = await call(
      'PUT',
      `/api/admin/businesses/${lender.id}/rate-limit`,
      { cookie: admin },
      { perMinute: 50, perUserPerMinute: 8 },
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ businessId: lender.id, perMinute: 50, perUserPerMinute: 8 });
    expect((await call('GET', '/api/admin/rate-limits', { cookie: admin })).json().businesses).toEqual([
      expect.objectContaining({ businessId: lender.id, perMinute: 50 }),
    ]);
    // Counted so far: 4 (one refused); 4 more are allowed up to 8.
    expect(await searches(5, { cookie: lender.cookie })).toEqual([200, 200, 200, 200, 429]);

    // From code, as a benchmark does: the users keep counting on the same window.
    await setBusinessRateLimitOverride(t.db, lender.id, { perMinute: 1000, perUserPerMinute: 1000 });
    expect(await searches(20, { cookie: lender.cookie })).toEqual(Array(20).fill(200));
    const [event] = await queryRows<{ details: Record<string, unknown> }>(
      t.db,
      sql`SELECT details FROM audit_events WHERE action = 'admin.rate_limit_set' AND business_id = ${lender.id}::uuid ORDER BY occurred_at DESC LIMIT 1`,
    );
    expect(event.details).toEqual({ perMinute: 1000, perUserPerMinute: 1000 });

    // Without perUserPerMinute, each user keeps the default per-user limit.
    await setBusinessRateLimitOverride(t.db, lender.id, { perMinute: 1000 });
    expect((await search({ cookie: lender.cookie })).statusCode).toBe(429);

    expect((await call('DELETE', `/api/admin/businesses/${lender.id}/rate-limit`, { cookie: admin })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/businesses/${lender.id}/rate-limit`, { cookie: admin })).statusCode).toBe(404);
    expect(await clearBusinessRateLimitOverride(t.db, lender.id)).toBe(false);
    expect((await call('GET', '/api/admin/rate-limits', { cookie: admin })).json().businesses).toEqual([]);
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('with REDIS_URL (skipped without it: the counters then live in each process)', () => {
  it('two instances share the counters', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), loginRateLimit: 10_000, runScheduledJobs: false, redisUrl };
    const apps = await Promise.all(
      [0, 1].map(() => buildApp({ config, database: t.database, webDist: '/nonexistent-web-dist', logger: testLogger(config) })),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const lender = await createBusiness(t);
      const statuses: number[] = [];
      // Alternating between the instances: three in all are allowed, not three each.
      for (let i = 0; i < 4; i++) statuses.push((await search({ cookie: lender.cookie }, apps[i % 2])).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
