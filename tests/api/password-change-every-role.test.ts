import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { ROLE_API_SEGMENT, type TRole } from '../../src/shared/roles';
import { DEMO_LOGIN, createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';

/**
 * A password change ends every other session of the user, for every role (security issue 9):
 * business owner, business team member, consumer, administrator and regulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'N3w-password-for-all';

interface Account {
  role: TRole;
  username: string;
  password: string;
}

const me = (role: TRole, cookie: string) => t.app.inject({ method: 'GET', url: `/api/${ROLE_API_SEGMENT[role]}/me`, headers: { cookie } });
const changePassword = (role: TRole, cookie: string, currentPassword: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${ROLE_API_SEGMENT[role]}/me/password`,
    headers: { cookie },
    payload: { currentPassword, newPassword, confirmPassword: newPassword },
  });
const login = (account: Account, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/${ROLE_API_SEGMENT[account.role]}/login`, payload: { username: account.username, password } });

async function expectPasswordChangeEndsOtherSessions(account: Account) {
  const here = await logInAs(t.app, account.role, account.username, account.password);
  const elsewhere = await logInAs(t.app, account.role, account.username, account.password);
  const third = await logInAs(t.app, account.role, account.username, account.password);

  // A wrong current password changes nothing and ends nothing.
  const wrong = await changePassword(account.role, here, 'not-the-password');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().errors[0].field).toBe('currentPassword');
  expect((await me(account.role, elsewhere)).statusCode).toBe(200);

  const changed = await changePassword(account.role, here, account.password);
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.json().message).toMatch(/signed out/);
  expect((await me(account.role, here)).statusCode).toBe(200);
  expect((await me(account.role, elsewhere)).statusCode).toBe(401);
  expect((await me(account.role, third)).statusCode).toBe(401);
  expect((await login(account, account.password)).statusCode).toBe(401);
  expect((await login(account, NEW_PASSWORD)).statusCode).toBe(200);
}

describe('a password change ends every other session of the user', () => {
  it('business owner', async () => {
    const lender = await createBusiness(t);
    const profile = (await me('business', lender.cookie)).json();
    await expectPasswordChangeEndsOtherSessions({ role: 'business', username: profile.username, password: 'Str0ng-pass-123' });
  });

  it('business team member (the owner stays signed in)', async () => {
    const lender = await createBusiness(t);
    const member = { username: `pw-member-${process.pid}`, password: 'Member-pass-1' };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/team',
      headers: { cookie: lender.cookie },
      payload: {
        fullName: 'Member Pw',
        position: 'Loan officer',
        username: member.username,
        email: `${member.username}@lender.sl`,
        password: member.password,
        confirmPassword: member.password,
      },
    });
    expect(added.statusCode).toBe(201);
    await expectPasswordChangeEndsOtherSessions({ role: 'business', ...member });
    expect((await me('business', lender.cookie)).statusCode).toBe(200);
  });

  it('consumer', async () => {
    await expectPasswordChangeEndsOtherSessions({ role: 'consumer', username: DEMO_LOGIN.consumer, password: DEMO_PASSWORD });
  });

  it('administrator', async () => {
    await expectPasswordChangeEndsOtherSessions({ role: 'system_admin', username: DEMO_LOGIN.system_admin, password: DEMO_PASSWORD });
  });

  it('regulator', async () => {
    await expectPasswordChangeEndsOtherSessions({ role: 'regulator', username: DEMO_LOGIN.regulator, password: DEMO_PASSWORD });
  });

  it("every change is audited with the role, and one role cannot use another role's route", async () => {
    const business = await logInAs(t.app, 'business');
    expect((await changePassword('system_admin', business, DEMO_PASSWORD)).statusCode).toBe(403);
    expect((await changePassword('regulator', business, DEMO_PASSWORD)).statusCode).toBe(403);
    const rows = await queryRows<{ actor_role: string }>(
      t.db,
      sql`SELECT actor_role FROM audit_events WHERE action = 'auth.password_changed' ORDER BY actor_role`,
    );
    expect(rows.map((r) => r.actor_role)).toEqual(['business', 'business', 'consumer', 'regulator', 'system_admin']);
  });
});
