import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/shared/demo';
import { ROLE_API_SEGMENT, type TRole } from '../../src/shared/roles';
import { startFakeSmtp } from '../helpers/fake-smtp';
import { DEMO_LOGIN, createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';

// Password reset by a code (decisions/034): every role that signs in with a password, and the
// attacks: wrong, reused and expired codes, guessing, finding out who has an account, flooding.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const NEW_PASSWORD = 'Brand-new-pass-42';

const requestCode = (role: TRole, identifier: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { role, identifier } });
const confirm = (role: TRole, identifier: string, code: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { role, identifier, code, newPassword, confirmPassword: newPassword },
  });
const me = (role: TRole, cookie: string) => t.app.inject({ method: 'GET', url: `/api/${ROLE_API_SEGMENT[role]}/me`, headers: { cookie } });
const login = (role: TRole, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/${ROLE_API_SEGMENT[role]}/login`, payload: { username, password } });

/** The newest code texted to a phone (the sandbox SMS provider records every message). */
async function lastSmsCode(phone: string): Promise<string | undefined> {
  const rows = await queryRows<{ body: string }>(
    t.db,
    sql`SELECT body FROM sms_outbox WHERE to_phone = ${phone} AND purpose = 'password_reset' ORDER BY created_at DESC LIMIT 1`,
  );
  return /code is (\d{6})/.exec(rows[0]?.body ?? '')?.[1];
}
const smsCount = async (phone: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sms_outbox WHERE to_phone = ${phone} AND purpose = 'password_reset'`,
    )
  )[0]!.n;

/** The newest code emailed to an address (the fake SMTP server); the email leaves after the answer. */
async function lastEmailCode(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = [...smtp.received].reverse().find((m) => m.to.some((to) => to.includes(email)));
    const code = mail && /code is (\d{6})/.exec(mail.data)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset email reached ${email}`);
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function expectResetWorks(role: TRole, identifier: string, oldPassword: string, codeOf: () => Promise<string | undefined>) {
  const sessions = [await logInAs(t.app, role, identifier, oldPassword), await logInAs(t.app, role, identifier, oldPassword)];
  const asked = await requestCode(role, identifier);
  expect(asked.statusCode, asked.body).toBe(202);
  const code = await codeOf();
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code changes nothing.
  const wrong = await confirm(role, identifier, wrongCodeOf(code!));
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ code: 'RESET_CODE_INVALID', errors: [{ field: 'code' }] });
  expect((await me(role, sessions[0]!)).statusCode).toBe(200);

  const done = await confirm(role, identifier, code!);
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().message).toMatch(/signed out/);
  // Every session of the user has ended, the old password no longer works, the new one does.
  for (const cookie of sessions) expect((await me(role, cookie)).statusCode).toBe(401);
  expect((await login(role, identifier, oldPassword)).statusCode).toBe(401);
  expect((await login(role, identifier, NEW_PASSWORD)).statusCode).toBe(200);

  // The code works once.
  const reused = await confirm(role, identifier, code!, 'Another-pass-77');
  expect(reused.statusCode).toBe(400);
  expect(reused.json().code).toBe('RESET_CODE_INVALID');
  expect((await login(role, identifier, NEW_PASSWORD)).statusCode).toBe(200);
}

describe('every role that signs in with a password can reset it with a code', () => {
  it('consumer, by text message to the phone on the account', async () => {
    await expectResetWorks('consumer', DEMO_LOGIN.consumer, DEMO_PASSWORD, () => lastSmsCode(DEMO_ACCOUNTS.consumer.phone));
  });

  it('business owner', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    await expectResetWorks('business', profile.username, 'Str0ng-pass-123', () => lastEmailCode(profile.email));
  });

  it('business team member, by email', async () => {
    const lender = await createBusiness(t);
    const username = `reset-member-${process.pid}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/team',
      headers: { cookie: lender.cookie },
      payload: {
        fullName: 'Member Reset',
        position: 'Loan officer',
        username,
        email: `${username}@lender.sl`,
        password: 'Member-pass-1',
        confirmPassword: 'Member-pass-1',
      },
    });
    expect(added.statusCode).toBe(201);
    await expectResetWorks('business', username, 'Member-pass-1', () => lastEmailCode(`${username}@lender.sl`));
  });

  it('administrator and regulator, by email', async () => {
    await expectResetWorks('system_admin', DEMO_LOGIN.system_admin, DEMO_PASSWORD, () => lastEmailCode('admin@demo.creditcheck.sl'));
    await expectResetWorks('regulator', DEMO_LOGIN.regulator, DEMO_PASSWORD, () => lastEmailCode('regulator@demo.bsl.gov.sl'));
  });

  it('every reset and every request is audited, never with the identifier', async () => {
    const rows = await queryRows<{ action: string; actor_role: string; details: unknown }>(
      t.db,
      sql`SELECT action, actor_role, details FROM audit_events WHERE action LIKE 'auth.password_reset%' ORDER BY id`,
    );
    const resets = rows.filter((r) => r.action === 'auth.password_reset').map((r) => r.actor_role);
    expect(resets.sort()).toEqual(['business', 'business', 'consumer', 'regulator', 'system_admin']);
    expect(rows.filter((r) => r.action === 'auth.password_reset_requested')).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toContain(DEMO_LOGIN.consumer);
  });
});

