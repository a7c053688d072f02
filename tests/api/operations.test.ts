import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/env';
import { buildLoggerOptions } from '../../src/server/logging';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { consumerPayload } from '../helpers/fixtures';
import { waitForSubmission } from '../helpers/submissions';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import { accountReport } from './credit/credit-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: 'metrics-token-0123456789' } });
});
afterAll(() => t.close());

describe('/metrics', () => {
  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789x' } })).statusCode,
    ).toBe(401);
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

/** The value of one series in Prometheus text, or undefined when the series is absent. */
function seriesValue(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length)
      return Number(match[3]);
  }
  return undefined;
}

describe('/metrics after real work', () => {
  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } })).body;
  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('counts reports and searches by purpose, monthly-file rows by outcome, and reads the dispute backlog from the database', async () => {
    const before = await scrape();
    expect(seriesValue(before, 'disputes_open')).toBe(0);
    expect(seriesValue(before, 'disputes_overdue')).toBe(0);
    expect(seriesValue(before, 'disputes_overdue_oldest_seconds')).toBe(0);
    expect(seriesValue(before, 'credit_inquiries_total', { kind: 'report', purpose: 'account_review' })).toBeUndefined();

    const business = await logInAs(t.app, 'business');
    const search = await post('/api/credit/search', business, { purpose: 'account_review', nationalId: 'DEMO0001' });
    expect(search.statusCode).toBe(200);
    const subjectId = search.json().candidates[0].subjectId as string;
    expect((await post('/api/credit/reports', business, { subjectId, purpose: 'account_review', consent: true })).statusCode).toBe(200);
    expect((await post('/api/credit/reports', business, { subjectId, purpose: 'credit_application', consent: true })).statusCode).toBe(200);

    // A monthly file of three rows, one without a phone number (rejected).
    const file = await post('/api/credit/submissions', business, {
      rows: [
        accountReport({ subject: { nationalId: 'METRIC0001' }, account: { accountNumber: 'METRIC-1' } }),
        accountReport({ subject: { nationalId: 'METRIC0002', phone: '' }, account: { accountNumber: 'METRIC-2' } }),
        accountReport({ subject: { nationalId: 'METRIC0003' }, account: { accountNumber: 'METRIC-3' } }),
      ],
    });
    expect(file.statusCode).toBe(202);
    // The ingestion counters move when the queue has applied the file (decisions/033).
    await waitForSubmission(t.app, { cookie: business }, file.json().id);

    // Two disputes by the demo consumer; one is then past its deadline by two hours.
    const consumer = await logInAs(t.app, 'consumer');
    const own = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: consumer } })).json().report;
    const disputed = own.accounts.slice(0, 2).map((a: { accountId: string }) => a.accountId) as string[];
    expect(disputed).toHaveLength(2);
    const filed = [];
    for (const accountId of disputed) {
      const response = await post('/api/consumers/me/disputes', consumer, {
        accountId,
        reason: 'wrong_balance',
        statement: 'The balance is wrong.',
      });
      expect(response.statusCode).toBe(201);
      filed.push(response.json().id as string);
    }
    await t.db.execute(sql`UPDATE disputes SET due_at = now() - interval '2 hours' WHERE id = ${filed[0]}::uuid`);

    const after = await scrape();
    expect(seriesValue(after, 'credit_inquiries_total', { kind: 'search', purpose: 'account_review' })).toBe(1);
    expect(seriesValue(after, 'credit_inquiries_total', { kind: 'report', purpose: 'account_review' })).toBe(1);
    expect(seriesValue(after, 'credit_inquiries_total', { kind: 'report', purpose: 'credit_application' })).toBe(1);
    expect(seriesValue(after, 'ingestion_rows_total', { outcome: 'accepted' })).toBe(2);
    expect(seriesValue(after, 'ingestion_rows_total', { outcome: 'rejected' })).toBe(1);
    expect(seriesValue(after, 'disputes_open')).toBe(2);
    expect(seriesValue(after, 'disputes_overdue')).toBe(1);
    expect(seriesValue(after, 'disputes_overdue_oldest_seconds')).toBeGreaterThanOrEqual(2 * 3600);
    expect(seriesValue(after, 'disputes_overdue_oldest_seconds')).toBeLessThan(2 * 3600 + 600);
    expect(seriesValue(after, 'http_requests_total', { method: 'POST', route: '/api/credit/reports', status: '200' })).toBe(2);
    expect(seriesValue(after, 'http_requests_total', { method: 'POST', route: '/api/consumers/me/disputes', status: '201' })).toBe(2);
    expect(
      seriesValue(after, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/credit/submissions', status: '202' }),
    ).toBe(1);

    // The gauges are the database's figures at each scrape: answering a dispute takes it off.
    await t.db.execute(
      sql`UPDATE disputes SET status = 'resolved', outcome = 'verified', resolved_at = now() WHERE id = ${filed[0]}::uuid`,
    );
    const later = await scrape();
    expect(seriesValue(later, 'disputes_open')).toBe(1);
    expect(seriesValue(later, 'disputes_overdue')).toBe(0);
    expect(seriesValue(later, 'disputes_overdue_oldest_seconds')).toBe(0);
  });

  it('shows the database pool on PostgreSQL', async () => {
    const body = await scrape();
    if (t.database.kind === 'postgres') expect(seriesValue(body, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(body).not.toContain('db_pool_connections');
  });
});

describe('readiness', () => {
  it('answers 503 and refuses API calls while starting, then 200 once ready', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), runScheduledJobs: false },
      database,
      startReady: false,
      webDist: '/none',
    });
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
  it('write one line per request with its request id, the user and role once known, and no secret or full ID', async () => {
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
      await app.inject({
        method: 'POST',
        url: '/api/consumers/register',
        payload: consumerPayload({ nationalId: 'SECRETNIN99', phone: '+23276123999' }),
      });
      await app.inject({ method: 'POST', url: '/api/consumers/login', payload: { username: 'SECRETNIN99', password: 'Str0ng-pass' } });
      const cookie = await logInAs(app, 'consumer');
      await app.inject({ method: 'GET', url: '/api/consumers/me?nationalId=SECRETNIN99', headers: { cookie } });
      await app.inject({
        method: 'POST',
        url: '/api/payments',
        payload: {
          businessId: '00000000-0000-4000-8000-000000000000',
          card: { name: 'X Y', number: '4242424242424242', expiry: '12/30', cvc: '123' },
        },
      });
    } finally {
      await app.close();
      await database.close();
    }
    const parsed = lines.map((l) => JSON.parse(l));
    const requestLines = parsed.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(4);
    expect(requestLines.every((l) => typeof l.reqId === 'string')).toBe(true);
    // One line per request, written when it is answered: method, path, status and time together.
    expect(
      requestLines.every(
        (l) => l.msg === 'request completed' && l.req.method && l.req.url && l.res.statusCode && typeof l.responseTime === 'number',
      ),
    ).toBe(true);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(requestLines.length);
    const meLine = parsed.find((l) => l.res && l.userId);
    expect(meLine).toMatchObject({ role: 'consumer' });
    const all = lines.join('\n');
    for (const secret of ['SECRETNIN99', 'Str0ng-pass', DEMO_PASSWORD, '4242424242424242', 'ccsl_session='])
      expect(all).not.toContain(secret);
  });
});
