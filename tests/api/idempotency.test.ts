// Issue 18, item 3: `Idempotency-Key` was ignored: two identical POSTs made two submissions, and 29
// pulls of one person cost 29 quota. Now the same key and body replay the first answer and charge
// nothing more; another body with the key is a 422; the keys are per business (decisions/030).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { deleteExpiredIdempotencyKeys } from '../../src/server/plugins/idempotency-store';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { accountReport, createBusiness } from './credit/credit-fixtures';
import { API_KEY_SCOPES } from '../../src/shared/api-key-scopes';

let t: TestApp;
const PURPOSE = 'credit_application';

interface Caller {
  cookie?: string;
  apiKey?: string;
}

function post(url: string, caller: Caller, payload: unknown, key?: string, extraHeaders: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: {
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.apiKey ? { authorization: `Bearer ${caller.apiKey}` } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...extraHeaders,
    },
  });
}

async function used(caller: Caller): Promise<number> {
  const usage = await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: caller.cookie } });
  return usage.json().used as number;
}

async function countWhere(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(t.db, query);
  return Number(row.n);
}

/** A lender with an Enterprise plan (API keys) and one person on the registry to pull. */
async function lender(nationalId: string) {
  const business = await createBusiness(t, { planCode: 'enterprise' });
  const reported = await post(
    '/api/credit/accounts',
    business,
    accountReport({ subject: { nationalId }, account: { accountNumber: `ACC-${nationalId}` } }),
  );
  expect(reported.statusCode, reported.body).toBe(201);
  return { ...business, subjectId: reported.json().subjectId as string };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/credit/reports with an Idempotency-Key', () => {
  it('ATTACK (the reproduction): 29 pulls of one person with one key cost one quota and one audit event; each answer is the first', async () => {
    const l = await lender('SLIDEM0001');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    const first = await post('/api/credit/reports', l, body, 'pull-29-times');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 28; i++) {
      const again = await post('/api/credit/reports', l, body, 'pull-29-times');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await used(l)).toBe(1);
    const pulled = sql`SELECT count(*) AS n FROM audit_events WHERE action = 'credit.report_pulled' AND business_id = ${l.id}::uuid`;
    expect(await countWhere(pulled)).toBe(1);
  });

  it('without a key, each pull is charged as before', async () => {
    const l = await lender('SLIDEM0002');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    expect((await post('/api/credit/reports', l, body)).statusCode).toBe(200);
    expect((await post('/api/credit/reports', l, body)).statusCode).toBe(200);
    expect(await used(l)).toBe(2);
  });

  it('ATTACK: the same key with another body (or another path) is refused with 422 IDEMPOTENCY_KEY_REUSED and charges nothing', async () => {
    const l = await lender('SLIDEM0003');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    expect((await post('/api/credit/reports', l, body, 'key-1')).statusCode).toBe(200);
    const other = await post('/api/credit/reports', l, { ...body, purpose: 'account_review' }, 'key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    const otherPath = await post('/api/credit/accounts', l, accountReport({ subject: { nationalId: 'SLIDEM0003' } }), 'key-1');
    expect(otherPath.statusCode).toBe(422);
    expect(otherPath.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await used(l)).toBe(1);
  });

  it('another business with the same key string is independent', async () => {
    const a = await lender('SLIDEM0004');
    const b = await lender('SLIDEM0005');
    const first = await post('/api/credit/reports', a, { subjectId: a.subjectId, purpose: PURPOSE, consent: true }, 'shared-key');
    const second = await post('/api/credit/reports', b, { subjectId: b.subjectId, purpose: PURPOSE, consent: true }, 'shared-key');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().subject.nationalId).not.toBe(first.json().subject.nationalId);
    // The same body as a's under b's key space: b's own pull, not a's answer.
    const bSame = await post('/api/credit/reports', b, { subjectId: a.subjectId, purpose: PURPOSE, consent: true }, 'key-of-a-only');
    expect(bSame.headers['idempotent-replayed']).toBeUndefined();
    expect(await used(a)).toBe(1);
    expect(await used(b)).toBe(2);
  });

  it('an API key and a session of the same business share its keys', async () => {
    const l = await lender('SLIDEM0006');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/api-keys',
      headers: { cookie: l.cookie },
      payload: { name: 'Core banking', scopes: [...API_KEY_SCOPES] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiKey = created.json().key as string;
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    const bySession = await post('/api/credit/reports', { cookie: l.cookie }, body, 'from-the-portal');
    const byKey = await post('/api/credit/reports', { apiKey }, body, 'from-the-portal');
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers['idempotent-replayed']).toBe('true');
    expect(byKey.body).toBe(bySession.body);
    expect(await used(l)).toBe(1);
  });

  it('ATTACK: a key too long, with a space or not ASCII is a 400 naming the header, and nothing is charged', async () => {
    const l = await lender('SLIDEM0007');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    for (const bad of ['k'.repeat(256), 'with space', 'caf\u00e9']) {
      const refused = await post('/api/credit/reports', l, body, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'Idempotency-Key' }] });
    }
    expect(await used(l)).toBe(0);
    expect((await post('/api/credit/reports', l, body, 'k'.repeat(255))).statusCode).toBe(200);
    expect(await used(l)).toBe(1);
  });

  it('a request arriving while the first with its key still runs is a 409 IDEMPOTENCY_KEY_IN_USE with Retry-After 1; a key left running by a stopped server is taken again after the lease', async () => {
    const l = await lender('SLIDEM0008');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    expect((await post('/api/credit/reports', l, body, 'in-flight')).statusCode).toBe(200);
    // As if the first request were still being handled.
    await t.db.execute(sql`UPDATE idempotency_keys SET status = 'running' WHERE business_id = ${l.id}::uuid AND key = 'in-flight'`);
    const busy = await post('/api/credit/reports', l, body, 'in-flight');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(busy.headers['retry-after']).toBe('1');
    // Another body is still refused as a reuse, not queued.
    expect((await post('/api/credit/reports', l, { ...body, purpose: 'account_review' }, 'in-flight')).statusCode).toBe(422);
    await t.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '16 minutes' WHERE business_id = ${l.id}::uuid AND key = 'in-flight'`,
    );
    const retaken = await post('/api/credit/reports', l, body, 'in-flight');
    expect(retaken.statusCode).toBe(200);
    expect(retaken.headers['idempotent-replayed']).toBeUndefined();
    expect(await used(l)).toBe(2);
  });

  it('two identical requests at once run once', async () => {
    const l = await lender('SLIDEM0009');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/credit/reports', l, body, 'at-once')));
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(await used(l)).toBe(1);
  });

  it('a refusal is not stored: the same key runs again once the business can pull', async () => {
    const l = await lender('SLIDEM0010');
    await t.db.execute(sql`UPDATE business_profiles SET subscription_status = 'past_due' WHERE user_id = ${l.id}::uuid`);
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    const refused = await post('/api/credit/reports', l, body, 'after-paying');
    expect(refused.statusCode).toBe(402);
    expect(await countWhere(sql`SELECT count(*) AS n FROM idempotency_keys WHERE business_id = ${l.id}::uuid`)).toBe(0);
    await t.db.execute(sql`UPDATE business_profiles SET subscription_status = 'active' WHERE user_id = ${l.id}::uuid`);
    const paid = await post('/api/credit/reports', l, body, 'after-paying');
    expect(paid.statusCode).toBe(200);
    expect(await used(l)).toBe(1);
  });

  it('an expired key is forgotten: the job deletes it and the same key runs afresh', async () => {
    const l = await lender('SLIDEM0011');
    const body = { subjectId: l.subjectId, purpose: PURPOSE, consent: true };
    expect((await post('/api/credit/reports', l, body, 'yesterday')).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE business_id = ${l.id}::uuid`);
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await countWhere(sql`SELECT count(*) AS n FROM idempotency_keys WHERE business_id = ${l.id}::uuid`)).toBe(0);
    const fresh = await post('/api/credit/reports', l, body, 'yesterday');
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await used(l)).toBe(2);
  });
});