describe('the attacks', () => {
  it('an unknown identifier gets the same answers as an account: 202 and the same message, the same wrong-code refusal', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    const known = await requestCode('business', profile.username);
    const unknown = await requestCode('business', `nobody-${process.pid}`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const wrongKnown = await confirm('business', profile.username, '000000');
    const wrongUnknown = await confirm('business', `nobody-${process.pid}`, '000000');
    expect(wrongUnknown.statusCode).toBe(400);
    expect(wrongUnknown.json()).toEqual(wrongKnown.json());
    // A consumer identifier of no account: nothing is texted anywhere.
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sms_outbox WHERE purpose = 'password_reset'`);
    expect((await requestCode('consumer', 'NOSUCH9999')).statusCode).toBe(202);
    const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sms_outbox WHERE purpose = 'password_reset'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('an expired code is refused', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    await requestCode('business', profile.username);
    const code = await lastEmailCode(profile.email);
    await t.db.execute(
      sql`UPDATE password_reset_requests SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = ${profile.username})`,
    );
    const late = await confirm('business', profile.username, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_CODE_INVALID');
    expect((await login('business', profile.username, 'Str0ng-pass-123')).statusCode).toBe(200);
  });

  it('a newer code voids the older one', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    await requestCode('business', profile.username);
    const first = await lastEmailCode(profile.email);
    smtp.received.length = 0;
    await requestCode('business', profile.username);
    const second = await lastEmailCode(profile.email);
    if (first !== second) expect((await confirm('business', profile.username, first)).statusCode).toBe(400);
    expect((await confirm('business', profile.username, second)).statusCode).toBe(200);
  });

  it('five wrong codes lock the confirmation, even the right code, for an account and for an identifier of no account alike', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    await requestCode('business', profile.username);
    const code = await lastEmailCode(profile.email);
    const ghost = `ghost-${process.pid}`;
    await requestCode('business', ghost);
    for (let i = 0; i < 5; i++) {
      expect((await confirm('business', profile.username, wrongCodeOf(code))).statusCode).toBe(400);
      expect((await confirm('business', ghost, '123456')).statusCode).toBe(400);
    }
    const locked = await confirm('business', profile.username, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const ghostLocked = await confirm('business', ghost, '123456');
    expect(ghostLocked.statusCode).toBe(429);
    expect(ghostLocked.json()).toEqual(locked.json());
    // Asking for a new code does not get around the lock.
    expect((await requestCode('business', profile.username)).statusCode).toBe(429);
    expect((await login('business', profile.username, 'Str0ng-pass-123')).statusCode).toBe(200);
  });

  it('three requests for one identifier in 15 minutes, then 429, for any identifier', async () => {
    for (const identifier of [`limit-${process.pid}`, DEMO_ACCOUNTS.business.username]) {
      for (let i = 0; i < 3; i++) expect((await requestCode('business', identifier)).statusCode).toBe(202);
      const fourth = await requestCode('business', identifier);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe('RATE_LIMITED');
    }
  });

  it('at most five codes an hour reach one phone, whatever identifiers are used for it; the answer stays the same', async () => {
    const phone = DEMO_ACCOUNTS.consumer.phone;
    const before = await smsCount(phone);
    // The consumer signs in with National ID or phone: two identifiers of one phone. The reset above sent 1 in this hour.
    // By phone: 3 codes (4 in the hour). By National ID (1 asked above): 2 more answered 202, only the first sent.
    for (let i = 0; i < 3; i++) expect((await requestCode('consumer', DEMO_ACCOUNTS.consumer.phone)).statusCode).toBe(202);
    for (let i = 0; i < 2; i++) expect((await requestCode('consumer', DEMO_LOGIN.consumer)).statusCode).toBe(202);
    const inTheHour = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sms_outbox WHERE to_phone = ${phone} AND purpose = 'password_reset' AND created_at > now() - interval '1 hour'`,
    );
    expect(inTheHour[0]!.n).toBe(5);
    expect(await smsCount(phone)).toBeGreaterThan(before);
  });

  it('refuses a malformed code and a weak password with field errors', async () => {
    const bad = await confirm('consumer', DEMO_LOGIN.consumer, '12ab', 'short');
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['code', 'newPassword']));
  });
});
