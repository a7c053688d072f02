import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { ROLES, ROLE_API_SEGMENT, type TRole } from '../../src/shared/roles';
import { sessions, users } from '../../src/server/db/schema/index';
import { consumerPayload } from '../helpers/fixtures';
import { DEMO_LOGIN, createTestApp, logInAs, sessionCookieOf, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (role: TRole, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/${ROLE_API_SEGMENT[role]}/me`, headers: cookie ? { cookie } : {} });
const login = (role: TRole, username: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${ROLE_API_SEGMENT[role]}/login`,
    payload: { username, password },
    headers: cookie ? { cookie } : {},
  });

describe('sign-in of the four demo accounts', () => {
  it.each(ROLES)('%s signs in through its own endpoint and reads its /me', async (role) => {
    const cookie = await logInAs(t.app, role);
    const res = await me(role, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe(role);
  });

  it('shows each role the profile fields the headers need', async () => {
    expect((await me('business', await logInAs(t.app, 'business'))).json().businessName).toBe('Demo Microfinance Ltd');
    const consumer = (await me('consumer', await logInAs(t.app, 'consumer'))).json();
    expect(consumer).toMatchObject({ firstName: 'Aminata', lastName: 'Kamara', maskedNationalId: '****0001', identityVerified: true });
    expect(JSON.stringify(consumer)).not.toContain('DEMO0001');
  });

  it('lets a consumer sign in with the phone number in local or international form', async () => {
    for (const phone of ['+23276000001', '076 000 001', '+232 76 000 001']) {
      const res = await login('consumer', phone, DEMO_PASSWORD);
      expect(res.statusCode, phone).toBe(200);
    }
  });

  it('lets a business sign in with its email, in any case', async () => {
    expect((await login('business', 'INFO@demo-microfinance.sl', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('each role against every other role', () => {
  it.each(ROLES.flatMap((signedIn) => ROLES.filter((r) => r !== signedIn).map((other) => [signedIn, other] as const)))(
    'a %s session gets 401 from the %s /me',
    async (signedIn, other) => {
      const cookie = await logInAs(t.app, signedIn);
      expect((await me(other, cookie)).statusCode).toBe(401);
    },
  );

  it.each(ROLES)('a visitor gets 401 from the %s /me', async (role) => {
    expect((await me(role)).statusCode).toBe(401);
  });

  it.each(ROLES.filter((r) => r !== 'business'))('the %s login endpoint refuses the business account', async (role) => {
    const res = await login(role, DEMO_LOGIN.business, DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
  });
});

describe('wrong credentials', () => {
  it('answers an unknown user and a wrong password with the same 401', async () => {
    const unknown = await login('business', 'nobody-here', 'whatever-password');
    const wrong = await login('business', 'demo-business', 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Invalid credentials');
    expect(unknown.cookies.find((c) => c.name === 'ccsl_session')).toBeUndefined();
  });

  it('names each missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/businesses/login', payload: {} });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });
});

describe('lockout', () => {
  it('locks an account for 15 minutes after ten failures in a row, even for the right password', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: consumerPayload({ nationalId: 'LOCK00001', phone: '+23277111222' }),
    });
    expect(reg.statusCode).toBe(201);
    for (let i = 0; i < 9; i++) expect((await login('consumer', 'LOCK00001', 'bad-password')).statusCode).toBe(401);
    expect((await login('consumer', 'LOCK00001', 'bad-password')).statusCode).toBe(401);
    const locked = await login('consumer', 'LOCK00001', 'Str0ng-pass');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/locked for 15 more minutes/);
    const [row] = await t.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, reg.json().id));
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    // Once the lock has passed, the right password works again and the count starts afresh.
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, reg.json().id));
    expect((await login('consumer', 'LOCK00001', 'Str0ng-pass')).statusCode).toBe(200);
  });

  it('resets the count after a successful sign-in', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: consumerPayload({ nationalId: 'LOCK00002', phone: '+23277111333' }),
    });
    for (let i = 0; i < 9; i++) await login('consumer', 'LOCK00002', 'bad-password');
    expect((await login('consumer', 'LOCK00002', 'Str0ng-pass')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login('consumer', 'LOCK00002', 'bad-password');
    expect((await login('consumer', 'LOCK00002', 'Str0ng-pass')).statusCode).toBe(200);
    expect(reg.statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('sets an httpOnly, SameSite=Lax cookie on the whole site', async () => {
    const res = await login('business', 'demo-business', DEMO_PASSWORD);
    const cookie = res.cookies.find((c) => c.name === 'ccsl_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
  });

  it('stores only a hash of the token', async () => {
    const cookie = await logInAs(t.app, 'regulator');
    const token = decodeURIComponent(cookie.split('=')[1]).split('.')[0];
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, token));
    expect(rows).toHaveLength(0);
  });

  it('ends the session at logout: the cookie no longer works', async () => {
    const cookie = await logInAs(t.app, 'consumer');
    expect((await me('consumer', cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/consumers/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me('consumer', cookie)).statusCode).toBe(401);
  });

  it('issues a new session id at login and ends the one the browser had', async () => {
    const first = await logInAs(t.app, 'business');
    const res = await login('business', 'demo-business', DEMO_PASSWORD, first);
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect((await me('business', first)).statusCode).toBe(401);
    expect((await me('business', second)).statusCode).toBe(200);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const cookie = await logInAs(t.app, 'system_admin');
    await t.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes'`);
    expect((await me('system_admin', cookie)).statusCode).toBe(401);
  });

  it('ends a session after 12 hours whatever the activity', async () => {
    const cookie = await logInAs(t.app, 'system_admin');
    await t.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await me('system_admin', cookie)).statusCode).toBe(401);
  });

  it('refuses a forged cookie', async () => {
    const res = await me('business', 'ccsl_session=forged-token.signature');
    expect(res.statusCode).toBe(401);
  });

  it('stops working when the user is disabled', async () => {
    const cookie = await logInAs(t.app, 'regulator');
    const [reg] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-regulator'));
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, reg.id));
    expect((await me('regulator', cookie)).statusCode).toBe(401);
    const again = await login('regulator', 'demo-regulator', DEMO_PASSWORD);
    expect(again.statusCode).toBe(403);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, reg.id));
  });
});

