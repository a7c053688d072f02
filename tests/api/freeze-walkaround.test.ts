import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { CONSENT_WITHDRAWN_MESSAGE } from '../../src/server/modules/credit-file/withdrawn-consent';
import { FROZEN_FILE_MESSAGE } from '../../src/server/modules/reports/pull-report';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { registerAndSignIn, registryPeople, type RegistryPerson } from './consumer/consumer-fixtures';
import { accountReport, createBusiness } from './credit/credit-fixtures';

/**
 * Issue "Every credit file protected", item 3: a freeze and a withdrawn consent could be walked
 * around. With the file frozen and consent withdrawn for credit_application and account_review, a
 * lender reported a pretext account (status paid, balance 0) and then pulled the full report with
 * purpose account_review: the old rule let any lender holding any account on the file review it.
 * Now only an open account the lender reported before the freeze or the withdrawal allows an
 * account review; an explicit withdrawal of account_review is honoured whatever accounts exist;
 * a withdrawal from a business with no purpose chosen covers every purpose (decisions/022).
 */

let t: TestApp;
let people: RegistryPerson[];
let accountCounter = 0;
let firstConsumer: string;

type Cookie = string;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: Cookie, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const pull = (cookie: Cookie, person: RegistryPerson, purpose: string) =>
  call('POST', '/api/credit/reports', cookie, { subjectId: person.subjectId, purpose, consent: true });

