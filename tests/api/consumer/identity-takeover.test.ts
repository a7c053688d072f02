import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE, DEMO_PASSWORD } from '../../../src/shared/demo';
import { queryRows } from '../../../src/server/db/query';
import { identityHmacKey, phoneIdOf } from '../../../src/server/modules/consumers/identity-keys';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport } from '../credit/credit-fixtures';
import { freshPhone, lastCodeSentTo, registerAndSignIn, registryPeople, type RegistryPerson } from './consumer-fixtures';

// Item 2 of "Every credit file protected" (decisions/021). The attack as reproduced: a lender
// reports a throwaway account on someone's NIN with its own phone, registers a consumer account
// with that NIN and birth date, chooses its own phone (listed first, being the newest), confirms
// the code and reads the whole file, other lenders' account numbers included; the real person is
// then locked out, since a confirmed account is never replaced.

let t: TestApp;
let people: RegistryPerson[];
let lender: string;
let secondLender: string;
let admin: string;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  people = await registryPeople(t, 6);
  lender = await logInAs(t.app, 'business');
  secondLender = await logInAs(t.app, 'business', DEMO_ENTERPRISE.username, DEMO_PASSWORD);
  admin = await logInAs(t.app, 'system_admin');
  key = identityHmacKey(t.app.config.sessionSecret);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

let accountCounter = 0;
/** A lender reports an account for this NIN and birth date, with the phone it chooses. */
async function report(
  cookie: string,
  subject: { nationalId: string; dateOfBirth: string; firstName?: string; lastName?: string },
  phone: string,
) {
  accountCounter++;
  const response = await post(
    '/api/credit/accounts',
    cookie,
    accountReport({
      subject: {
        nationalId: subject.nationalId,
        dateOfBirth: subject.dateOfBirth,
        firstName: subject.firstName ?? 'Mohamed',
        lastName: subject.lastName ?? 'Sesay',
        middleName: undefined,
        phone,
      },
      account: { accountNumber: `TAKEOVER-${process.pid}-${accountCounter}` },
    }),
  );
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { accountId: string; subjectId: string };
}

const sentTo = async (phone: string) =>
  queryRows<{ body: string; purpose: string }>(
    t.db,
    sql`SELECT body, purpose FROM sms_outbox WHERE to_phone = ${phone} ORDER BY created_at`,
  );

let ninCounter = 0;
const freshNin = () => `TKO${process.pid}${++ninCounter}`.slice(0, 20);