describe('sign-in by NIN and by phone do not collide (decisions/021)', () => {
  it('attack: registering the NIN 076000001 (the local form of the demo consumer’s phone +232 76 000 001) is refused', async () => {
    for (const nationalId of ['076000001', '076-000-001', '23276000001']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/consumers/register',
        payload: consumerPayload({ nationalId, phone: '+23277111555' }),
      });
      expect(res.statusCode, nationalId).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        field: 'nationalId',
        message: expect.stringMatching(/phone number, not a National ID/),
      });
    }
    // A NIN with letters is no phone, even when a phone parser would read its digits.
    const letters = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: consumerPayload({ nationalId: 'SL76000001', phone: '+23277111556' }),
    });
    expect(letters.statusCode).toBe(201);
    expect((await login('consumer', 'SL76000001', 'Str0ng-pass')).json().id).toBe(letters.json().id);
  });

  it('attack: an account holding the NIN 076000001 (from before the rule) cannot stand in front of the owner of +232 76 000 001', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: consumerPayload({
        nationalId: 'LOOKALIKE1',
        phone: '+23277111557',
        password: 'Lookalike-pass-1',
        confirmPassword: 'Lookalike-pass-1',
      }),
    });
    expect(reg.statusCode).toBe(201);
    await t.db.execute(sql`UPDATE consumer_profiles SET national_id = '076000001' WHERE user_id = ${reg.json().id}::uuid`);
    const demo = (await me('consumer', await logInAs(t.app, 'consumer'))).json();

    // The phone's owner signs in with the local form of their number: their own account.
    const owner = await login('consumer', '076000001', DEMO_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().id).toBe(demo.id);
    // The lookalike's password with that value is only a wrong password for the phone's owner; the lookalike account is never tried.
    expect((await login('consumer', '076000001', 'Lookalike-pass-1')).statusCode).toBe(401);
    const [row] = await t.db.select({ failed: users.failedLoginCount }).from(users).where(eq(users.id, reg.json().id));
    expect(row.failed).toBe(0);
  });
});