async function reportAccount(lender: Cookie, person: RegistryPerson, account: Record<string, unknown> = {}) {
  accountCounter++;
  const response = await call(
    'POST',
    '/api/credit/accounts',
    lender,
    accountReport({
      subject: {
        nationalId: person.nationalId,
        firstName: person.firstName,
        lastName: person.lastName,
        dateOfBirth: person.dateOfBirth,
        phone: person.phones[0],
      },
      account: { accountNumber: `WALK-${process.pid}-${accountCounter}`, ...account },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().subjectId).toBe(person.subjectId);
}

async function grant(consumer: Cookie, businessId: string, purpose: string) {
  const response = await call('POST', '/api/consumers/me/consents', consumer, { businessId, purpose, days: 30 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
async function revoke(consumer: Cookie, id: string) {
  expect((await call('DELETE', '/api/consumers/me/consents', consumer, { id })).statusCode).toBe(200);
}
async function withdraw(consumer: Cookie, businessId: string, purpose?: string) {
  const response = await call('DELETE', '/api/consumers/me/consents', consumer, { businessId, ...(purpose ? { purpose } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as string;
}
const reportsBy = async (businessId: string, person: RegistryPerson) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'report' AND business_id = ${businessId}::uuid AND subject_id = ${person.subjectId}::uuid`,
      )
    )[0].n,
  );

/**
 * A consumer holding the person's file, identity confirmed: set directly, so these tests do not
 * depend on the SMS code flow (the identity area's, tested in consumer/identity.test.ts).
 */
async function verifiedConsumer(_t: TestApp, person: RegistryPerson) {
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${account.id}::uuid`);
  return account;
}

beforeAll(async () => {
  t = await createTestApp();
  people = await registryPeople(t, 5);
});
afterAll(() => t.close());

describe('freeze and withdrawn consent cannot be walked around with a pretext account (item 3)', () => {
  it('ATTACK: frozen file, consent withdrawn for credit_application and account_review, pretext paid 0-balance account, pull for account_review: refused, nothing released, no quota', async () => {
    const person = people[0];
    const consumer = (firstConsumer = (await verifiedConsumer(t, person)).cookie);
    const attacker = await createBusiness(t);
    expect((await call('POST', '/api/consumers/me/freeze', consumer)).statusCode).toBe(200);
    await revoke(consumer, await grant(consumer, attacker.id, 'credit_application'));
    await revoke(consumer, await grant(consumer, attacker.id, 'account_review'));
    // The pretext: an account reported after the freeze and the withdrawal, already paid, balance 0.
    await reportAccount(attacker.cookie, person, { status: 'paid', balance: '0.00', paymentHistory: 'C00000' });
    const usedBefore = (await call('GET', '/api/businesses/me/usage', attacker.cookie)).json().used;

    const refused = await pull(attacker.cookie, person, 'account_review');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSENT_WITHDRAWN_MESSAGE);
    expect(refused.body).not.toContain(person.lastName);
    expect(await reportsBy(attacker.id, person)).toBe(0);
    expect((await call('GET', '/api/businesses/me/usage', attacker.cookie)).json().used).toBe(usedBefore);
    // Nor for a new application.
    expect((await pull(attacker.cookie, person, 'credit_application')).statusCode).toBe(403);
    // The refusal is audited, as every refused report for a withdrawn consent is.
    const [events] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'credit.report_refused' AND business_id = ${attacker.id}::uuid`,
    );
    expect(Number(events.n)).toBeGreaterThanOrEqual(1);
  });

  it('ATTACK: frozen file alone, pretext account reported after the freeze (paid, or even open): account review refused as frozen', async () => {
    const person = people[1];
    const consumer = (await verifiedConsumer(t, person)).cookie;
    const holder = await createBusiness(t);
    // A legitimate lender: an open account reported before the freeze.
    await reportAccount(holder.cookie, person);
    expect((await call('POST', '/api/consumers/me/freeze', consumer)).statusCode).toBe(200);

    const paidPretext = await createBusiness(t);
    await reportAccount(paidPretext.cookie, person, { status: 'paid', balance: '0.00' });
    const paid = await pull(paidPretext.cookie, person, 'account_review');
    expect(paid.statusCode).toBe(403);
    expect(paid.json().message).toBe(FROZEN_FILE_MESSAGE);

    const openPretext = await createBusiness(t);
    await reportAccount(openPretext.cookie, person);
    expect((await pull(openPretext.cookie, person, 'account_review')).statusCode).toBe(403);

    // The legitimate lender still reviews its account; not for a new application.
    expect((await pull(holder.cookie, person, 'account_review')).statusCode).toBe(200);
    expect((await pull(holder.cookie, person, 'credit_application')).statusCode).toBe(403);
    expect((await call('POST', '/api/consumers/me/unfreeze', consumer)).statusCode).toBe(200);
  });

  it('an account paid, closed or written off before the freeze does not allow an account review of a frozen file', async () => {
    const person = people[2];
    const consumer = (await verifiedConsumer(t, person)).cookie;
    const former = await createBusiness(t);
    await reportAccount(former.cookie, person, { status: 'closed', balance: '0.00' });
    expect((await call('POST', '/api/consumers/me/freeze', consumer)).statusCode).toBe(200);
    expect((await pull(former.cookie, person, 'account_review')).statusCode).toBe(403);
    expect((await call('POST', '/api/consumers/me/unfreeze', consumer)).statusCode).toBe(200);
    // Unfrozen, and no consent withdrawn: the business's attestation stands, as before.
    expect((await pull(former.cookie, person, 'account_review')).statusCode).toBe(200);
  });

  it('an explicit withdrawal of account_review is honoured even for a lender with an open account from before; a withdrawal from the business as a whole keeps that lender’s review', async () => {
    const person = people[3];
    const consumer = (await verifiedConsumer(t, person)).cookie;
    const kept = await createBusiness(t);
    const picked = await createBusiness(t);
    await reportAccount(kept.cookie, person);
    await reportAccount(picked.cookie, person);

    // Withdrawn from the business with no purpose chosen: every purpose.
    expect(await withdraw(consumer, kept.id)).toContain('any purpose');
    for (const purpose of ['credit_application', 'guarantor_assessment', 'debt_collection']) {
      const refused = await pull(kept.cookie, person, purpose);
      expect(refused.statusCode, purpose).toBe(403);
      expect(refused.json().message).toBe(CONSENT_WITHDRAWN_MESSAGE);
    }
    // ...but not the review of the open account it held before the withdrawal.
    expect((await pull(kept.cookie, person, 'account_review')).statusCode).toBe(200);
    // A pretext account reported after the withdrawal gives another lender nothing.
    const late = await createBusiness(t);
    await withdraw(consumer, late.id);
    await reportAccount(late.cookie, person, { status: 'paid', balance: '0.00' });
    expect((await pull(late.cookie, person, 'account_review')).statusCode).toBe(403);

    // The person picks account_review: honoured whatever accounts the lender holds.
    await withdraw(consumer, picked.id, 'account_review');
    const refused = await pull(picked.cookie, person, 'account_review');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSENT_WITHDRAWN_MESSAGE);
    // ...and only account_review: other purposes of that lender are not withdrawn.
    expect((await pull(picked.cookie, person, 'credit_application')).statusCode).toBe(200);
    // Even after a later withdrawal of the business as a whole, the explicit one stands.
    await withdraw(consumer, picked.id);
    expect((await pull(picked.cookie, person, 'account_review')).statusCode).toBe(403);

    // Granting a purpose again lifts the withdrawal for that purpose only.
    await grant(consumer, kept.id, 'credit_application');
    expect((await pull(kept.cookie, person, 'credit_application')).statusCode).toBe(200);
    expect((await pull(kept.cookie, person, 'guarantor_assessment')).statusCode).toBe(403);

    const consents = (await call('GET', '/api/consumers/me/consents', consumer)).json().consents as {
      businessId: string;
      purposeName: string;
      status: string;
    }[];
    expect(consents.filter((c) => c.businessId === kept.id && c.purposeName === 'Every purpose')).toEqual([
      expect.objectContaining({ status: 'revoked' }),
    ]);
  });

  it('ATTACK: consent withdrawn for credit_application, the lender switches to account_review without an account it held before: refused', async () => {
    const person = people[4];
    const consumer = (await verifiedConsumer(t, person)).cookie;
    const switcher = await createBusiness(t);
    const holder = await createBusiness(t);
    await reportAccount(holder.cookie, person);
    await revoke(consumer, await grant(consumer, switcher.id, 'credit_application'));
    await revoke(consumer, await grant(consumer, holder.id, 'credit_application'));
    expect((await pull(switcher.cookie, person, 'account_review')).statusCode).toBe(403);
    await reportAccount(switcher.cookie, person);
    expect((await pull(switcher.cookie, person, 'account_review')).statusCode).toBe(403);
    expect((await pull(holder.cookie, person, 'account_review')).statusCode).toBe(200);
    // A live account_review consent the person gives stands above the other withdrawal.
    await grant(consumer, switcher.id, 'account_review');
    expect((await pull(switcher.cookie, person, 'account_review')).statusCode).toBe(200);
  });

  it('validates a withdrawal: a business or a consent id, not both; an unknown business is a field error', async () => {
    const consumer = firstConsumer;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/consumers/me/consents', payload: {} })).statusCode).toBe(401);
    const empty = await call('DELETE', '/api/consumers/me/consents', consumer, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('businessId');
    const both = await call('DELETE', '/api/consumers/me/consents', consumer, {
      id: '00000000-0000-4000-8000-000000000000',
      businessId: '00000000-0000-4000-8000-000000000000',
    });
    expect(both.statusCode).toBe(400);
    const unknown = await call('DELETE', '/api/consumers/me/consents', consumer, { businessId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'businessId', message: 'Choose a business from the list' }]);
  });
});