describe('a lender cannot take over a consumer account through a phone it put on the file', () => {
  it('attack: throwaway account with the lender’s phone on a real file, consumer account with NIN and birth date, code to the lender’s phone: refused', async () => {
    const person = people[0];
    const lenderPhone = freshPhone();
    await report(
      lender,
      { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth, firstName: person.firstName, lastName: person.lastName },
      lenderPhone,
    );
    const [onFile] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_subject_phones WHERE subject_id = ${person.subjectId}::uuid AND phone = ${lenderPhone}`,
    );
    expect(Number(onFile.n)).toBe(1);

    const impostor = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth, phone: freshPhone() });
    const identity = (await get('/api/consumers/me/identity', impostor.cookie)).json();
    expect(identity.state).toBe('unverified');
    const lenderPhoneId = phoneIdOf(key, impostor.id, lenderPhone);
    // Only the person's long-standing phones are offered; the lender's (the newest) is not.
    expect(identity.phones.map((p: { phoneId: string }) => p.phoneId)).not.toContain(lenderPhoneId);
    expect(identity.phones).toHaveLength(person.phones.length);

    const refused = await post('/api/consumers/me/identity/code', impostor.cookie, { phoneId: lenderPhoneId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('phoneId');
    expect(await sentTo(lenderPhone)).toEqual([]);
    expect((await get('/api/consumers/me/report', impostor.cookie)).json().report).toBeNull();
  });

  it('attack on a file the lender alone knows: no phone can be trusted, so no code at all and the person is sent to the bureau', async () => {
    const nationalId = freshNin();
    const lenderPhone = freshPhone();
    await report(lender, { nationalId, dateOfBirth: '1990-03-04' }, lenderPhone);
    const impostor = await registerAndSignIn(t, { nationalId, dateOfBirth: '1990-03-04' });
    const identity = (await get('/api/consumers/me/identity', impostor.cookie)).json();
    expect(identity).toMatchObject({ state: 'no_phone', phones: [] });
    const refused = await post('/api/consumers/me/identity/code', impostor.cookie, { phoneId: phoneIdOf(key, impostor.id, lenderPhone) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Visit a CreditCheck SL office with your National ID card/);
    expect(await sentTo(lenderPhone)).toEqual([]);
  });

  it('the same lender reporting its phone on two accounts is still one lender: not trusted', async () => {
    const nationalId = freshNin();
    const lenderPhone = freshPhone();
    await report(lender, { nationalId, dateOfBirth: '1991-05-06' }, lenderPhone);
    await report(lender, { nationalId, dateOfBirth: '1991-05-06' }, lenderPhone);
    const impostor = await registerAndSignIn(t, { nationalId, dateOfBirth: '1991-05-06' });
    expect((await get('/api/consumers/me/identity', impostor.cookie)).json().state).toBe('no_phone');
  });

  it('legit: a phone two different lenders reported is trusted at once, and the code confirms the file', async () => {
    const nationalId = freshNin();
    const phone = freshPhone();
    await report(lender, { nationalId, dateOfBirth: '1988-01-02' }, phone);
    await report(secondLender, { nationalId, dateOfBirth: '1988-01-02' }, phone);
    const owner = await registerAndSignIn(t, { nationalId, dateOfBirth: '1988-01-02' });
    const identity = (await get('/api/consumers/me/identity', owner.cookie)).json();
    expect(identity.state).toBe('unverified');
    expect(identity.phones.map((p: { phoneId: string }) => p.phoneId)).toEqual([phoneIdOf(key, owner.id, phone)]);
    expect((await post('/api/consumers/me/identity/code', owner.cookie, { phoneId: identity.phones[0].phoneId })).statusCode).toBe(200);
    const verified = await post('/api/consumers/me/identity/verify', owner.cookie, { code: await lastCodeSentTo(t, phone) });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('legit: a phone one lender reported becomes trusted after 30 days on the file', async () => {
    const nationalId = freshNin();
    const phone = freshPhone();
    const { subjectId } = await report(lender, { nationalId, dateOfBirth: '1979-09-09' }, phone);
    const owner = await registerAndSignIn(t, { nationalId, dateOfBirth: '1979-09-09' });
    expect((await get('/api/consumers/me/identity', owner.cookie)).json().state).toBe('no_phone');
    await t.db.execute(
      sql`UPDATE credit_subject_phones SET first_reported_at = now() - interval '31 days' WHERE subject_id = ${subjectId}::uuid`,
    );
    const identity = (await get('/api/consumers/me/identity', owner.cookie)).json();
    expect(identity.state).toBe('unverified');
    expect(identity.phones.map((p: { phoneId: string }) => p.phoneId)).toEqual([phoneIdOf(key, owner.id, phone)]);
  });

  it('every other phone on the file is told by SMS when a code is sent (never the code itself)', async () => {
    const person = people[1];
    const lenderPhone = freshPhone();
    await report(
      lender,
      { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth, firstName: person.firstName, lastName: person.lastName },
      lenderPhone,
    );
    const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const identity = (await get('/api/consumers/me/identity', account.cookie)).json();
    const chosen = person.phones.find((p) => phoneIdOf(key, account.id, p) === identity.phones[0].phoneId)!;
    expect((await post('/api/consumers/me/identity/code', account.cookie, { phoneId: identity.phones[0].phoneId })).statusCode).toBe(200);
    const others = [...person.phones.filter((p) => p !== chosen), lenderPhone];
    for (const other of others) {
      const messages = await sentTo(other);
      expect(messages, other).toHaveLength(1);
      expect(messages[0].purpose).toBe('identity_code_notice');
      expect(messages[0].body).toContain(`a code to open your CreditCheck SL credit file was sent to a phone ending ${chosen.slice(-2)}`);
      expect(messages[0].body).toMatch(/If this was not you/);
      expect(messages[0].body).not.toMatch(/\b\d{6}\b/);
    }
    expect((await sentTo(chosen)).map((m) => m.purpose)).toEqual(['identity_code']);
  });
});

describe('an administrator undoes a linking after checking the person’s documents', () => {
  it('patient attack (phone on file 31 days) linked and read the file; unlinking ends it, frees the NIN, and that phone is never trusted again', async () => {
    const person = people[2];
    const lenderPhone = freshPhone();
    await report(
      lender,
      { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth, firstName: person.firstName, lastName: person.lastName },
      lenderPhone,
    );
    await t.db.execute(
      sql`UPDATE credit_subject_phones SET first_reported_at = now() - interval '31 days' WHERE subject_id = ${person.subjectId}::uuid AND phone = ${lenderPhone}`,
    );
    const impostor = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const lenderPhoneId = phoneIdOf(key, impostor.id, lenderPhone);
    expect((await post('/api/consumers/me/identity/code', impostor.cookie, { phoneId: lenderPhoneId })).statusCode).toBe(200);
    // The person's own phones were told.
    for (const p of person.phones)
      expect(
        (await sentTo(p)).some((m) => m.purpose === 'identity_code_notice'),
        p,
      ).toBe(true);
    expect(
      (await post('/api/consumers/me/identity/verify', impostor.cookie, { code: await lastCodeSentTo(t, lenderPhone) })).statusCode,
    ).toBe(200);
    expect((await get('/api/consumers/me/report', impostor.cookie)).json().report).not.toBeNull();

    // The real person cannot register: the NIN is held by a confirmed account.
    expect((await t.app.inject({ method: 'POST', url: '/api/consumers/register', payload: registration(person) })).statusCode).toBe(409);

    // Refusals first: wrong role, missing reason, unknown account.
    expect(
      (await post(`/api/admin/consumers/${impostor.id}/unlink`, lender, { reason: 'Documents checked at the Freetown office' })).statusCode,
    ).toBe(403);
    const noReason = await post(`/api/admin/consumers/${impostor.id}/unlink`, admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].field).toBe('reason');
    expect(
      (
        await post('/api/admin/consumers/00000000-0000-4000-8000-000000000000/unlink', admin, {
          reason: 'Documents checked at the Freetown office',
        })
      ).statusCode,
    ).toBe(404);

    const unlinked = await post(`/api/admin/consumers/${impostor.id}/unlink`, admin, {
      reason: 'ID card shows the phone is not the person’s; checked at the Freetown office',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    // Sessions end at once.
    expect((await get('/api/consumers/me/report', impostor.cookie)).statusCode).toBe(401);
    // Audited on the file.
    const [event] = await queryRows<{ subject_id: string; target_id: string; details: unknown }>(
      t.db,
      sql`SELECT subject_id, target_id, details FROM audit_events WHERE action = 'admin.consumer_identity_unlinked' ORDER BY id DESC LIMIT 1`,
    );
    expect(event).toMatchObject({ subject_id: person.subjectId, target_id: impostor.id });
    // Twice is a conflict.
    expect((await post(`/api/admin/consumers/${impostor.id}/unlink`, admin, { reason: 'Documents checked again today' })).statusCode).toBe(
      409,
    );

    // Signed in again, the impostor's account is unconfirmed and the lender's phone is not offered any more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/login',
      payload: { username: impostor.phone, password: 'Str0ng-pass-1' },
    });
    const cookie = `ccsl_session=${again.cookies.find((c) => c.name === 'ccsl_session')!.value}`;
    const identity = (await get('/api/consumers/me/identity', cookie)).json();
    expect(identity.state).toBe('unverified');
    expect(identity.phones.map((p: { phoneId: string }) => p.phoneId)).not.toContain(lenderPhoneId);
    expect((await get('/api/consumers/me/report', cookie)).json().report).toBeNull();

    // The real person registers at once (the NIN claim is released) and confirms with their own phone.
    const real = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const own = (await get('/api/consumers/me/identity', real.cookie)).json();
    expect(own.state).toBe('unverified');
    expect((await post('/api/consumers/me/identity/code', real.cookie, { phoneId: own.phones[0].phoneId })).statusCode).toBe(200);
    const [last] = await queryRows<{ to_phone: string }>(
      t.db,
      sql`SELECT to_phone FROM sms_outbox WHERE purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(person.phones).toContain(last.to_phone);
    expect(
      (await post('/api/consumers/me/identity/verify', real.cookie, { code: await lastCodeSentTo(t, last.to_phone) })).statusCode,
    ).toBe(200);
    expect((await get('/api/consumers/me/report', real.cookie)).json().report.subject.nationalId).toBe(person.nationalId);
  });

  it('an account that is not linked is a conflict', async () => {
    const account = await registerAndSignIn(t, { nationalId: freshNin(), dateOfBirth: '1970-01-01' });
    const res = await post(`/api/admin/consumers/${account.id}/unlink`, admin, { reason: 'Documents checked at the Bo office' });
    expect(res.statusCode).toBe(409);
  });
});

function registration(person: RegistryPerson) {
  return {
    userType: 'consumer',
    nationalId: person.nationalId,
    firstName: person.firstName,
    lastName: person.lastName,
    phone: freshPhone(),
    dateOfBirth: person.dateOfBirth,
    password: 'Str0ng-pass-1',
    confirmPassword: 'Str0ng-pass-1',
    consentToDataProcessing: true,
    agreeToTerms: true,
  };
}
