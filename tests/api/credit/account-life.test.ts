import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo';
import { CSV_COLUMNS } from '../../../src/shared/schemas/credit';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { injectSubmission } from '../../helpers/submissions';
import { pruneAccountMonths } from '../../../src/server/modules/submissions';
import { accountReport } from './credit-fixtures';
import { registerAndSignIn, registryPeople } from '../consumer/consumer-fixtures';

// Issue 17, item 7: the account was thin next to what lenders report elsewhere (Metro 2). A report
// now carries the account's life (amount past due, first delinquency, last payment, scheduled
// payment, term, frequency, closing), its co-borrowers and guarantors (matched like the borrower,
// shown on each one's file with their role) and a month of balance history per monthly report.

let t: TestApp;
let business: string;
let consumer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
  consumer = await logInAs(t.app, 'consumer');
  admin = await logInAs(t.app, 'system_admin');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
// The POST answers once the file is applied (files are queued, decisions/033).
const submitJson = (rows: unknown[]) => injectSubmission(t.app, { headers: { cookie: business }, payload: { rows } });
const statusOf = (id: string) => call('GET', `/api/credit/submissions/${id}`, business);

/** The demo consumer as a lender reports them: the same person as their own file. */
const DEMO_SUBJECT = {
  nationalId: DEMO_ACCOUNTS.consumer.nationalId,
  firstName: DEMO_ACCOUNTS.consumer.firstName,
  lastName: DEMO_ACCOUNTS.consumer.lastName,
  dateOfBirth: '1988-04-12',
  phone: DEMO_ACCOUNTS.consumer.phone,
  address: { line: '7 Pademba Road, Freetown', district: 'Western Area Urban' },
};

function person(nin: string, firstName: string, lastName: string, phone: string) {
  return {
    nationalId: nin,
    firstName,
    lastName,
    dateOfBirth: '1979-03-08',
    phone,
    address: { line: '22 Dama Road, Kenema', district: 'Kenema' },
  };
}

const LIFE = {
  amountPastDue: '1250.00',
  firstDelinquencyDate: '2025-03-31',
  lastPaymentDate: '2025-06-14',
  lastPaymentAmount: '500.00',
  scheduledPaymentAmount: '750.00',
  termMonths: 24,
  paymentFrequency: 'fortnightly',
  closedAt: '2025-09-30',
};

