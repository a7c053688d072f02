import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, translatorFor, type Language } from '../../src/shared/i18n';
import { PURPOSE_CODES } from '../../src/shared/credit-reference';
import { queryRows } from '../../src/server/db/query';
import { AfricasTalkingSmsProvider, runSmsAlerts, smsAlertText, type SmsProvider } from '../../src/server/modules/notifications';
import { startFakeAfricasTalking } from '../helpers/fake-africastalking';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { accountReport } from './credit/credit-fixtures';
import { registerAndSignIn, registryPeople, type RegistryPerson } from './consumer/consumer-fixtures';

// Issue 21 (decisions/046): the Africa's Talking adapter against a local fake of its API, the
// gateway's callbacks, STOP/START, and the alerts by SMS in the person's language.

const SECRET = 'sms-callback-secret-for-tests-0123456789';
const API_KEY = 'at-test-api-key-0001';
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAfricasTalking>>;
let sms: SmsProvider;
let business: string;

const settings = () => ({ username: 'ccsl', apiKey: API_KEY, senderId: 'CCSL', baseUrl: fake.url });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const callback = (path: string, fields: Record<string, string>, query = `?secret=${SECRET}`, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sms/${path}${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form(fields),
  });
const sentTo = (phone: string) => fake.received.filter((r) => r.form.to === phone).map((r) => r.form.message);
const outboxOf = (phone: string) =>
  queryRows<{ purpose: string; body: string; status: string; provider_message_id: string | null }>(
    t.db,
    sql`SELECT purpose, body, status, provider_message_id FROM sms_outbox WHERE to_phone = ${phone} ORDER BY created_at, id`,
  );

/** Registers, picks the language, confirms the identity with the code the fake gateway received (the outbox masks it). */
async function verifiedIn(person: RegistryPerson, language: Language) {
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  const headers = { cookie: account.cookie };
  expect((await t.app.inject({ method: 'PUT', url: '/api/consumers/me/language', headers, payload: { language } })).statusCode).toBe(200);
  const status = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/identity', headers })).json();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/consumers/me/identity/code',
    headers,
    payload: { phoneId: status.phones[0].phoneId },
  });
  expect(sent.statusCode).toBe(200);
  const code = fake.received.at(-1)!.form.message.match(/\b(\d{6})\b/)![1];
  const verified = await t.app.inject({ method: 'POST', url: '/api/consumers/me/identity/verify', headers, payload: { code } });
  expect(verified.statusCode).toBe(200);
  return account;
}

async function reportDefault(person: RegistryPerson, accountNumber: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credit/accounts',
    headers: { cookie: business },
    payload: accountReport({
      subject: {
        nationalId: person.nationalId,
        firstName: person.firstName,
        middleName: undefined,
        lastName: person.lastName,
        dateOfBirth: person.dateOfBirth,
        phone: person.phones[0],
      },
      account: { accountNumber, status: 'default', defaultAmount: '900', defaultDate: '2026-01-31', paymentHistory: 'D3210' },
    }),
  });
  expect([200, 201]).toContain(response.statusCode);
}

