import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { translatorFor } from '../../../src/shared/i18n';
import type { TNotificationParams } from '../../../src/shared/schemas/consumer';
import { notificationText } from '../../../src/web/lib/notification-text';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { waitForSubmission } from '../../helpers/submissions';
import { registerAndSignIn, registryPeople, type RegistryPerson } from '../consumer/consumer-fixtures';
import { accountReport, createBusiness } from './credit-fixtures';

/**
 * Issue "The lender's data, right over its whole life", item 2: re-sending a file silently undid a
 * dispute correction. After the lender corrected a balance through a dispute, a one-row file with
 * the old balance put it back: no flag, no notice to the person. Now a value a dispute corrected, or
 * an account removed while a dispute on it was open, comes back only when the lender certifies it
 * (certifyReinsertion: true with a note), and then the person is told at once; otherwise the row is
 * refused with DISPUTED_VALUE_REINSERTION (409 one by one, a row reject in a file). FCRA 611(a)(5)(B).
 */

let t: TestApp;
let person: RegistryPerson;
let consumer: { id: string; cookie: string };
let lender: { id: string; cookie: string };
let counter = 0;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const row = (accountNumber: string, account: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  ...accountReport({
    subject: {
      nationalId: person.nationalId,
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: person.dateOfBirth,
      phone: person.phones[0],
    },
    account: { accountNumber, ...account },
  }),
  ...extra,
});

async function sendFile(rows: unknown[]) {
  const res = await call('POST', '/api/credit/submissions', lender.cookie, { rows });
  expect(res.statusCode, res.body).toBe(202);
  return waitForSubmission(t.app, { cookie: lender.cookie }, res.json().id);
}

async function accountState(accountId: string) {
  const [a] = await queryRows<{ balance: string | number; status: string }>(
    t.db,
    sql`SELECT balance, status FROM credit_accounts WHERE id = ${accountId}::uuid`,
  );
  return { balance: Number(a.balance), status: a.status };
}

const noticesOfPerson = async () => {
  const rows = await queryRows<{ kind: string; title: string; body: string; params: TNotificationParams | null }>(
    t.db,
    sql`SELECT kind, title, body, params FROM notifications WHERE user_id = ${consumer.id}::uuid AND kind = 'account_corrected' ORDER BY created_at`,
  );
  // Each carries its params; the portal's English from them is the stored English (decisions/047).
  for (const row of rows) expect(notificationText(translatorFor('en'), row)).toEqual({ title: row.title, body: row.body });
  return rows;
};