async function businessReportOf(subjectId: string) {
  const res = await call('POST', '/api/credit/reports', business, { subjectId, purpose: 'guarantor_assessment', consent: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report ?? res.json();
}

async function subjectOfNin(nin: string): Promise<string> {
  const [row] = await queryRows<{ subject_id: string }>(
    t.db,
    sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${nin}`,
  );
  return row.subject_id;
}

const accountIn = (report: { accounts: any[] }, accountNumber: string): any =>
  report.accounts.find((a) => a.accountNumber === accountNumber);

describe('an account with its whole life, co-borrowers and guarantors', () => {
  const accountNumber = 'GRP-LIFE-0001';
  const coBorrower = person('SLCOB00001', 'Hawa', 'Turay', '+232 76 700 101');
  const guarantor = person('SLGUA00001', 'Sahr', 'Komba', '+232 76 700 202');

  it('reads back every new field on the business report and the consumer report', async () => {
    const res = await call('POST', '/api/credit/accounts', business, {
      ...accountReport({
        subject: DEMO_SUBJECT,
        account: { accountNumber, type: 'group_loan', balance: '4000.00', status: 'closed', openedAt: '2024-02-01', ...LIFE },
      }),
      parties: [
        { role: 'co_borrower', subject: coBorrower },
        { role: 'guarantor', subject: guarantor },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      amountPastDue: '1250.00',
      firstDelinquencyDate: '2025-03-31',
      lastPaymentDate: '2025-06-14',
      lastPaymentAmount: '500.00',
      scheduledPaymentAmount: '750.00',
      termMonths: 24,
      paymentFrequency: 'fortnightly',
      closedAt: '2025-09-30',
      role: 'borrower',
      parties: [
        { role: 'co_borrower', name: 'Hawa Turay' },
        { role: 'guarantor', name: 'Sahr Komba' },
      ],
    };
    const own = (await call('GET', '/api/consumers/me/report', consumer)).json().report;
    const mine = accountIn(own, accountNumber);
    expect(mine).toMatchObject({ accountNumber, ...expected });
    expect(mine.balanceHistory).toEqual([
      { month: new Date().toISOString().slice(0, 7), balance: '4000.00', amountPastDue: '1250.00', status: 'closed' },
    ]);

    const lenders = await businessReportOf(own.subject.subjectId);
    expect(accountIn(lenders, accountNumber)).toMatchObject({ ...expected, isOwnAccount: true });
  });

  it("shows the account on the guarantor's and the co-borrower's files with their role, and not in the guarantor's balances", async () => {
    const guarantorFile = await businessReportOf(await subjectOfNin('SLGUA00001'));
    const asGuarantor = accountIn(guarantorFile, accountNumber);
    expect(asGuarantor).toMatchObject({
      role: 'guarantor',
      amountPastDue: '1250.00',
      parties: [
        { role: 'borrower', name: 'Aminata Kamara' },
        { role: 'co_borrower', name: 'Hawa Turay' },
      ],
    });
    expect(guarantorFile.summary.balances).toEqual([]);

    const coBorrowerFile = await businessReportOf(await subjectOfNin('SLCOB00001'));
    expect(accountIn(coBorrowerFile, accountNumber)).toMatchObject({
      role: 'co_borrower',
      parties: [
        { role: 'borrower', name: 'Aminata Kamara' },
        { role: 'guarantor', name: 'Sahr Komba' },
      ],
    });
    // A party is matched like a borrower: the guarantor's phone and address are on their file.
    expect(guarantorFile.subject.addresses.map((a: { line: string }) => a.line)).toContain('22 Dama Road, Kenema');
  });

  it('the guarantor may dispute the account on their file; a person not on it gets 404', async () => {
    const guarantorConsumer = await registerAndSignIn(t, { nationalId: 'SLGUA00001', dateOfBirth: '1979-03-08' });
    await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${guarantorConsumer.id}::uuid`);
    const own = (await call('GET', '/api/consumers/me/report', guarantorConsumer.cookie)).json();
    const onFile = (own.report ?? own).accounts.find((a: { accountNumber: string }) => a.accountNumber === accountNumber);
    expect(onFile).toMatchObject({ role: 'guarantor' });
    const dispute = {
      accountId: onFile.accountId,
      reason: 'not_mine',
      statement: 'I never agreed to guarantee this loan and never signed for it.',
    };
    const coBorrowerConsumer = await registerAndSignIn(t, { nationalId: 'SLCOB00001', dateOfBirth: '1979-03-08' });
    await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${coBorrowerConsumer.id}::uuid`);
    const filed = await call('POST', '/api/consumers/me/disputes', guarantorConsumer.cookie, dispute);
    expect(filed.statusCode, filed.body).toBe(201);
    // The co-borrower is on it too, but one dispute per account is open at a time (409).
    expect((await call('POST', '/api/consumers/me/disputes', coBorrowerConsumer.cookie, dispute)).statusCode).toBe(409);
    // Someone not on the account at all: 404, as for any account not on their file.
    const [outsider] = await registryPeople(t, 1);
    const outsiderConsumer = await registerAndSignIn(t, { nationalId: outsider.nationalId, dateOfBirth: outsider.dateOfBirth });
    await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${outsiderConsumer.id}::uuid`);
    expect((await call('POST', '/api/consumers/me/disputes', outsiderConsumer.cookie, dispute)).statusCode).toBe(404);
  });

  it('matches a party already in the registry to that person, and a re-report naming other parties replaces them; one naming none keeps them', async () => {
    const base = accountReport({
      subject: DEMO_SUBJECT,
      account: { accountNumber, type: 'group_loan', balance: '4000.00', status: 'closed', openedAt: '2024-02-01' },
    });
    // The guarantor again, known by NIN, now the only party.
    const again = await call('POST', '/api/credit/accounts', business, { ...base, parties: [{ role: 'guarantor', subject: guarantor }] });
    expect(again.statusCode, again.body).toBe(200);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_subject_identifiers WHERE value = 'SLGUA00001'`,
    );
    expect(Number(n)).toBe(1);
    const parties = async () =>
      queryRows<{ role: string; value: string }>(
        t.db,
        sql`SELECT p.role, i.value FROM credit_account_parties p JOIN credit_accounts a ON a.id = p.account_id
            JOIN credit_subject_identifiers i ON i.subject_id = p.subject_id AND i.type = 'nin'
            WHERE a.account_number = ${accountNumber} ORDER BY i.value`,
      );
    expect(await parties()).toEqual([{ role: 'guarantor', value: 'SLGUA00001' }]);
    // The life fields a re-report leaves out are cleared, as a default's amount and date are.
    const own = (await call('GET', '/api/consumers/me/report', consumer)).json().report;
    expect(accountIn(own, accountNumber)).toMatchObject({
      amountPastDue: null,
      termMonths: null,
      parties: [{ role: 'guarantor', name: 'Sahr Komba' }],
    });

    // No parties named: the account keeps its guarantor. An empty list removes them.
    expect((await call('POST', '/api/credit/accounts', business, base)).statusCode).toBe(200);
    expect(await parties()).toEqual([{ role: 'guarantor', value: 'SLGUA00001' }]);
    expect((await call('POST', '/api/credit/accounts', business, { ...base, parties: [] })).statusCode).toBe(200);
    expect(await parties()).toEqual([]);
    const guarantorFile = await businessReportOf(await subjectOfNin('SLGUA00001'));
    expect(accountIn(guarantorFile, accountNumber)).toBeUndefined();
  });
});

describe('every error of a row with wrong new fields, at once', () => {
  const wrong = {
    amountPastDue: '-5',
    firstDelinquencyDate: '2023-01-31',
    lastPaymentDate: '2025-02-30',
    lastPaymentAmount: 'lots',
    scheduledPaymentAmount: '1.234',
    termMonths: 0,
    paymentFrequency: 'daily',
    closedAt: '2999-01-01',
  };

  it('POST /api/credit/accounts names each field', async () => {
    const res = await call('POST', '/api/credit/accounts', business, {
      ...accountReport({ account: { accountNumber: 'WRONG-LIFE-1', openedAt: '2024-02-01', ...wrong } }),
      parties: [{ role: 'uncle', subject: { ...DEMO_SUBJECT, nationalId: 'SLPARTY0009', phone: 'nope' } }],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'account.amountPastDue',
        'account.firstDelinquencyDate',
        'account.lastPaymentDate',
        'account.lastPaymentAmount',
        'account.scheduledPaymentAmount',
        'account.termMonths',
        'account.paymentFrequency',
        'account.closedAt',
        'parties.0.role',
        'parties.0.subject.phone',
      ]),
    );
    expect(res.json().errors.find((e: { field: string }) => e.field === 'account.firstDelinquencyDate').message).toBe(
      'Date of first delinquency cannot be before the opening date',
    );
    expect(res.json().errors.find((e: { field: string }) => e.field === 'account.termMonths').message).toMatch(/Term/);
  });

  it('a monthly CSV file names the column of each, past due above balance and a party who is the borrower too', async () => {
    const header = CSV_COLUMNS.join(',');
    const cells: Record<string, string> = {
      national_id: 'SLCSVL0001',
      first_name: 'Isatu',
      last_name: 'Bangura',
      phone: '+232 76 700 303',
      address: '3 Hospital Road, Bo',
      account_number: 'CSV-LIFE-1',
      account_type: 'group_loan',
      currency: 'SLE',
      principal: '2000',
      balance: '100',
      opened_at: '2024-01-01',
      status: 'current',
      amount_past_due: '150',
      term_months: '12.5',
      payment_frequency: 'Monthly',
      last_payment_date: '2023-12-31',
      party_1_role: 'guarantor',
      party_1_national_id: 'SLCSVL0001',
      party_1_first_name: 'Isatu',
      party_1_last_name: 'Bangura',
      party_1_phone: '+232 76 700 303',
      party_1_address: '3 Hospital Road, Bo',
    };
    const line = CSV_COLUMNS.map((c) => `"${cells[c] ?? ''}"`).join(',');
    const res = await injectSubmission(t.app, {
      payload: `${header}\n${line}\n`,
      headers: { cookie: business, 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = (await statusOf(res.json().id)).json();
    expect(body).toMatchObject({ status: 'completed', accepted: 0, rejected: 1 });
    expect(body.rejects.map((r: { field: string }) => r.field).sort()).toEqual(
      ['amount_past_due', 'last_payment_date', 'party_1_national_id', 'term_months'].sort(),
    );
  });
});

describe('months of balance history', () => {
  const row = (balance: string, amountPastDue: string, status = 'late_30') => ({
    subject: person('SLHIST0001', 'Foday', 'Kanu', '+232 76 700 404'),
    account: {
      accountNumber: 'HIST-0001',
      type: 'microfinance_loan',
      currency: 'SLE',
      principal: '6000',
      balance,
      openedAt: '2024-05-01',
      status,
      amountPastDue,
    },
  });

  it('keeps a month per monthly file: the same month replaced, a new month added, newest first', async () => {
    const first = await submitJson([row('5000', '300')]);
    expect((await statusOf(first.json().id)).json()).toMatchObject({ status: 'completed', accepted: 1 });
    // A second file the same month corrects that month.
    const corrected = await submitJson([row('4900', '250')]);
    expect((await statusOf(corrected.json().id)).json()).toMatchObject({ status: 'completed', accepted: 1 });
    // That file was last month's: its month and the account's last report go back one month.
    await t.db.execute(sql`UPDATE credit_account_months m SET month = (m.month - interval '1 month')::date
      FROM credit_accounts a WHERE a.id = m.account_id AND a.account_number = 'HIST-0001'`);
    await t.db.execute(
      sql`UPDATE credit_accounts SET last_reported_at = last_reported_at - interval '1 month' WHERE account_number = 'HIST-0001'`,
    );
    const next = await submitJson([row('4200', '0', 'current')]);
    expect((await statusOf(next.json().id)).json()).toMatchObject({ status: 'completed', accepted: 1 });

    const file = await businessReportOf(await subjectOfNin('SLHIST0001'));
    const account = accountIn(file, 'HIST-0001');
    const now = new Date();
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    expect(account.balanceHistory).toEqual([
      { month: month(0), balance: '4200.00', amountPastDue: '0.00', status: 'current' },
      { month: month(1), balance: '4900.00', amountPastDue: '250.00', status: 'late_30' },
    ]);
    // The payment history grew by a month as well.
    expect(account.paymentHistory.map((m: { code: string }) => m.code)).toEqual(['0', '1']);
  });

  it('reads at most 36 months', async () => {
    const [{ id }] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM credit_accounts WHERE account_number = 'HIST-0001'`);
    await t.db.execute(sql`INSERT INTO credit_account_months (account_id, month, balance, amount_past_due, status)
      SELECT ${id}::uuid, (date_trunc('month', now()) - make_interval(months => g))::date, 1000 * g, NULL, 'current'
      FROM generate_series(2, 40) AS g`);
    const account = accountIn(await businessReportOf(await subjectOfNin('SLHIST0001')), 'HIST-0001');
    expect(account.balanceHistory).toHaveLength(36);
    expect(account.balanceHistory[35].balance).toBe('350.00');
  });

  it('the daily retention deletes the months older than the 36 a report reads, and no other', async () => {
    const [{ id }] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM credit_accounts WHERE account_number = 'HIST-0001'`);
    const count = async () =>
      Number(
        (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_account_months WHERE account_id = ${id}::uuid`))[0]
          .n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(36);
    const deleted = await pruneAccountMonths(t.db);
    expect(deleted).toBe(before - 36);
    expect(await count()).toBe(36);
    const account = accountIn(await businessReportOf(await subjectOfNin('SLHIST0001')), 'HIST-0001');
    expect(account.balanceHistory).toHaveLength(36);
  });
});