const pullReport = async (person: RegistryPerson) =>
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/credit/reports',
        headers: { cookie: business },
        payload: { subjectId: person.subjectId, purpose: 'credit_application', consent: true },
      })
    ).statusCode,
  ).toBe(200);

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await createTestApp({
    config: { smsProvider: 'africastalking', africasTalking: settings(), smsCallback: { secret: SECRET } },
  });
  sms = new AfricasTalkingSmsProvider(settings());
  business = await logInAs(t.app, 'business');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("the Africa's Talking adapter", () => {
  it('posts the form with the apiKey header and keeps the message id; a code is masked in the outbox', async () => {
    fake.answerWith({ kind: 'accept' });
    const phone = '+23276100001';
    const sent = await sms.send(t.db, {
      to: phone,
      body: 'CreditCheck SL: your code is 123456.',
      purpose: 'identity_code',
      secret: '123456',
    });
    expect(sent.status).toBe('sent');
    const request = fake.received.at(-1)!;
    expect(request.path).toBe('/version1/messaging');
    expect(request.headers.apikey).toBe(API_KEY);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({ username: 'ccsl', to: phone, message: 'CreditCheck SL: your code is 123456.', from: 'CCSL' });
    const [row] = await outboxOf(phone);
    expect(row).toMatchObject({
      status: 'sent',
      provider_message_id: expect.stringMatching(/^ATXid_\d+$/),
      body: 'CreditCheck SL: your code is ••••••.',
    });
  });

  it('records a refusal, an error answer and a gateway that does not answer as failed, without throwing', async () => {
    const cases = [
      {
        mode: { kind: 'http_error', status: 401, body: 'The supplied authentication is invalid' } as const,
        reason: /HTTP 401 The supplied/,
      },
      { mode: { kind: 'recipient_refused', status: 'InvalidPhoneNumber', statusCode: 403 } as const, reason: /InvalidPhoneNumber \(403\)/ },
      { mode: { kind: 'http_error', status: 500, body: 'oops' } as const, reason: /HTTP 500/ },
    ];
    for (const [i, c] of cases.entries()) {
      fake.answerWith(c.mode);
      const phone = `+2327620000${i}`;
      expect((await sms.send(t.db, { to: phone, body: 'Hello', purpose: 'test' })).status).toBe('failed');
      const [row] = await queryRows<{ status: string; failure_reason: string; provider_message_id: string | null }>(
        t.db,
        sql`SELECT status, failure_reason, provider_message_id FROM sms_outbox WHERE to_phone = ${phone}`,
      );
      expect(row.status).toBe('failed');
      expect(row.provider_message_id).toBeNull();
      expect(row.failure_reason).toMatch(c.reason);
    }
    fake.answerWith({ kind: 'hang' });
    const slow = new AfricasTalkingSmsProvider({ ...settings(), timeoutMs: 200 });
    expect((await slow.send(t.db, { to: '+23276300000', body: 'Hello', purpose: 'test' })).status).toBe('failed');
    const [row] = await queryRows<{ failure_reason: string }>(
      t.db,
      sql`SELECT failure_reason FROM sms_outbox WHERE to_phone = '+23276300000'`,
    );
    expect(row.failure_reason).toBe('The SMS gateway did not answer in time');
    fake.answerWith({ kind: 'accept' });
  });
});

describe('the gateway callbacks', () => {
  it('a delivery report updates the status of the message it names', async () => {
    const phone = '+23276100002';
    await sms.send(t.db, { to: phone, body: 'Hello', purpose: 'test' });
    const [row] = await outboxOf(phone);
    const answer = await callback('delivery-reports', {
      id: row.provider_message_id!,
      status: 'Failed',
      phoneNumber: phone,
      networkCode: '61901',
      failureReason: 'UserInBlacklist',
      retryCount: '0',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ isKnown: true });
    const [after] = await queryRows<{ delivery_status: string; delivery_failure_reason: string }>(
      t.db,
      sql`SELECT delivery_status, delivery_failure_reason FROM sms_outbox WHERE to_phone = ${phone}`,
    );
    expect(after).toEqual({ delivery_status: 'Failed', delivery_failure_reason: 'UserInBlacklist' });
    expect((await callback('delivery-reports', { id: 'ATXid_unknown', status: 'Success' })).json()).toEqual({ isKnown: false });
    const bad = await callback('delivery-reports', { status: 'Success' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'id' }] });
  });

  it('refuses a caller without the secret or with a wrong one: 403 SMS_CALLER_REFUSED; the header works too', async () => {
    for (const path of ['delivery-reports', 'incoming']) {
      for (const query of ['', '?secret=wrong'])
        expect((await callback(path, { id: 'x', status: 'Success', from: '+23276000000', text: 'STOP' }, query)).json()).toMatchObject({
          code: 'SMS_CALLER_REFUSED',
        });
      const refused = await callback(path, { id: 'x', status: 'Success', from: '+23276000000', text: 'hello' }, '');
      expect(refused.statusCode).toBe(403);
    }
    const withHeader = await callback('incoming', { from: '+23276000000', text: 'hello' }, '', { 'x-sms-secret': SECRET });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json()).toEqual({ outcome: 'ignored' });
  });
});

