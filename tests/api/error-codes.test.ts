// Issue "One module per URL" (one error type with a stable code) and "Operable from day one" item 5:
// every error body carries `code`; 402 means three things, told apart by code; a database outage is
// a 503 DATABASE_UNAVAILABLE with Retry-After on every API route, not a 500 that looks like a bug.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { testLogger } from '../helpers/test-log';
import { createBusiness } from './credit/credit-fixtures';

let t: TestApp;
const PURPOSE = 'credit_application';
let business: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

describe('stable codes on error answers', () => {
  it('a wrong password, an unknown route, a malformed body and a validation failure each carry their code', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/login',
      payload: { username: 'demo-business', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_BODY');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/credit/search',
      headers: { cookie: business },
      payload: { purpose: 'credit_application' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/credit/search', payload: {} });
    expect(visitor.json().code).toBe('NOT_SIGNED_IN');
    const consumer = await logInAs(t.app, 'consumer');
    const wrongRole = await t.app.inject({ method: 'POST', url: '/api/credit/search', headers: { cookie: consumer }, payload: {} });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().code).toBe('FORBIDDEN');
  });

  it('402 is told apart: SUBSCRIPTION_INACTIVE and QUOTA_EXHAUSTED (CARD_DECLINED in the payments test)', async () => {
    const lapsed = await createBusiness(t, { verificationStatus: 'verified', planCode: 'professional', subscriptionStatus: 'past_due' });
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/credit/search',
      headers: { cookie: lapsed.cookie },
      payload: { purpose: PURPOSE, nationalId: 'DEMO0001' },
    });
    expect(search.statusCode).toBe(402);
    expect(search.json().code).toBe('SUBSCRIPTION_INACTIVE');

    const full = await createBusiness(t, {
      verificationStatus: 'verified',
      planCode: 'professional',
      subscriptionStatus: 'active',
      nextBillingDate: new Date(Date.now() + 20 * 86_400_000),
    });
    await t.db.execute(sql`UPDATE plans SET monthly_inquiry_quota = 0 WHERE code = 'starter'`);
    await t.db.execute(sql`UPDATE business_profiles SET plan_code = 'starter' WHERE user_id = ${full.id}::uuid`);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/credit/search',
      headers: { cookie: business },
      payload: { purpose: PURPOSE, nationalId: 'DEMO0001' },
    });
    const subjectId = found.json().candidates[0].subjectId;
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/credit/reports',
      headers: { cookie: full.cookie },
      payload: { subjectId, purpose: PURPOSE, consent: true },
    });
    expect(report.statusCode).toBe(402);
    expect(report.json().code).toBe('QUOTA_EXHAUSTED');

    // CARD_DECLINED: tests/api/payments.test.ts ("activates nothing for a declined card…").
  });
});

describe('a database outage is a 503 DATABASE_UNAVAILABLE, on every API route', () => {
  it('with the database unreachable, every API route called with a session answers 503 with Retry-After and the code', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false };
    // A PostgreSQL server that is not there: nothing listens on port 1.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/creditcheck' });
    const app = await buildApp({ config, database, webDist: '/nonexistent-web-dist', logger: testLogger(config) });
    await app.ready();
    try {
      const cookie = `ccsl_session=${app.signCookie('a-session-token-the-database-would-look-up')}`;
      // The probes answer in their own shape; the documentation routes need no database.
      const ownShape = new Set(['/api/health', '/api/ready', '/api/config']);
      const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !ownShape.has(r.url));
      expect(routes.length).toBeGreaterThan(50);
      for (const route of routes) {
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
        const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBe(503);
        expect(res.json().code, where).toBe('DATABASE_UNAVAILABLE');
        expect(res.headers['retry-after'], where).toBeDefined();
      }
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close().catch(() => {});
    }
  }, 120_000);
});
