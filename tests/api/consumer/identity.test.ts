import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { confirmIdentity, freshPhone, lastCodeSentTo, registerAndSignIn, registryPeople, type RegistryPerson } from './consumer-fixtures';

let t: TestApp;
let people: RegistryPerson[];
beforeAll(async () => {
  t = await createTestApp();
  people = await registryPeople(t, 12);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

async function phoneIdOf(cookie: string): Promise<string> {
  return (await get('/api/consumers/me/identity', cookie)).json().phones[0].phoneId;
}

describe('identity before data', () => {
  it('the demo consumer is verified and sees the report', async () => {
    const cookie = await logInAs(t.app, 'consumer');
    expect((await get('/api/consumers/me/identity', cookie)).json().state).toBe('verified');
    const own = (await get('/api/consumers/me/report', cookie)).json();
    expect(own.state).toBe('verified');
    expect(own.report.subject.nationalId).toBe('DEMO0001');
  });

  it('a NIN that is not in the registry: "no credit file yet", no score held against them', async () => {
    const { cookie } = await registerAndSignIn(t, { nationalId: 'NOFILE12345', dateOfBirth: '1991-01-01' });
    const identity = (await get('/api/consumers/me/identity', cookie)).json();
    expect(identity).toMatchObject({ state: 'no_file', phones: [] });
    expect((await get('/api/consumers/me/report', cookie)).json()).toMatchObject({ state: 'no_file', report: null });
    expect((await get('/api/consumers/me/dashboard', cookie)).json()).toMatchObject({ state: 'no_file', score: null });
    expect((await post('/api/consumers/me/identity/code', cookie, { phoneId: 'x' })).statusCode).toBe(404);
  });

  it("someone else's NIN with the wrong birth date finds no file (nothing learnt)", async () => {
    const person = people[0];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: '1930-02-02' });
    expect((await get('/api/consumers/me/identity', cookie)).json().state).toBe('no_file');
    // Released for the next test: the registration holds the NIN otherwise.
    await t.db.execute(sql`DELETE FROM users WHERE id IN (SELECT user_id FROM consumer_profiles WHERE national_id = ${person.nationalId})`);
  });

  it("someone else's NIN and birth date, but no code: no report, no disputes, no log, no scores, no PDF", async () => {
    const person = people[1];
    const impostor = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const identity = (await get('/api/consumers/me/identity', impostor.cookie)).json();
    expect(identity.state).toBe('unverified');
    // The code goes to the phones on the file, never to the phone typed at registration.
    expect(identity.phones.length).toBe(person.phones.length);
    for (const p of identity.phones) expect(p.masked).toMatch(/^\+232 \*\* \*\*\* \*\d\d$/);
    expect(JSON.stringify(identity)).not.toContain(person.phones[0].slice(4));

    expect((await get('/api/consumers/me/report', impostor.cookie)).json()).toMatchObject({ state: 'unverified', report: null });
    expect((await get('/api/consumers/me/report.pdf', impostor.cookie)).statusCode).toBe(403);
    expect((await get('/api/consumers/me/access-log', impostor.cookie)).json()).toEqual({ state: 'unverified', entries: [] });
    expect((await get('/api/consumers/me/scores', impostor.cookie)).statusCode).toBe(403);
    expect((await post('/api/consumers/me/reports', impostor.cookie)).statusCode).toBe(403);
    const [account] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_accounts WHERE subject_id = ${person.subjectId}::uuid LIMIT 1`,
    );
    const dispute = await post('/api/consumers/me/disputes', impostor.cookie, {
      accountId: account.id,
      reason: 'not_mine',
      statement: 'Not mine',
    });
    expect(dispute.statusCode).toBe(403);
    expect((await post('/api/consumers/me/freeze', impostor.cookie)).statusCode).toBe(403);
    const dashboard = (await get('/api/consumers/me/dashboard', impostor.cookie)).json();
    expect(dashboard).toMatchObject({ state: 'unverified', score: null, recentActivity: [] });

    // Asking for a code sends it to the file's phone; the impostor's own phone never gets the code,
    // only the alert (issue 21) that a code went to a phone on file.
    expect((await post('/api/consumers/me/identity/code', impostor.cookie, { phoneId: identity.phones[0].phoneId })).statusCode).toBe(200);
    const toImpostor = await queryRows<{ purpose: string; body: string }>(
      t.db,
      sql`SELECT purpose, body FROM sms_outbox WHERE to_phone = ${impostor.phone}`,
    );
    expect(toImpostor.map((m) => m.purpose)).toEqual(['identity_code_alert']);
    expect(toImpostor.every((m) => !/\d{6}/.test(m.body))).toBe(true);
    expect((await get('/api/consumers/me/report', impostor.cookie)).json().report).toBeNull();
  });

  it('stores codes hashed, and a right code opens the file once (single use)', async () => {
    const person = people[2];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const sent = await post('/api/consumers/me/identity/code', cookie, { phoneId: await phoneIdOf(cookie) });
    expect(sent.statusCode).toBe(200);
    const [{ to_phone: phone }] = await queryRows<{ to_phone: string }>(
      t.db,
      sql`SELECT to_phone FROM sms_outbox WHERE purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(person.phones).toContain(phone);
    const code = await lastCodeSentTo(t, phone);
    const [stored] = await queryRows<{ code_hash: string; expires_at: Date; created_at: Date }>(
      t.db,
      sql`SELECT code_hash, expires_at, created_at FROM consumer_identity_codes ORDER BY created_at DESC LIMIT 1`,
    );
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBe(10 * 60_000);

    expect((await post('/api/consumers/me/identity/verify', cookie, { code })).statusCode).toBe(200);
    expect((await get('/api/consumers/me/report', cookie)).json().report.subject.subjectId).toBe(person.subjectId);
    // The first report is kept in the person's list.
    expect((await get('/api/consumers/me/reports', cookie)).json().reports).toHaveLength(1);
    // Used once: the same code again does nothing more.
    const again = await post('/api/consumers/me/identity/verify', cookie, { code });
    expect(again.statusCode).toBe(409);
    const [used] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM consumer_identity_codes WHERE used_at IS NOT NULL AND code_hash = ${stored.code_hash}`,
    );
    expect(Number(used.n)).toBe(1);
  });

  it('an expired code is refused', async () => {
    const person = people[3];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    await post('/api/consumers/me/identity/code', cookie, { phoneId: await phoneIdOf(cookie) });
    const [{ to_phone: phone }] = await queryRows<{ to_phone: string }>(
      t.db,
      sql`SELECT to_phone FROM sms_outbox WHERE purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
    );
    const code = await lastCodeSentTo(t, phone);
    await t.db.execute(
      sql`UPDATE consumer_identity_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND voided_at IS NULL`,
    );
    const response = await post('/api/consumers/me/identity/verify', cookie, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'code', message: 'This code has expired. Ask for a new code.' }]);
    expect((await get('/api/consumers/me/report', cookie)).json().report).toBeNull();
  });

  it('five wrong guesses void the code, the account waits, and a later right guess fails', async () => {
    const person = people[4];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    await post('/api/consumers/me/identity/code', cookie, { phoneId: await phoneIdOf(cookie) });
    const [{ to_phone: phone }] = await queryRows<{ to_phone: string }>(
      t.db,
      sql`SELECT to_phone FROM sms_outbox WHERE purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
    );
    const code = await lastCodeSentTo(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const response = await post('/api/consumers/me/identity/verify', cookie, { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    const fifth = await post('/api/consumers/me/identity/verify', cookie, { code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The right code no longer works, and no new code can be asked for while the account waits.
    expect((await post('/api/consumers/me/identity/verify', cookie, { code })).statusCode).toBe(429);
    expect((await post('/api/consumers/me/identity/code', cookie, { phoneId: await phoneIdOf(cookie) })).statusCode).toBe(429);
    expect((await get('/api/consumers/me/identity', cookie)).json().lockedUntil).not.toBeNull();
    // After the wait, a new code can be sent; the voided one still does not work.
    await t.db.execute(
      sql`UPDATE consumer_identity_codes SET voided_at = voided_at - interval '16 minutes', created_at = created_at - interval '16 minutes'`,
    );
    expect((await post('/api/consumers/me/identity/verify', cookie, { code })).statusCode).toBe(400);
    expect((await post('/api/consumers/me/identity/code', cookie, { phoneId: await phoneIdOf(cookie) })).statusCode).toBe(200);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'consumer.identity_code_voided' AND subject_id = ${person.subjectId}::uuid`,
    );
    expect(Number(audit.n)).toBe(1);
  });

  it('rate-limits sending: a minute between codes, five a day per account', async () => {
    const person = people[5];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const phoneId = await phoneIdOf(cookie);
    expect((await post('/api/consumers/me/identity/code', cookie, { phoneId })).statusCode).toBe(200);
    const tooSoon = await post('/api/consumers/me/identity/code', cookie, { phoneId });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('Please wait a minute before asking for another code.');
    for (let i = 0; i < 4; i++) {
      await t.db.execute(sql`UPDATE consumer_identity_codes SET created_at = created_at - interval '2 minutes'`);
      expect((await post('/api/consumers/me/identity/code', cookie, { phoneId })).statusCode).toBe(200);
    }
    await t.db.execute(sql`UPDATE consumer_identity_codes SET created_at = created_at - interval '2 minutes'`);
    const sixth = await post('/api/consumers/me/identity/code', cookie, { phoneId });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('No more codes can be sent today. Try again tomorrow.');
    expect((await get('/api/consumers/me/identity', cookie)).json().codesLeftToday).toBe(0);
    // Only the newest code works: the earlier ones were replaced.
    const [live] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM consumer_identity_codes c JOIN consumer_profiles p ON p.user_id = c.user_id WHERE p.national_id = ${person.nationalId} AND c.voided_at IS NULL`,
    );
    expect(Number(live.n)).toBe(1);
  });

  it("a phone id that is not one of the file's phones is refused", async () => {
    const person = people[6];
    const { cookie } = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const response = await post('/api/consumers/me/identity/code', cookie, { phoneId: 'not-a-phone-of-the-file' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'phoneId', message: 'Choose one of the phones listed' }]);
    const bad = await post('/api/consumers/me/identity/verify', cookie, { code: '12ab' });
    expect(bad.json().errors).toEqual([{ field: 'code', message: 'Enter the 6-digit code' }]);
  });

  it('an unconfirmed registration holds the NIN for a day only, so a squatter cannot lock the person out', async () => {
    const person = people[7];
    const squatter = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: {
        userType: 'consumer',
        nationalId: person.nationalId,
        firstName: 'Real',
        lastName: 'Owner',
        phone: freshPhone(),
        dateOfBirth: person.dateOfBirth,
        password: 'Str0ng-pass-1',
        confirmPassword: 'Str0ng-pass-1',
        consentToDataProcessing: true,
        agreeToTerms: true,
      },
    });
    expect(early.statusCode).toBe(409);
    await t.db.execute(sql`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ${squatter.id}::uuid`);
    const owner = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
    await confirmIdentity(t, owner.cookie);
    expect((await get('/api/consumers/me/report', owner.cookie)).json().state).toBe('verified');
    // A confirmed account is never released.
    await t.db.execute(sql`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ${owner.id}::uuid`);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: {
        userType: 'consumer',
        nationalId: person.nationalId,
        firstName: 'Other',
        lastName: 'Person',
        phone: freshPhone(),
        dateOfBirth: person.dateOfBirth,
        password: 'Str0ng-pass-1',
        confirmPassword: 'Str0ng-pass-1',
        consentToDataProcessing: true,
        agreeToTerms: true,
      },
    });
    expect(late.statusCode).toBe(409);
  });

  it(
    'demo mode: an administrator reads the sandbox SMS outbox; outside demo mode the route does not exist',
    { timeout: 90_000 },
    async () => {
      const admin = await logInAs(t.app, 'system_admin');
      const outbox = await get('/api/admin/sandbox/sms', admin);
      expect(outbox.statusCode).toBe(200);
      expect(outbox.json().messages[0]).toMatchObject({ purpose: 'identity_code', body: expect.stringMatching(/your code is \d{6}/) });
      expect((await get('/api/admin/sandbox/sms', await logInAs(t.app, 'consumer'))).statusCode).toBe(403);
      // Not registered at all: a visitor gets 404 where a guarded route would say 401.
      const production = await createTestApp({ seed: false, config: { demoMode: false } });
      try {
        expect((await production.app.inject({ method: 'GET', url: '/api/admin/sandbox/sms' })).statusCode).toBe(404);
        expect((await production.app.inject({ method: 'GET', url: '/api/consumers/me/identity' })).statusCode).toBe(401);
      } finally {
        await production.close();
      }
    },
  );
});