/** An account with a balance of 9,250.50 that the lender corrected to 4,000 through a dispute. */
async function correctedAccount(): Promise<{ accountId: string; accountNumber: string }> {
  const accountNumber = `REINS-${process.pid}-${++counter}`;
  const reported = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber, { balance: '9250.50' }));
  expect(reported.statusCode, reported.body).toBe(201);
  const accountId = reported.json().accountId as string;
  const filed = await call('POST', '/api/consumers/me/disputes', consumer.cookie, {
    accountId,
    reason: 'wrong_balance',
    statement: 'I paid most of this loan in March; the balance is far lower than this.',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const answered = await call('POST', `/api/businesses/me/disputes/${filed.json().id}/response`, lender.cookie, {
    outcome: 'corrected',
    note: 'Our system missed the March payment.',
    correction: { balance: '4000' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  expect(await accountState(accountId)).toEqual({ balance: 400_000, status: 'current' });
  return { accountId, accountNumber };
}

beforeAll(async () => {
  t = await createTestApp();
  [person] = await registryPeople(t, 1);
  consumer = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${consumer.id}::uuid`);
  lender = await createBusiness(t);
});
afterAll(() => t.close());

describe('no silent reinsertion of a value a dispute corrected', () => {
  it('REPRODUCTION: a one-row file with the old balance is refused for that row with DISPUTED_VALUE_REINSERTION; the corrected balance stays; the other rows apply', async () => {
    const { accountId, accountNumber } = await correctedAccount();
    const other = `REINS-OTHER-${process.pid}-${++counter}`;
    const status = await sendFile([row(accountNumber, { balance: '9250.50' }), row(other)]);
    expect(status).toMatchObject({ status: 'completed', accepted: 1, rejected: 1 });
    expect(status.rejects).toEqual([
      { row: 1, field: 'account.balance', message: expect.stringMatching(/dispute/), code: 'DISPUTED_VALUE_REINSERTION' },
    ]);
    expect(await accountState(accountId)).toEqual({ balance: 400_000, status: 'current' });
  });

  it('one by one: 409 DISPUTED_VALUE_REINSERTION naming the field; a certification needs its note (400 naming note)', async () => {
    const { accountId, accountNumber } = await correctedAccount();
    const refused = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber, { balance: '9250.50' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DISPUTED_VALUE_REINSERTION', errors: [{ field: 'account.balance' }] });
    const noNote = await call(
      'POST',
      '/api/credit/accounts',
      lender.cookie,
      row(accountNumber, { balance: '9250.50' }, { certifyReinsertion: true }),
    );
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.map((e: { field: string }) => e.field)).toEqual(['note']);
    expect(await accountState(accountId)).toEqual({ balance: 400_000, status: 'current' });
  });

  it('certified with a note: applied, the guard lifted for that value, audited with the note, and the person told at once', async () => {
    const { accountId, accountNumber } = await correctedAccount();
    const before = (await noticesOfPerson()).length;
    const note = 'The March payment bounced; the bank returned it on 2 April.';
    const certified = await call(
      'POST',
      '/api/credit/accounts',
      lender.cookie,
      row(accountNumber, { balance: '9250.50' }, { certifyReinsertion: true, note }),
    );
    expect(certified.statusCode, certified.body).toBe(200);
    expect(await accountState(accountId)).toEqual({ balance: 925_050, status: 'current' });
    const notices = await noticesOfPerson();
    expect(notices.length).toBe(before + 1);
    expect(notices.at(-1)!.body).toContain(accountNumber);
    expect(notices.at(-1)!.body).toContain(note);
    const [event] = await queryRows<{ details: unknown }>(
      t.db,
      sql`SELECT details FROM audit_events WHERE action = 'credit.reinsertion_certified' AND target_id = ${accountId} ORDER BY id DESC LIMIT 1`,
    );
    const details = typeof event.details === 'string' ? JSON.parse(event.details) : event.details;
    expect(details).toMatchObject({ accountNumber, fields: ['balance'], note });
    // The guard was for that value only, and it is lifted: the same value again is an ordinary report.
    expect((await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber, { balance: '9250.50' }))).statusCode).toBe(200);
  });

  it('a later report with a new value (not the one the dispute took off) is an ordinary report', async () => {
    const { accountId, accountNumber } = await correctedAccount();
    const status = await sendFile([row(accountNumber, { balance: '3500' })]);
    expect(status).toMatchObject({ accepted: 1, rejected: 0 });
    expect(await accountState(accountId)).toEqual({ balance: 350_000, status: 'current' });
  });

  it('a status a dispute corrected (default to current) cannot come back as default unannounced', async () => {
    const accountNumber = `REINS-STATUS-${process.pid}-${++counter}`;
    const reported = await call(
      'POST',
      '/api/credit/accounts',
      lender.cookie,
      row(accountNumber, { status: 'default', defaultAmount: '900', defaultDate: '2025-03-31' }),
    );
    const accountId = reported.json().accountId as string;
    const filed = await call('POST', '/api/consumers/me/disputes', consumer.cookie, {
      accountId,
      reason: 'wrong_status',
      statement: 'I never defaulted on this loan; every payment was made on time.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const answered = await call('POST', `/api/businesses/me/disputes/${filed.json().id}/response`, lender.cookie, {
      outcome: 'corrected',
      note: 'The default was recorded against the wrong loan.',
      correction: { status: 'current' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const status = await sendFile([row(accountNumber, { status: 'default', defaultAmount: '900', defaultDate: '2025-03-31' })]);
    expect(status.rejects.map((r) => [r.field, r.code])).toEqual(
      expect.arrayContaining([['account.status', 'DISPUTED_VALUE_REINSERTION']]),
    );
    expect((await accountState(accountId)).status).toBe('current');
  });
});

describe('no silent reinsertion of an account removed during a dispute', () => {
  it('the removed account number reported again is refused unless certified; certified, it is back and the person is told', async () => {
    const accountNumber = `REINS-DEL-${process.pid}-${++counter}`;
    const reported = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber));
    const accountId = reported.json().accountId as string;
    const filed = await call('POST', '/api/consumers/me/disputes', consumer.cookie, {
      accountId,
      reason: 'not_mine',
      statement: 'This loan is not mine. I never borrowed from this lender.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, { reason: 'Not this customer' })).statusCode).toBe(
      200,
    );

    const inFile = await sendFile([row(accountNumber)]);
    expect(inFile.rejects).toEqual([
      { row: 1, field: 'account.accountNumber', message: expect.stringMatching(/dispute/), code: 'DISPUTED_VALUE_REINSERTION' },
    ]);
    const oneByOne = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber));
    expect(oneByOne.statusCode).toBe(409);
    expect(oneByOne.json().code).toBe('DISPUTED_VALUE_REINSERTION');

    const before = (await noticesOfPerson()).length;
    const certified = await call(
      'POST',
      '/api/credit/accounts',
      lender.cookie,
      row(accountNumber, {}, { certifyReinsertion: true, note: 'The signed agreement and ID copy show the loan is hers.' }),
    );
    expect(certified.statusCode, certified.body).toBe(201);
    expect((await noticesOfPerson()).length).toBe(before + 1);
    const [removal] = await queryRows<{ reinsertion_note: string }>(
      t.db,
      sql`SELECT reinsertion_note FROM credit_account_removals WHERE account_id = ${accountId}::uuid`,
    );
    expect(removal.reinsertion_note).toBe('The signed agreement and ID copy show the loan is hers.');
  });

  it('ATTACK: correct through a dispute, remove the account, report it afresh with the old balance: refused unless certified', async () => {
    const { accountId, accountNumber } = await correctedAccount();
    expect(
      (await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, { reason: 'Closing our old record' })).statusCode,
    ).toBe(200);
    const afresh = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber, { balance: '9250.50' }));
    expect(afresh.statusCode).toBe(409);
    expect(afresh.json().code).toBe('DISPUTED_VALUE_REINSERTION');
  });

  it('an account removed with no dispute open may be reported again (the lender fixing its own mistake)', async () => {
    const accountNumber = `REINS-FREE-${process.pid}-${++counter}`;
    const reported = await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber));
    expect(
      (await call('DELETE', `/api/credit/accounts/${reported.json().accountId}`, lender.cookie, { reason: 'Sent twice' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/credit/accounts', lender.cookie, row(accountNumber))).statusCode).toBe(201);
  });
});