describe('the other writes', () => {
  it('ATTACK: two identical POST /api/credit/submissions with one key make one submission (JSON and CSV)', async () => {
    const l = await createBusiness(t, { planCode: 'enterprise' });
    const rows = [accountReport({ subject: { nationalId: 'SLIDEM0100' }, account: { accountNumber: 'SUB-1' } })];
    const first = await post('/api/credit/submissions', l, { rows }, 'file-2026-11');
    expect(first.statusCode, first.body).toBe(202);
    const again = await post('/api/credit/submissions', l, { rows }, 'file-2026-11');
    expect(again.statusCode).toBe(202);
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const csv =
      'national_id,first_name,last_name,date_of_birth,phone,address,account_number,account_type,currency,principal,balance,opened_at,status\n' +
      'SLIDEM0101,Fatmata,Kamara,1990-01-02,+232 76 111 222,"1 Wilkinson Road, Freetown",SUB-2,personal_loan,SLE,1000,500,2024-01-01,current\n';
    const csvFirst = await post('/api/credit/submissions', l, csv, 'csv-2026-11', { 'content-type': 'text/csv' });
    const csvAgain = await post('/api/credit/submissions', l, csv, 'csv-2026-11', { 'content-type': 'text/csv' });
    expect(csvFirst.statusCode, csvFirst.body).toBe(202);
    expect(csvAgain.json().id).toBe(csvFirst.json().id);
    // The same rows in another file: another body.
    const changed = await post('/api/credit/submissions', l, csv.replace('500', '400'), 'csv-2026-11', { 'content-type': 'text/csv' });
    expect(changed.statusCode).toBe(422);
    expect(await countWhere(sql`SELECT count(*) AS n FROM credit_submissions WHERE business_id = ${l.id}::uuid`)).toBe(2);
  });

  it('POST /api/credit/accounts replays its first status (201 created), not a second write answered 200', async () => {
    const l = await createBusiness(t, { planCode: 'enterprise' });
    const body = accountReport({ subject: { nationalId: 'SLIDEM0200' }, account: { accountNumber: 'ONE-1' } });
    const first = await post('/api/credit/accounts', l, body, 'account-once');
    const again = await post('/api/credit/accounts', l, body, 'account-once');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect((await post('/api/credit/accounts', l, body)).statusCode).toBe(200);
  });

  it('a removal retried with its key answers as the first did (200), not 404 for an account already gone', async () => {
    const l = await createBusiness(t, { planCode: 'enterprise' });
    const reported = await post(
      '/api/credit/accounts',
      l,
      accountReport({ subject: { nationalId: 'SLIDEM0300' }, account: { accountNumber: 'RM-1' } }),
    );
    const accountId = reported.json().accountId as string;
    const remove = (key?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/credit/accounts/${accountId}`,
        payload: { reason: 'Reported in error: the loan was never disbursed' },
        headers: { cookie: l.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      });
    const first = await remove('remove-once');
    expect(first.statusCode, first.body).toBe(200);
    const again = await remove('remove-once');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await remove()).statusCode).toBe(404);
  });

  it('ATTACK: a card payment retried with its key charges the card once', async () => {
    const l = await createBusiness(t, { planCode: 'professional', subscriptionStatus: 'inactive' });
    const body = {
      businessId: l.id,
      amount: 250,
      currency: 'USD',
      paymentMethod: 'card',
      status: 'success',
      nextBillingDate: new Date().toISOString(),
      autoRenew: true,
      card: { name: 'Isatu Bangura', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    };
    const first = await post('/api/payments', l, body, 'pay-once');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/payments', l, body, 'pay-once');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await countWhere(sql`SELECT count(*) AS n FROM payments WHERE business_id = ${l.id}::uuid`)).toBe(1);
    // Someone else's session cannot use (or learn about) this business's key: refused as before.
    const other = await createBusiness(t);
    const refused = await post('/api/payments', other, body, 'pay-once');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
  });

  it('the OpenAPI document shows the header on the operations that take it, and not elsewhere', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const headerOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    for (const [path, method] of [
      ['/api/credit/reports', 'post'],
      ['/api/credit/accounts', 'post'],
      ['/api/credit/submissions', 'post'],
      ['/api/credit/accounts/{accountId}', 'delete'],
      ['/api/credit/accounts/{accountId}/subject', 'post'],
      ['/api/businesses/me/disputes/{id}/response', 'post'],
      ['/api/payments', 'post'],
    ]) {
      expect(headerOf(path, method), `${method} ${path}`).toMatchObject({
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    }
    expect(headerOf('/api/credit/search', 'post')).toBeUndefined();
  });
});
