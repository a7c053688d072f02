import { sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { markDisputesNearDeadline, markOverdueDisputes } from '../../src/server/modules/disputes';
import { deliverDueWebhooks, webhookUrlProblem } from '../../src/server/modules/webhooks';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { waitForSubmission } from '../helpers/submissions';
import { registerAndSignIn, registryPeople, type RegistryPerson } from './consumer/consumer-fixtures';
import { accountReport, createBusiness } from './credit/credit-fixtures';

/**
 * Issue 18, webhooks: a lender registers an endpoint and receives signed events (dispute filed,
 * near its deadline, overdue; a monthly file completed; consent withdrawn), retried with backoff
 * and visible with their outcome. The receiver is a real HTTP server on 127.0.0.1; the delivery job
 * is run directly (with a `now` in the future for retries) instead of waiting for the scheduler.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let person: RegistryPerson;
let consumer: string;
let lender: { id: string; cookie: string };
let other: { id: string; cookie: string };
let receiver: Server;
let base: string;
const received: Received[] = [];
let counter = 0;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const addEndpoint = (cookie: string, url: string, events: string[]) => call('POST', '/api/businesses/me/webhooks', cookie, { url, events });
const list = (cookie?: string) => call('GET', '/api/businesses/me/webhooks', cookie);
const deliver = (now?: Date) => deliverDueWebhooks(t.db, { production: false, now });

async function newAccount(): Promise<{ accountId: string; accountNumber: string }> {
  counter++;
  const accountNumber = `WH-${process.pid}-${counter}`;
  const reported = await call(
    'POST',
    '/api/credit/accounts',
    lender.cookie,
    accountReport({
      subject: {
        nationalId: person.nationalId,
        firstName: person.firstName,
        lastName: person.lastName,
        dateOfBirth: person.dateOfBirth,
        phone: person.phones[0],
      },
      account: { accountNumber },
    }),
  );
  expect(reported.statusCode, reported.body).toBe(201);
  return { accountId: reported.json().accountId as string, accountNumber };
}

const fileDispute = (accountId: string) =>
  call('POST', '/api/consumers/me/disputes', consumer, {
    accountId,
    reason: 'not_mine',
    statement: 'This loan is not mine. I never borrowed from this lender.',
  });

/** The receiver's check, as docs/api.md tells a lender to write it. */
function verifySignature(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

const eventsOfType = (type: string) => received.filter((r) => JSON.parse(r.body).type === type);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = req.url === '/fail' ? 500 : req.url === '/moved' ? 302 : 200;
      if (req.url === '/moved') res.setHeader('location', `${base}/ok`);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp();
  [person] = await registryPeople(t, 1);
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${account.id}::uuid`);
  consumer = account.cookie;
  lender = await createBusiness(t);
  other = await createBusiness(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks', () => {
  let secret: string;
  let endpointId: string;

  it('a visitor gets 401, a consumer 403; a bad body names its field', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await addEndpoint(consumer, `${base}/ok`, ['dispute.filed'])).statusCode).toBe(403);
    const badEvent = await addEndpoint(lender.cookie, `${base}/ok`, ['dispute.eaten']);
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().errors[0].field).toMatch(/^events/);
    const badUrl = await addEndpoint(lender.cookie, 'ftp://example.com/x', ['dispute.filed']);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors[0].field).toBe('url');
  });

  it('creates an endpoint: 201 {id, secret}, the secret never in the list', async () => {
    const created = await addEndpoint(lender.cookie, `${base}/ok`, [
      'dispute.filed',
      'dispute.deadline_near',
      'dispute.overdue',
      'submission.completed',
      'consent.withdrawn',
    ]);
    expect(created.statusCode, created.body).toBe(201);
    ({ id: endpointId, secret } = created.json());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await list(lender.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().endpoints).toEqual([expect.objectContaining({ id: endpointId, url: `${base}/ok`, deliveries: [] })]);
    const [audit] = await queryRows<{ details: unknown }>(
      t.db,
      sql`SELECT details FROM audit_events WHERE action = 'business.webhook_created' AND target_id = ${endpointId}`,
    );
    expect(JSON.stringify(audit.details)).not.toContain(secret);
  });

  it('a dispute filed on its account reaches the lender as a signed dispute.filed delivery', async () => {
    const { accountId, accountNumber } = await newAccount();
    const filed = await fileDispute(accountId);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const [delivery] = eventsOfType('dispute.filed');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(verifySignature(String(delivery.headers['x-creditcheck-signature']), delivery.body, secret)).toBe(true);
    // Signed with another secret, or with the body changed, it does not verify.
    expect(verifySignature(String(delivery.headers['x-creditcheck-signature']), delivery.body, `${secret}x`)).toBe(false);
    expect(verifySignature(String(delivery.headers['x-creditcheck-signature']), delivery.body.replace('not_mine', 'paid'), secret)).toBe(
      false,
    );
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      type: 'dispute.filed',
      data: { disputeId: filed.json().id, accountId, accountNumber, reason: 'not_mine' },
    });
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    const shown = (await list(lender.cookie)).json().endpoints[0].deliveries;
    expect(shown[0]).toMatchObject({ eventId: body.id, type: 'dispute.filed', status: 'delivered', attempts: 1, responseStatus: 200 });
    // Nothing is sent twice.
    expect(await deliver()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('a refused dispute (rolled back) records no event', async () => {
    const { accountId } = await newAccount();
    expect((await fileDispute(accountId)).statusCode).toBe(201);
    const [before] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM webhook_events`);
    expect((await fileDispute(accountId)).statusCode).toBe(409);
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM webhook_events`);
    expect(after.n).toBe(before.n);
    await deliver();
  });

  it('a monthly file sends submission.completed', async () => {
    counter++;
    const sent = await call('POST', '/api/credit/submissions', lender.cookie, {
      rows: [accountReport({ account: { accountNumber: `WH-FILE-${process.pid}-${counter}` } })],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().status).toBe('queued');
    // The queue applies the file and records the event with it (decisions/033).
    await waitForSubmission(t.app, { cookie: lender.cookie }, sent.json().id);
    await deliver();
    const [completed] = eventsOfType('submission.completed');
    expect(JSON.parse(completed.body).data).toMatchObject({ submissionId: sent.json().id, total: 1, accepted: 1 });
    expect(verifySignature(String(completed.headers['x-creditcheck-signature']), completed.body, secret)).toBe(true);
  });

  it('deadline near (once), overdue, and a consent withdrawn reach the lender', async () => {
    const { accountId } = await newAccount();
    const filed = await fileDispute(accountId);
    const dueAt = new Date(filed.json().dueAt ?? Date.now() + 30 * 86_400_000);
    const fourDaysBefore = new Date(dueAt.getTime() - 4 * 86_400_000);
    expect((await markDisputesNearDeadline(t.db, fourDaysBefore)).deadlineNear).toBeGreaterThanOrEqual(1);
    expect((await markDisputesNearDeadline(t.db, new Date(fourDaysBefore.getTime() + 86_400_000))).deadlineNear).toBe(0);
    await markOverdueDisputes(t.db, new Date(dueAt.getTime() + 1000));
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: '/api/consumers/me/consents',
      headers: { cookie: consumer },
      payload: { businessId: lender.id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await deliver(new Date(dueAt.getTime() + 2000));
    const near = eventsOfType('dispute.deadline_near').filter((r) => JSON.parse(r.body).data.disputeId === filed.json().id);
    expect(near).toHaveLength(1);
    expect(JSON.parse(near[0].body).data.daysLeft).toBe(4);
    expect(eventsOfType('dispute.overdue').some((r) => JSON.parse(r.body).data.disputeId === filed.json().id)).toBe(true);
    const [consent] = eventsOfType('consent.withdrawn');
    expect(JSON.parse(consent.body).data).toMatchObject({ purpose: 'all' });
    expect(JSON.parse(consent.body).data.accounts.map((a: { accountId: string }) => a.accountId)).toContain(accountId);
    expect(consent.body).not.toContain(person.nationalId);
  });

  it('a receiver answering 500 (or a redirect) is retried with backoff, then failed after a day; the GET shows the attempts', async () => {
    const failing = await addEndpoint(lender.cookie, `${base}/fail`, ['dispute.filed']);
    const moved = await addEndpoint(lender.cookie, `${base}/moved`, ['dispute.filed']);
    expect(failing.statusCode).toBe(201);
    const { accountId } = await newAccount();
    expect((await fileDispute(accountId)).statusCode).toBe(201);
    const start = new Date();
    const first = await deliver(start);
    expect(first).toMatchObject({ delivered: 1, retrying: 2 });
    const deliveriesOf = async (id: string) =>
      (await list(lender.cookie)).json().endpoints.find((e: { id: string }) => e.id === id).deliveries;
    const [afterOne] = await deliveriesOf(failing.json().id);
    expect(afterOne).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'The receiver answered 500' });
    expect(new Date(afterOne.nextAttemptAt).getTime() - start.getTime()).toBe(60_000);
    // The redirect was not followed: /ok got only the one delivery, and the 302 is a failure.
    expect((await deliveriesOf(moved.json().id))[0]).toMatchObject({ status: 'pending', responseStatus: 302 });
    // Not due yet: nothing sent.
    expect(await deliver(new Date(start.getTime() + 30_000))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(await deliver(new Date(start.getTime() + 2 * 60_000))).toMatchObject({ retrying: 2 });
    const [afterTwo] = await deliveriesOf(failing.json().id);
    expect(afterTwo).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(afterTwo.nextAttemptAt).getTime() - start.getTime()).toBe(7 * 60_000);
    // A day later: the last attempt, then failed for good.
    expect(await deliver(new Date(start.getTime() + 25 * 3_600_000))).toMatchObject({ failed: 2 });
    const [last] = await deliveriesOf(failing.json().id);
    expect(last).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    expect(received.filter((r) => r.path === '/fail')).toHaveLength(3);
    expect(await deliver(new Date(start.getTime() + 48 * 3_600_000))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('a file whose server died is failed when its status is asked: submission.failed goes out', async () => {
    const endpoint = await addEndpoint(lender.cookie, `${base}/ok?failed`, ['submission.failed']);
    expect(endpoint.statusCode).toBe(201);
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO credit_submissions (business_id, user_id, format, status, total, rejected, started_at)
          VALUES (${lender.id}::uuid, ${lender.id}::uuid, 'json', 'processing', 3, 0, now() - interval '1 hour') RETURNING id`,
    );
    const status = await call('GET', `/api/credit/submissions/${row.id}`, lender.cookie);
    expect(status.json().status).toBe('failed');
    await deliver();
    const failed = eventsOfType('submission.failed').filter((r) => r.path === '/ok?failed');
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0].body).data).toMatchObject({ submissionId: row.id, total: 3 });
    expect(verifySignature(String(failed[0].headers['x-creditcheck-signature']), failed[0].body, endpoint.json().secret)).toBe(true);
    expect((await call('DELETE', `/api/businesses/me/webhooks/${endpoint.json().id}`, lender.cookie)).statusCode).toBe(200);
  });

  it('two delivery runs at once never send one delivery twice', async () => {
    const before = received.length;
    for (let i = 0; i < 3; i++) {
      const { accountId } = await newAccount();
      expect((await fileDispute(accountId)).statusCode).toBe(201);
    }
    const [due] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
    const runs = await Promise.all([deliver(), deliver(), deliver()]);
    const sent = received.slice(before).map((r) => String(r.headers['x-creditcheck-delivery']));
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.length).toBeGreaterThanOrEqual(due.n);
    expect(runs.reduce((n, r) => n + r.delivered + r.retrying + r.failed, 0)).toBe(sent.length);
  });

  it('ATTACK: another business cannot list or delete the endpoint', async () => {
    expect((await list(other.cookie)).json().endpoints).toEqual([]);
    const refused = await call('DELETE', `/api/businesses/me/webhooks/${endpointId}`, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect((await list(lender.cookie)).json().endpoints.map((e: { id: string }) => e.id)).toContain(endpointId);
    const deleted = await call('DELETE', `/api/businesses/me/webhooks/${endpointId}`, lender.cookie);
    expect(deleted.statusCode).toBe(200);
    expect((await list(lender.cookie)).json().endpoints.map((e: { id: string }) => e.id)).not.toContain(endpointId);
  });

  it('at most 10 endpoints per business', async () => {
    for (let i = 0; i < 10; i++) expect((await addEndpoint(other.cookie, `${base}/ok?n=${i}`, ['dispute.filed'])).statusCode).toBe(201);
    const refused = await addEndpoint(other.cookie, `${base}/ok?n=11`, ['dispute.filed']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].field).toBe('url');
  });

  it('ATTACK: in production only https to public addresses (at creation and at delivery)', async () => {
    const resolve = async (host: string) => ({ 'intranet.example': ['192.168.1.10'], 'public.example': ['93.184.216.34'] })[host] ?? [];
    const production = { production: true, resolve };
    for (const url of [
      'http://public.example/hook',
      'https://127.0.0.1/hook',
      'https://localhost./hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://100.64.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://224.0.0.1/hook',
      'https://intranet.example/hook',
      'https://user:pass@public.example/hook',
    ])
      expect(await webhookUrlProblem(url, production), url).not.toBeNull();
    expect(await webhookUrlProblem('https://public.example/hook', production)).toBeNull();
    // The real resolver: localhost is loopback.
    expect(await webhookUrlProblem('https://localhost/hook', { production: true })).not.toBeNull();
    expect(await webhookUrlProblem(`${base}/ok`, { production: false })).toBeNull();

    // Through the route, with the app in production mode.
    t.app.config.isProduction = true;
    try {
      for (const url of [`${base}/ok`, 'https://127.0.0.1/hook', 'https://10.0.0.8/hook']) {
        const refused = await addEndpoint(lender.cookie, url, ['dispute.filed']);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().errors).toEqual([{ field: 'url', message: expect.any(String) }]);
      }
    } finally {
      t.app.config.isProduction = false;
    }
    // At delivery: an endpoint made outside production is refused by the production sender.
    const { accountId } = await newAccount();
    expect((await fileDispute(accountId)).statusCode).toBe(201);
    const before = received.length;
    const outcome = await deliverDueWebhooks(t.db, { production: true });
    expect(outcome.delivered).toBe(0);
    expect(received.length).toBe(before);
    const failed = (await list(lender.cookie)).json().endpoints.flatMap((e: { deliveries: unknown[] }) => e.deliveries);
    expect(failed.some((d: { error: string | null }) => d.error?.startsWith('The URL must start with https://'))).toBe(true);
  });
});
