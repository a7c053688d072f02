import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { translatorFor } from '../../../src/shared/i18n';
import type { TNotificationParams } from '../../../src/shared/schemas/consumer';
import { notificationText } from '../../../src/web/lib/notification-text';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { waitForSubmission } from '../../helpers/submissions';
import { registerAndSignIn, registryPeople, type RegistryPerson } from '../consumer/consumer-fixtures';
import { accountReport, createBusiness } from './credit-fixtures';

/**
 * Issue "The lender's data, right over its whole life", item 1: an account reported under the
 * wrong person could not be fixed (four duplicate account numbers in a first file went to the first
 * row's person; next month the right rows were refused as "already reported for another person",
 * and there was no call to move or delete an account). Now the reporting business removes an
 * account reported in error (DELETE /api/credit/accounts/:accountId {reason}) or moves it to the
 * right person (POST /api/credit/accounts/:accountId/subject {subject}), by API or in a monthly
 * file; only that business may; the people are told; both are audited.
 */

let t: TestApp;
let lender: { id: string; cookie: string };
let otherLender: { id: string; cookie: string };
let wrong: RegistryPerson;
let right: RegistryPerson;
let wrongConsumer: { id: string; cookie: string };
let rightConsumer: { id: string; cookie: string };
let counter = 0;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const subjectOf = (p: RegistryPerson) => ({
  nationalId: p.nationalId,
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  phone: p.phones[0],
  address: { line: '14 Kissy Road, Freetown', district: 'Western Area Urban' },
});
const nextNumber = () => `FIX-${process.pid}-${++counter}`;

async function report(person: RegistryPerson, accountNumber = nextNumber(), cookie = lender.cookie) {
  const res = await call('POST', '/api/credit/accounts', cookie, accountReport({ subject: subjectOf(person), account: { accountNumber } }));
  expect(res.statusCode, res.body).toBe(201);
  return { accountId: res.json().accountId as string, accountNumber };
}

/** The account numbers on the person's own report, as they see it. */
async function numbersOnOwnReport(cookie: string): Promise<string[]> {
  const res = await call('GET', '/api/consumers/me/report', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().report?.accounts ?? res.json().accounts ?? []).map((a: { accountNumber: string }) => a.accountNumber);
}

