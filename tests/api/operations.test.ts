import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/env';
import { buildLoggerOptions } from '../../src/server/logging';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { consumerPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: 'metrics-token-0123456789' } });
});
afterAll(() => t.close());

describe('/metrics', () => {
  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789x' } })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'POST', url: '/api/help-content/999999/view' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} 2/);
    expect(res.body).toMatch(/http_requests_total\{method="POST",route="\/api\/help-content\/:id\/view",status="404"\} 1/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/health",status="200"\}/);
  });
});

describe('readiness', () => {
  it('answers 503 and refuses API calls while starting, then 200 once ready', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false }, database, startReady: false, webDist: '/none' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'starting' });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      app.readiness.isReady = true;
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('structured logs', () => {
  it('put a request id on every request line, the user and role once known, and no secret or full ID', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), runScheduledJobs: false };
    const database = await openTestDatabase();
    const { seedIfEmpty } = await import('../../src/server/db/seed/index');
    await seedIfEmpty(database.db, { demoMode: true });
    const logger = { ...(buildLoggerOptions(config) as object), stream };
    const app = await buildApp({ config, database, logger: logger as never, webDist: '/none' });
    try {
      await app.inject({ method: 'POST', url: '/api/consumers/register', payload: consumerPayload({ nationalId: 'SECRETNIN99', phone: '+23276123999' }) });
      await app.inject({ method: 'POST', url: '/api/consumers/login', payload: { username: 'SECRETNIN99', password: 'Str0ng-pass' } });
      const cookie = await logInAs(app, 'consumer');
      await app.inject({ method: 'GET', url: '/api/consumers/me?nationalId=SECRETNIN99', headers: { cookie } });
      await app.inject({ method: 'POST', url: '/api/payments', payload: { businessId: '00000000-0000-4000-8000-000000000000', card: { name: 'X Y', number: '4242424242424242', expiry: '12/30', cvc: '123' } } });
    } finally {
      await app.close();
      await database.close();
    }
    const parsed = lines.map((l) => JSON.parse(l));
    const requestLines = parsed.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(4);
    expect(requestLines.every((l) => typeof l.reqId === 'string')).toBe(true);
    const meLine = parsed.find((l) => l.res && l.userId);
    expect(meLine).toMatchObject({ role: 'consumer' });
    const all = lines.join('\n');
    for (const secret of ['SECRETNIN99', 'Str0ng-pass', DEMO_PASSWORD, '4242424242424242', 'ccsl_session=']) expect(all).not.toContain(secret);
  });
});
