import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_NEW_INFORMATION_MIN_CHARS } from '../../src/shared/schemas/consumer';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { registerAndSignIn, registryPeople, type RegistryPerson } from './consumer/consumer-fixtures';
import { accountReport, createBusiness } from './credit/credit-fixtures';

/**
 * Issue "Every credit file protected", item 9: a dispute could be re-filed forever. After the
 * lender answered "verified", the consumer filed the same dispute again at once, three rounds, each
 * re-flagging the entry on every report and restarting the clock. Now a dispute of an entry whose
 * last dispute was verified needs new information (a statement of at least 40 characters that does
 * not repeat an earlier one) or is refused (409, field statement) with the reason, before anything
 * is written (decisions/022).
 */

let t: TestApp;
let person: RegistryPerson;
let consumer: string;
let lender: { id: string; cookie: string };
let counter = 0;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const file = (accountId: string, statement: string, reason = 'not_mine') =>
  call('POST', '/api/consumers/me/disputes', consumer, { accountId, reason, statement });
const answer = (disputeId: string, outcome: 'verified' | 'corrected', correction?: object) =>
  call('POST', `/api/businesses/me/disputes/${disputeId}/response`, lender.cookie, {
    outcome,
    note: outcome === 'verified' ? 'We checked the signed agreement: the account is yours.' : 'Corrected.',
    ...(correction ? { correction } : {}),
  });

async function newAccount(): Promise<string> {
  counter++;
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
      account: { accountNumber: `REFILE-${process.pid}-${counter}` },
    }),
  );
  expect(reported.statusCode, reported.body).toBe(201);
  return reported.json().accountId as string;
}

async function entryState(accountId: string) {
  const [account] = await queryRows<{ is_disputed: boolean }>(
    t.db,
    sql`SELECT is_disputed FROM credit_accounts WHERE id = ${accountId}::uuid`,
  );
  const disputes = await queryRows<{ id: string; due_at: Date | string }>(
    t.db,
    sql`SELECT id, due_at FROM disputes WHERE account_id = ${accountId}::uuid ORDER BY filed_at`,
  );
  const [notes] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${lender.id}::uuid AND kind = 'dispute_filed'`,
  );
  return {
    isDisputed: account.is_disputed,
    disputes: disputes.length,
    lastDueAt: new Date(disputes.at(-1)!.due_at).getTime(),
    lenderNotifications: Number(notes.n),
  };
}

const lenderSeesDisputed = async (accountId: string) => {
  const report = (
    await call('POST', '/api/credit/reports', lender.cookie, { subjectId: person.subjectId, purpose: 'account_review', consent: true })
  ).json();
  return report.accounts.find((a: { accountId: string }) => a.accountId === accountId).disputed as boolean;
};

beforeAll(async () => {
  t = await createTestApp();
  [person] = await registryPeople(t, 1);
  // Identity confirmed directly: the SMS code flow is the identity area's (consumer/identity.test.ts).
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${account.id}::uuid`);
  consumer = account.cookie;
  lender = await createBusiness(t);
});
afterAll(() => t.close());

describe('a dispute of a verified entry needs new information (item 9)', () => {
  const first = 'This loan is not mine. I never borrowed from this lender.';

  it('ATTACK: the same dispute re-filed at once after "verified", three rounds: refused without new information, the entry not re-flagged, the clock not restarted; accepted with new information', async () => {
    const accountId = await newAccount();
    const round1 = await file(accountId, first);
    expect(round1.statusCode, round1.body).toBe(201);
    expect((await answer(round1.json().id, 'verified')).statusCode).toBe(200);
    const after1 = await entryState(accountId);
    expect(after1).toMatchObject({ isDisputed: false, disputes: 1 });

    // Round 2, 3 and 4: the same statement, the same with punctuation, one word added.
    for (const statement of [first, `${first.toUpperCase()}!!!`, `${first} Really.`]) {
      const refused = await file(accountId, statement);
      expect(refused.statusCode, statement).toBe(409);
      expect(refused.json().errors).toEqual([{ field: 'statement', message: refused.json().message }]);
      expect(refused.json().message).toMatch(
        /^This entry was checked and verified by Lender \d+ Ltd on \d{1,2} [A-Z][a-z]{2} \d{4}\. To dispute it again, tell us what is new since then/,
      );
      expect(refused.json().message).toContain('repeats your earlier dispute');
    }
    // Too short to carry new information.
    const short = await file(accountId, 'Still not mine, check again.');
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain(`at least ${DISPUTE_NEW_INFORMATION_MIN_CHARS} characters`);
    // Nothing was written: not flagged on reports, no new deadline, the lender not notified again.
    expect(await entryState(accountId)).toEqual(after1);
    expect(await lenderSeesDisputed(accountId)).toBe(false);

    // With new information: accepted, flagged, a new deadline.
    const informed = await file(
      accountId,
      'The police report of 3 March 2026 shows my ID card was stolen before this loan was opened.',
      'identity_theft',
    );
    expect(informed.statusCode, informed.body).toBe(201);
    const after2 = await entryState(accountId);
    expect(after2).toMatchObject({ isDisputed: true, disputes: 2, lenderNotifications: after1.lenderNotifications + 1 });
    expect(await lenderSeesDisputed(accountId)).toBe(true);

    // Verified again: neither earlier statement may be repeated.
    expect((await answer(informed.json().id, 'verified')).statusCode).toBe(200);
    expect((await file(accountId, first)).statusCode).toBe(409);
    expect(
      (await file(accountId, 'The police report of 3 March 2026 shows my ID card was stolen before this loan was opened.')).statusCode,
    ).toBe(409);
    expect((await entryState(accountId)).disputes).toBe(2);
  });

  it('asks nothing more of a first dispute, nor after a corrected one', async () => {
    const accountId = await newAccount();
    const firstDispute = await file(accountId, 'Check it.', 'wrong_balance');
    expect(firstDispute.statusCode).toBe(201);
    expect((await answer(firstDispute.json().id, 'corrected', { balance: '100.00' })).statusCode).toBe(200);
    expect((await file(accountId, 'Check it.', 'wrong_balance')).statusCode).toBe(201);
  });
});