/** The account numbers on the person's file as a lender's report shows them. */
async function numbersOnLenderReport(person: RegistryPerson): Promise<string[]> {
  const res = await call('POST', '/api/credit/reports', lender.cookie, {
    subjectId: person.subjectId,
    purpose: 'credit_application',
    consent: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accounts.map((a: { accountNumber: string }) => a.accountNumber);
}

async function notificationsOf(userId: string) {
  const rows = await queryRows<{ kind: string; title: string; body: string; params: TNotificationParams | null }>(
    t.db,
    sql`SELECT kind, title, body, params FROM notifications WHERE user_id = ${userId}::uuid AND kind = 'account_corrected' ORDER BY created_at`,
  );
  // Each carries its params, and the portal's English sentence from them is the stored English word for word (decisions/047).
  for (const row of rows) {
    expect(row.params?.variant, row.title).toBeTruthy();
    expect(notificationText(translatorFor('en'), row)).toEqual({ title: row.title, body: row.body });
  }
  return rows;
}

async function auditOf(accountId: string) {
  return queryRows<{ action: string; subject_id: string; business_id: string }>(
    t.db,
    sql`SELECT action, subject_id, business_id FROM audit_events WHERE target_id = ${accountId} AND action LIKE 'credit.account_%' ORDER BY id`,
  );
}

async function sendFile(rows: unknown[], cookie = lender.cookie) {
  const res = await call('POST', '/api/credit/submissions', cookie, { rows });
  expect(res.statusCode, res.body).toBe(202);
  return waitForSubmission(t.app, { cookie }, res.json().id);
}

async function sendCsv(csv: string, cookie = lender.cookie) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credit/submissions',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(202);
  return waitForSubmission(t.app, { cookie }, res.json().id);
}

beforeAll(async () => {
  t = await createTestApp();
  [wrong, right] = await registryPeople(t, 2);
  wrongConsumer = await registerAndSignIn(t, { nationalId: wrong.nationalId, dateOfBirth: wrong.dateOfBirth });
  rightConsumer = await registerAndSignIn(t, { nationalId: right.nationalId, dateOfBirth: right.dateOfBirth });
  // Identity confirmed directly: the SMS code flow is the identity area's (consumer/identity.test.ts).
  await t.db.execute(
    sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id IN (${wrongConsumer.id}::uuid, ${rightConsumer.id}::uuid)`,
  );
  lender = await createBusiness(t);
  otherLender = await createBusiness(t);
});
afterAll(() => t.close());

describe('DELETE /api/credit/accounts/:accountId: who may', () => {
  it('401 to a visitor, 403 to other roles, 404 to another business (whose id it is not), 400 without a reason', async () => {
    const { accountId } = await report(wrong);
    expect((await call('DELETE', `/api/credit/accounts/${accountId}`, undefined, { reason: 'Reported in error' })).statusCode).toBe(401);
    for (const role of ['consumer', 'system_admin', 'regulator'] as const) {
      const res = await call('DELETE', `/api/credit/accounts/${accountId}`, await logInAs(t.app, role), { reason: 'Reported in error' });
      expect(res.statusCode, role).toBe(403);
    }
    const foreign = await call('DELETE', `/api/credit/accounts/${accountId}`, otherLender.cookie, { reason: 'Reported in error' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const noReason = await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.map((e: { field: string }) => e.field)).toEqual(['reason']);
    const notAnId = await call('DELETE', '/api/credit/accounts/not-an-id', lender.cookie, { reason: 'Reported in error' });
    expect(notAnId.statusCode).toBe(400);
    // Nothing moved: the account is still on the file.
    expect(await numbersOnLenderReport(wrong)).toContain(await accountNumberOf(accountId));
  });
});

async function accountNumberOf(accountId: string): Promise<string | null> {
  const [row] = await queryRows<{ account_number: string }>(
    t.db,
    sql`SELECT account_number FROM credit_accounts WHERE id = ${accountId}::uuid`,
  );
  return row?.account_number ?? null;
}

describe('removing an account reported in error', () => {
  it('leaves every report at once, is kept out of sight with its reason, is audited, and the person is told', async () => {
    const { accountId, accountNumber } = await report(wrong);
    expect(await numbersOnOwnReport(wrongConsumer.cookie)).toContain(accountNumber);
    const before = (await notificationsOf(wrongConsumer.id)).length;

    const res = await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, { reason: 'Entered under the wrong customer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accountId, accountNumber, outcome: 'removed', subjectId: null, previousSubjectId: wrong.subjectId });

    expect(await numbersOnOwnReport(wrongConsumer.cookie)).not.toContain(accountNumber);
    expect(await numbersOnLenderReport(wrong)).not.toContain(accountNumber);
    const listed = await call('GET', `/api/businesses/me/accounts?q=${accountNumber}`, lender.cookie);
    expect(JSON.stringify(listed.json())).not.toContain(accountNumber);

    const [kept] = await queryRows<{ reason: string; account: unknown; subject_id: string }>(
      t.db,
      sql`SELECT reason, account, subject_id FROM credit_account_removals WHERE account_id = ${accountId}::uuid`,
    );
    expect(kept.reason).toBe('Entered under the wrong customer');
    expect(kept.subject_id).toBe(wrong.subjectId);
    const snapshot = typeof kept.account === 'string' ? JSON.parse(kept.account) : kept.account;
    expect(snapshot.account.account_number).toBe(accountNumber);

    expect((await auditOf(accountId)).map((e) => [e.action, e.subject_id])).toContainEqual(['credit.account_removed', wrong.subjectId]);
    const notes = await notificationsOf(wrongConsumer.id);
    expect(notes.length).toBe(before + 1);
    expect(notes.at(-1)!.body).toContain(accountNumber);
    expect(notes.at(-1)!.body).toContain('Entered under the wrong customer');

    // Removed once: a second removal finds nothing.
    expect((await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, { reason: 'Again, in error' })).statusCode).toBe(404);
    // The person's access log says what the lender did.
    const log = await call('GET', '/api/consumers/me/access-log', wrongConsumer.cookie);
    expect(JSON.stringify(log.json())).toContain('Removed an account it had reported on your file in error');
  });

  it('an open dispute on it is closed as removed, and the person still sees the dispute with the account as it was', async () => {
    const { accountId, accountNumber } = await report(wrong);
    const filed = await call('POST', '/api/consumers/me/disputes', wrongConsumer.cookie, {
      accountId,
      reason: 'not_mine',
      statement: 'This loan is not mine. I never borrowed from this lender.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const res = await call('DELETE', `/api/credit/accounts/${accountId}`, lender.cookie, {
      reason: 'Not this customer: reported in error',
    });
    expect(res.statusCode, res.body).toBe(200);
    const disputes = (await call('GET', '/api/consumers/me/disputes', wrongConsumer.cookie)).json().disputes;
    const dispute = disputes.find((d: { id: string }) => d.id === filed.json().id);
    expect(dispute).toMatchObject({ status: 'resolved', outcome: 'removed', responseNote: 'Not this customer: reported in error' });
    expect(dispute.account.accountNumber).toBe(accountNumber);
    expect(dispute.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'removed']);
    // The lender's list of disputes still reads.
    expect((await call('GET', '/api/businesses/me/disputes?status=all', lender.cookie)).statusCode).toBe(200);
  });
});

describe('moving an account to the right person', () => {
  it('REPRODUCTION: duplicate account numbers in a first file went to the first row’s person; the lender moves the account, and next month the right rows are accepted', async () => {
    const accountNumber = nextNumber();
    const first = await sendFile([
      accountReport({ subject: subjectOf(wrong), account: { accountNumber } }),
      accountReport({ subject: subjectOf(right), account: { accountNumber } }),
    ]);
    expect(first.accepted).toBe(1);
    const [{ id: accountId }] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_accounts WHERE business_id = ${lender.id}::uuid AND account_number = ${accountNumber}`,
    );
    // Next month the right row is refused: the account is on the wrong person's file.
    const refused = await sendFile([accountReport({ subject: subjectOf(right), account: { accountNumber, balance: '9000' } })]);
    expect(refused.rejects.map((r: { field: string }) => r.field)).toEqual(['account.accountNumber']);

    const before = { wrong: (await notificationsOf(wrongConsumer.id)).length, right: (await notificationsOf(rightConsumer.id)).length };
    // Another business may not move it.
    expect(
      (await call('POST', `/api/credit/accounts/${accountId}/subject`, otherLender.cookie, { subject: subjectOf(right) })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/credit/accounts/${accountId}/subject`, await logInAs(t.app, 'consumer'), { subject: subjectOf(right) }))
        .statusCode,
    ).toBe(403);
    const badSubject = await call('POST', `/api/credit/accounts/${accountId}/subject`, lender.cookie, { subject: { firstName: 'A' } });
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['subject.lastName', 'subject.phone', 'subject.address']),
    );

    const moved = await call('POST', `/api/credit/accounts/${accountId}/subject`, lender.cookie, { subject: subjectOf(right) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      accountId,
      outcome: 'moved',
      subjectId: right.subjectId,
      previousSubjectId: wrong.subjectId,
      match: 'exact',
    });

    expect(await numbersOnOwnReport(rightConsumer.cookie)).toContain(accountNumber);
    expect(await numbersOnOwnReport(wrongConsumer.cookie)).not.toContain(accountNumber);
    expect(await numbersOnLenderReport(wrong)).not.toContain(accountNumber);
    // The account kept its id and history.
    const [kept] = await queryRows<{ subject_id: string; payment_history: string }>(
      t.db,
      sql`SELECT subject_id, payment_history FROM credit_accounts WHERE id = ${accountId}::uuid`,
    );
    expect(kept).toEqual({ subject_id: right.subjectId, payment_history: '000000' });
    expect(
      (await auditOf(accountId)).filter((e) => e.action.startsWith('credit.account_moved')).map((e) => [e.action, e.subject_id]),
    ).toEqual([
      ['credit.account_moved_away', wrong.subjectId],
      ['credit.account_moved_here', right.subjectId],
    ]);
    expect((await notificationsOf(wrongConsumer.id)).length).toBe(before.wrong + 1);
    expect((await notificationsOf(rightConsumer.id)).length).toBe(before.right + 1);

    // Next month's file with the right rows is accepted now.
    const nextMonth = await sendFile([accountReport({ subject: subjectOf(right), account: { accountNumber, balance: '9000' } })]);
    expect(nextMonth).toMatchObject({ accepted: 1, rejected: 0 });
    // Moving it to the person it is already on changes nothing.
    const again = await call('POST', `/api/credit/accounts/${accountId}/subject`, lender.cookie, { subject: subjectOf(right) });
    expect(again.json()).toMatchObject({ outcome: 'unchanged', subjectId: right.subjectId });
  });
});

describe('a move changes the person only', () => {
  it('keeps the account’s life fields, its co-borrowers and guarantors and its months', async () => {
    const accountNumber = nextNumber();
    const guarantor = {
      nationalId: `GUAR${process.pid}`.slice(0, 12),
      firstName: 'Aminata',
      lastName: 'Bangura',
      dateOfBirth: '1970-05-05',
      phone: '+23276111222',
      address: { line: '2 Circular Road, Freetown', district: 'Western Area Urban' },
    };
    const reported = await call('POST', '/api/credit/accounts', lender.cookie, {
      ...accountReport({
        subject: subjectOf(wrong),
        account: { accountNumber, amountPastDue: '120', termMonths: 12, paymentFrequency: 'monthly', lastPaymentDate: '2025-05-01' },
      }),
      parties: [{ role: 'guarantor', subject: guarantor }],
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const accountId = reported.json().accountId as string;
    const state = async () => {
      const [row] = await queryRows<{
        subject_id: string;
        amount_past_due: number | string;
        term_months: number;
        payment_frequency: string;
        parties: number;
        months: number;
      }>(
        t.db,
        sql`SELECT subject_id, amount_past_due, term_months, payment_frequency,
              (SELECT count(*)::int FROM credit_account_parties p WHERE p.account_id = a.id) AS parties,
              (SELECT count(*)::int FROM credit_account_months m WHERE m.account_id = a.id) AS months
            FROM credit_accounts a WHERE a.id = ${accountId}::uuid`,
      );
      return { ...row, amount_past_due: Number(row.amount_past_due), parties: Number(row.parties), months: Number(row.months) };
    };
    const before = await state();
    expect(before).toMatchObject({
      subject_id: wrong.subjectId,
      amount_past_due: 12_000,
      term_months: 12,
      payment_frequency: 'monthly',
      parties: 1,
    });
    const moved = await call('POST', `/api/credit/accounts/${accountId}/subject`, lender.cookie, { subject: subjectOf(right) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await state()).toEqual({ ...before, subject_id: right.subjectId });
  });
});

describe('corrections in a monthly file', () => {
  it('a JSON row {correction: delete, account: {accountNumber}, reason} removes the account; an unknown number or a missing reason is that row’s reject', async () => {
    const { accountNumber } = await report(wrong);
    const keep = await report(wrong);
    const status = await sendFile([
      { correction: 'delete', account: { accountNumber }, reason: 'Duplicate of another account' },
      { correction: 'delete', account: { accountNumber: 'NEVER-REPORTED-1' }, reason: 'Duplicate of another account' },
      { correction: 'delete', account: { accountNumber: keep.accountNumber } },
    ]);
    expect(status).toMatchObject({ status: 'completed', accepted: 1, rejected: 2 });
    expect(status.rejects).toEqual([
      { row: 2, field: 'account.accountNumber', message: 'Your business has not reported an account with this number' },
      { row: 3, field: 'reason', message: expect.stringContaining('Say why the account is removed') },
    ]);
    expect(await numbersOnLenderReport(wrong)).not.toContain(accountNumber);
    expect(await numbersOnLenderReport(wrong)).toContain(keep.accountNumber);
  });

  it('a CSV file carries the same corrections in its correction and reason columns, and correction move sends an account to the row’s person', async () => {
    const removed = await report(wrong);
    const toMove = await report(wrong);
    const header =
      'national_id,first_name,last_name,date_of_birth,phone,address,account_number,account_type,currency,principal,balance,opened_at,status,correction,reason';
    const csv = [
      header,
      `,,,,,,${removed.accountNumber},,,,,,,delete,Reported twice by our branch`,
      `${right.nationalId},${right.firstName},${right.lastName},${right.dateOfBirth},${right.phones[0]},14 Kissy Road,${toMove.accountNumber},personal_loan,SLE,15000,9250.50,2024-02-01,current,move,`,
    ].join('\n');
    const status = await sendCsv(csv);
    expect(status, JSON.stringify(status.rejects)).toMatchObject({ status: 'completed', accepted: 2, rejected: 0 });
    expect(await numbersOnLenderReport(wrong)).not.toContain(removed.accountNumber);
    expect(await numbersOnLenderReport(wrong)).not.toContain(toMove.accountNumber);
    expect(await numbersOnLenderReport(right)).toContain(toMove.accountNumber);
  });
});