describe('merging two people moves their places on accounts', () => {
  it('the absorbed guarantor becomes the survivor, and a survivor who is the borrower is not their own guarantor', async () => {
    const borrower = person('SLMRG00001', 'Musu', 'Lahai', '+232 76 700 505');
    const twin = person('SLMRG00002', 'Musu', 'Lahai', '+232 76 700 606');
    const res = await call('POST', '/api/credit/accounts', business, {
      ...accountReport({ subject: borrower, account: { accountNumber: 'MRG-0001' } }),
      parties: [{ role: 'guarantor', subject: { ...person('SLMRG00003', 'Alimamy', 'Fofanah', '+232 76 700 707') } }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const other = await call('POST', '/api/credit/accounts', business, {
      ...accountReport({ subject: twin, account: { accountNumber: 'MRG-0002' } }),
      parties: [{ role: 'guarantor', subject: person('SLMRG00003', 'Alimamy', 'Fofanah', '+232 76 700 707') }],
    });
    expect(other.statusCode, other.body).toBe(201);
    const guarantorId = await subjectOfNin('SLMRG00003');
    const twinId = await subjectOfNin('SLMRG00002');
    // The reviewer finds the guarantor and the second borrower are one person (a review queued by hand).
    const [review] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO credit_match_reviews (subject_id, candidate_subject_id, reason, score, business_id, reported)
          SELECT ${guarantorId}::uuid, ${twinId}::uuid, 'test', 0.5, a.business_id, '{}'::jsonb FROM credit_accounts a WHERE a.account_number = 'MRG-0001'
          RETURNING id`,
    );
    const merged = await call('POST', `/api/admin/match-reviews/${review.id}/merge`, admin, { survivor: 'candidate' });
    expect(merged.statusCode, merged.body).toBe(200);
    const rows = await queryRows<{ account_number: string; role: string; subject_id: string }>(
      t.db,
      sql`SELECT a.account_number, p.role, p.subject_id FROM credit_account_parties p JOIN credit_accounts a ON a.id = p.account_id
          WHERE a.account_number IN ('MRG-0001', 'MRG-0002') ORDER BY 1`,
    );
    // MRG-0001: the guarantor is now the survivor; MRG-0002: its borrower is the survivor, no longer their own guarantor.
    expect(rows).toEqual([{ account_number: 'MRG-0001', role: 'guarantor', subject_id: twinId }]);
  });
});