describe('alerts by SMS', () => {
  let people: RegistryPerson[];
  beforeAll(async () => {
    people = await registryPeople(t, 4);
  });

  for (const [index, language] of LANGUAGES.entries()) {
    it(`each of the four alerts reaches the outbox and the gateway in ${language === 'en' ? 'English' : 'Krio'}, once`, async () => {
      const person = people[index];
      const account = await verifiedIn(person, language);
      const tr = translatorFor(language);
      // A code went to a phone on the file, not the one the person signs in with.
      const codePhone = fake.received.findLast((r) => /\b\d{6}\b/.test(r.form.message))!.form.to;
      expect(sentTo(account.phone)).toEqual([tr('sms:alert.codeToOtherPhone', { ending: codePhone.slice(-2) })]);
      const accountNumber = `SMS-${language}-1`;
      await reportDefault(person, accountNumber);
      await pullReport(person);
      const own = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: account.cookie } })).json();
      const disputed = own.report.accounts.find((a: { accountNumber: string }) => a.accountNumber === accountNumber);
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/consumers/me/disputes',
        headers: { cookie: account.cookie },
        payload: { accountId: disputed.accountId, reason: 'not_mine', statement: 'I never took this loan.' },
      });
      expect(filed.statusCode).toBe(201);
      const answered = await t.app.inject({
        method: 'POST',
        url: `/api/businesses/me/disputes/${filed.json().id}/response`,
        headers: { cookie: business },
        payload: { outcome: 'verified', note: 'Our records show the loan.' },
      });
      expect(answered.statusCode).toBe(200);
      await runSmsAlerts(t.db, sms);
      const lender = disputed.lender as string;
      const expected = [
        smsAlertText('new_default', { lender, account: accountNumber, status: 'default' }, language),
        smsAlertText('report_pulled', { lender, purpose: 'credit_application' }, language),
        smsAlertText('dispute_answered', { lender, account: accountNumber, outcome: 'verified' }, language),
      ];
      expect(sentTo(account.phone).slice(1).sort()).toEqual(expected.sort());
      const outbox = await outboxOf(account.phone);
      expect(outbox.map((r) => r.purpose).sort()).toEqual(
        ['alert_dispute_answered', 'alert_new_default', 'alert_report_pulled', 'identity_code_alert'].sort(),
      );
      expect(outbox.every((r) => r.status === 'sent' && r.provider_message_id)).toBe(true);
      if (language === 'kri') expect(expected[1]).toContain('don tek yu kredit ripot fo nyu lon');
      // Once: the next run finds nothing new.
      expect(await runSmsAlerts(t.db, sms)).toMatchObject({ queued: 0, sent: 0 });
    });
  }

  it('STOP ends alerts (answered once, in the person’s language), START brings them back; Settings shows and changes the same', async () => {
    const person = people[2];
    const account = await verifiedIn(person, 'kri');
    const headers = { cookie: account.cookie };
    const alerts = async () => (await t.app.inject({ method: 'GET', url: '/api/consumers/me/sms-alerts', headers })).json();
    expect(await alerts()).toEqual({ isOn: true, phone: account.phone, isIdentityVerified: true });
    expect((await callback('incoming', { from: account.phone, text: '  stop ', to: '12345', id: 'in-1' })).json()).toEqual({
      outcome: 'stopped',
    });
    expect(sentTo(account.phone).at(-1)).toBe(translatorFor('kri')('sms:reply.stopped'));
    expect((await callback('incoming', { from: account.phone, text: 'STOP' })).json()).toEqual({ outcome: 'unchanged' });
    expect(sentTo(account.phone).filter((m) => m === translatorFor('kri')('sms:reply.stopped'))).toHaveLength(1);
    expect((await alerts()).isOn).toBe(false);
    const before = sentTo(account.phone).length;
    await pullReport(person);
    expect(await runSmsAlerts(t.db, sms)).toMatchObject({ skipped: 1, sent: 0 });
    expect(sentTo(account.phone)).toHaveLength(before);

    expect((await callback('incoming', { from: account.phone, text: 'Start' })).json()).toEqual({ outcome: 'started' });
    expect(sentTo(account.phone).at(-1)).toBe(translatorFor('kri')('sms:reply.started'));
    await pullReport(person);
    expect(await runSmsAlerts(t.db, sms)).toMatchObject({ sent: 1 });
    expect(sentTo(account.phone).at(-1)).toBe(
      smsAlertText('report_pulled', { lender: 'Demo Microfinance Ltd', purpose: 'credit_application' }, 'kri'),
    );

    const off = await t.app.inject({ method: 'PUT', url: '/api/consumers/me/sms-alerts', headers, payload: { isOn: false } });
    expect(off.json()).toMatchObject({ isOn: false });
    const on = await t.app.inject({ method: 'PUT', url: '/api/consumers/me/sms-alerts', headers, payload: { isOn: true } });
    expect(on.json()).toMatchObject({ isOn: true });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/consumers/me/sms-alerts', headers, payload: { isOn: 'yes' } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'isOn' }] });
  });

  it('a failed send is tried again after its backoff (1, 5, 30 minutes), not before', async () => {
    const person = people[3];
    const account = await verifiedIn(person, 'en');
    fake.answerWith({ kind: 'http_error', status: 503, body: 'busy' });
    await pullReport(person);
    const start = new Date();
    expect(await runSmsAlerts(t.db, sms, start)).toMatchObject({ retrying: 1 });
    expect(await runSmsAlerts(t.db, sms, start)).toMatchObject({ retrying: 0, sent: 0 });
    fake.answerWith({ kind: 'accept' });
    expect(await runSmsAlerts(t.db, sms, new Date(start.getTime() + 61_000))).toMatchObject({ sent: 1 });
    const [alert] = await queryRows<{ status: string; attempts: number }>(
      t.db,
      sql`SELECT status, attempts FROM sms_alerts WHERE user_id = ${account.id}::uuid AND kind = 'report_pulled'`,
    );
    expect(alert).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('no alert goes to a consumer who has not confirmed their identity', async () => {
    const [person] = await registryPeople(t, 1);
    const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    await pullReport(person);
    await runSmsAlerts(t.db, sms);
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sms_alerts WHERE user_id = ${account.id}::uuid`);
    expect(Number(row.n)).toBe(0);
    expect(sentTo(account.phone)).toEqual([]);
  });
});

describe('the texts', () => {
  const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇØøÅå_ÆæßÉ!"#%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n\r]*$/;
  const samples = { lender: 'Rokel Commercial Bank', account: 'LN-2024-000123' };
  for (const language of LANGUAGES) {
    it(`${language}: every alert fits one SMS (160 GSM-7 characters) with sample values`, () => {
      const texts = [
        ...['default', 'written_off'].map((status) => smsAlertText('new_default', { ...samples, status }, language)),
        ...PURPOSE_CODES.map((purpose) => smsAlertText('report_pulled', { ...samples, purpose }, language)),
        ...['corrected', 'verified', 'removed'].map((outcome) => smsAlertText('dispute_answered', { ...samples, outcome }, language)),
        translatorFor(language)('sms:alert.codeToOtherPhone', { ending: '93' }),
        translatorFor(language)('sms:reply.stopped'),
        translatorFor(language)('sms:reply.started'),
      ];
      for (const text of texts) {
        expect(text, text).toMatch(GSM7);
        expect(text.length, text).toBeLessThanOrEqual(160);
      }
    });
  }
});
