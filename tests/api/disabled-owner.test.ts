import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../src/server/modules/accounts/sessions';
import { BUSINESS_SUSPENDED_SIGN_IN } from '../../src/server/modules/accounts/sign-in';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';
import { API_KEY_SCOPES } from '../../src/shared/api-key-scopes';

/**
 * Issue "Every credit file protected", item 7: a disabled owner's team members kept working. After
 * an administrator disabled a business owner, a team member's session still pulled a report and the
 * member could still sign in. The owner's standing (disabled, suspended) now applies to every member
 * and key at once, and their sessions end (decisions/022).
 */

let t: TestApp;
let admin: string;
let counter = 0;
const PURPOSE = 'credit_application';
const PASSWORD = 'Member-pass-1';

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object, headers: Headers = {}) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload ? { payload } : {}) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

interface Team {
  owner: { id: string; cookie: string };
  member: { id: string; username: string; cookie: string };
  key: string;
  subjectId: string;
}

/** An Enterprise business with one team member signed in and one API key, all working. */
async function team(): Promise<Team> {
  counter++;
  const owner = await createBusiness(t, { planCode: 'enterprise' });
  const username = `owner-member-${process.pid}-${counter}`;
  const added = await call('POST', '/api/businesses/me/team', owner.cookie, {
    fullName: `Member ${counter}`,
    position: 'Loan officer',
    username,
    email: `${username}@lender.sl`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(added.statusCode, added.body).toBe(201);
  const cookie = await logInAs(t.app, 'business', username, PASSWORD);
  const created = await call('POST', '/api/businesses/me/api-keys', owner.cookie, { name: 'Core banking', scopes: [...API_KEY_SCOPES] });
  expect(created.statusCode, created.body).toBe(201);
  const found = await call('POST', '/api/credit/search', cookie, { purpose: PURPOSE, nationalId: 'DEMO0001' });
  expect(found.statusCode).toBe(200);
  const subjectId = found.json().candidates[0].subjectId as string;
  return { owner, member: { id: added.json().userId, username, cookie }, key: created.json().key, subjectId };
}

const pull = (tm: Team, cookie?: string, headers: Headers = {}) =>
  call('POST', '/api/credit/reports', cookie, { subjectId: tm.subjectId, purpose: PURPOSE, consent: true }, headers);
const memberSignIn = (tm: Team) => call('POST', '/api/businesses/login', undefined, { username: tm.member.username, password: PASSWORD });

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
});
afterAll(() => t.close());

describe("a disabled or suspended owner's team members and keys stop at once (item 7)", () => {
  it("ATTACK: admin disables the owner; the member's existing session pulls a report, the member signs in again, the business's API key pulls: all refused", async () => {
    const tm = await team();
    // Before: all three work.
    expect((await pull(tm, tm.member.cookie)).statusCode).toBe(200);
    expect((await pull(tm, undefined, bearer(tm.key))).statusCode).toBe(200);

    expect((await call('POST', `/api/admin/users/${tm.owner.id}/disable`, admin)).statusCode).toBe(200);

    // The member's session has ended.
    const bySession = await pull(tm, tm.member.cookie);
    expect(bySession.statusCode).toBe(401);
    expect((await call('GET', '/api/businesses/me', tm.member.cookie)).statusCode).toBe(401);
    // The member cannot sign in: the same answer a suspended business's member gets.
    const signIn = await memberSignIn(tm);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(BUSINESS_SUSPENDED_SIGN_IN);
    // The key is refused.
    const byKey = await pull(tm, undefined, bearer(tm.key));
    expect(byKey.statusCode).toBe(401);
    expect(byKey.json().message).toContain('suspended');
    // A member session that began while the owner was being disabled (a race) opens nothing either.
    const raced = await createSession(t.db, tm.member.id, {});
    expect((await pull(tm, `${SESSION_COOKIE}=${raced.token}`)).statusCode).toBe(401);

    // Re-enabled: sign-in and keys work again; the old sessions do not come back.
    expect((await call('POST', `/api/admin/users/${tm.owner.id}/enable`, admin)).statusCode).toBe(200);
    expect((await pull(tm, tm.member.cookie)).statusCode).toBe(401);
    const again = await memberSignIn(tm);
    expect(again.statusCode).toBe(200);
    expect((await pull(tm, await logInAs(t.app, 'business', tm.member.username, PASSWORD))).statusCode).toBe(200);
    expect((await pull(tm, undefined, bearer(tm.key))).statusCode).toBe(200);
  });

  it("suspending the owner's business ends the member's session, refuses the member's sign-in and the key; reinstating restores sign-in and keys", async () => {
    const tm = await team();
    expect(
      (
        await call('POST', `/api/admin/businesses/${tm.owner.id}/suspend`, admin, {
          reason: 'Reports pulled without consent under investigation',
        })
      ).statusCode,
    ).toBe(200);
    expect((await pull(tm, tm.member.cookie)).statusCode).toBe(401);
    expect((await pull(tm, tm.owner.cookie)).statusCode).toBe(401);
    const signIn = await memberSignIn(tm);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(BUSINESS_SUSPENDED_SIGN_IN);
    expect((await pull(tm, undefined, bearer(tm.key))).statusCode).toBe(401);

    expect((await call('POST', `/api/admin/businesses/${tm.owner.id}/reinstate`, admin, { note: 'Investigation closed' })).statusCode).toBe(
      200,
    );
    expect((await memberSignIn(tm)).statusCode).toBe(200);
    expect((await pull(tm, undefined, bearer(tm.key))).statusCode).toBe(200);
  });

  it('disabling one team member leaves the owner and the other members working', async () => {
    const tm = await team();
    expect((await call('POST', `/api/admin/users/${tm.member.id}/disable`, admin)).statusCode).toBe(200);
    expect((await pull(tm, tm.member.cookie)).statusCode).toBe(401);
    expect((await pull(tm, tm.owner.cookie)).statusCode).toBe(200);
    expect((await pull(tm, undefined, bearer(tm.key))).statusCode).toBe(200);
  });
});
