import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { submitMonthlyFile } from '../../../src/server/modules/submissions/accept-file';
import { CSV_COLUMNS } from '../../../src/shared/schemas/credit';
import { injectSubmission, waitForSubmission } from '../../helpers/submissions';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { createBusiness } from './credit-fixtures';

let t: TestApp;
let business: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

const FIRST = ['Mohamed', 'Fatmata', 'Abdul', 'Isatu', 'Ibrahim', 'Mariama', 'Alhaji', 'Kadiatu', 'John', 'Christiana'];
const LAST = ['Kamara', 'Sesay', 'Koroma', 'Bangura', 'Conteh', 'Turay', 'Kanu', 'Jalloh', 'Mansaray', 'Kargbo'];

/** A file row for person i of a batch: unique NIN, account number and phone; names and dates vary. */
function fileRow(batch: string, i: number) {
  return {
    subject: {
      nationalId: `${batch}${String(i).padStart(6, '0')}`,
      firstName: FIRST[i % FIRST.length],
      lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
      // A different birth date for every row: same-name people in a file are then not namesakes.
      dateOfBirth: new Date(Date.UTC(1960, 0, 1) + i * 3 * 86_400_000).toISOString().slice(0, 10),
      phone: `+23299${String(i).padStart(6, '0')}`,
      address: { line: `${i} Siaka Stevens Street, Freetown`, district: 'Western Area Urban' },
    },
    account: {
      accountNumber: `${batch}-ACC-${i}`,
      type: i % 3 === 0 ? 'mobile_money_loan' : 'microfinance_loan',
      currency: 'SLE',
      principal: String(1000 + (i % 50) * 100),
      balance: String(500 + (i % 30) * 10),
      openedAt: '2024-06-01',
      status: i % 17 === 0 ? 'default' : 'current',
      ...(i % 17 === 0 ? { defaultAmount: '750.00', defaultDate: '2025-01-15' } : {}),
      paymentHistory: i % 17 === 0 ? 'D3210' : '00000',
    },
  };
}

function toCsv(rows: ReturnType<typeof fileRow>[]): string {
  const cell = (v: unknown) => {
    const s = v === undefined || v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = rows.map((r) =>
    [
      r.subject.nationalId,
      '',
      '',
      r.subject.firstName,
      '',
      r.subject.lastName,
      r.subject.dateOfBirth,
      r.subject.phone,
      r.subject.address.line,
      r.subject.address.district,
      r.account.accountNumber,
      r.account.type,
      r.account.currency,
      r.account.principal,
      r.account.balance,
      r.account.openedAt,
      r.account.status,
      (r.account as { defaultAmount?: string }).defaultAmount,
      (r.account as { defaultDate?: string }).defaultDate,
      r.account.paymentHistory,
    ]
      .map(cell)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...lines].join('\n');
}

// Each waits until the file is applied (files are queued, decisions/033).
const submitJson = (rows: unknown[], cookie = business) => injectSubmission(t.app, { payload: { rows }, headers: { cookie } });
const submitCsv = (csv: string, cookie = business) =>
  injectSubmission(t.app, { payload: csv, headers: { cookie, 'content-type': 'text/csv' } });
const statusOf = async (id: string, cookie = business) =>
  t.app.inject({ method: 'GET', url: `/api/credit/submissions/${id}`, headers: { cookie } });

async function count(
  table: 'credit_accounts' | 'credit_subjects' | 'credit_subject_identifiers' | 'credit_subject_names',
  where = sql`true`,
) {
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`);
  return Number(row.n);
}

// Issue 17, item 4: a CSV sent as text/plain was parsed as text and refused with "rows must be a list".
describe('the content type of a monthly file', () => {
  const csv = 'national_id,first_name,last_name,phone,address,account_number,account_type,currency,principal,balance,opened_at,status\n';
  it.each(['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded'])(
    'answers 415 naming text/csv and application/json to %s, and writes nothing',
    async (type) => {
      const before = await t.app.inject({ method: 'GET', url: '/api/credit/submissions', headers: { cookie: business } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/credit/submissions',
        payload: csv,
        headers: { cookie: business, 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringMatching(/text\/csv or application\/json/),
      });
      expect(res.json().message).toContain(type);
      const after = await t.app.inject({ method: 'GET', url: '/api/credit/submissions', headers: { cookie: business } });
      expect(after.json()).toEqual(before.json());
    },
  );

  it('takes text/csv with a charset and application/json with a charset as the two formats', async () => {
    for (const type of ['text/csv; charset=utf-8', 'application/json; charset=utf-8']) {
      const payload = type.startsWith('text/csv') ? csv : JSON.stringify({ rows: [] });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/credit/submissions',
        payload,
        headers: { cookie: business, 'content-type': type },
      });
      expect(res.statusCode, res.body).not.toBe(415);
    }
  });

  it('still answers 401 first to a caller without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credit/submissions',
      payload: csv,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/credit/submissions: a 5,000-row file with bad rows', () => {
  const rows: any[] = Array.from({ length: 5000 }, (_, i) => fileRow('FIVEK', i + 1));
  // Rows are numbered from 1 in file order.
  rows[9] = { ...rows[9], subject: { ...rows[9].subject, nationalId: undefined } };
  rows[99] = { ...rows[99], account: { ...rows[99].account, status: 'default', defaultAmount: undefined, defaultDate: undefined } };
  rows[1999] = { ...rows[1999], subject: { ...rows[1999].subject, phone: 'not a phone' } };
  rows[3499] = { ...rows[3499], account: { ...rows[3499].account, accountNumber: rows[3498].account.accountNumber } };
  rows[4999] = 'not a row';
  let id: string;

  it('answers 202 with the id and ends with exactly the good rows applied', { timeout: 120_000 }, async () => {
    const res = await submitJson(rows);
    expect(res.statusCode).toBe(202);
    id = res.json().id;
    const status = await statusOf(id);
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body).toMatchObject({ id, status: 'completed', total: 5000, accepted: 4995, rejected: 5, created: 4995, updated: 0 });
    expect(body.matches).toEqual({ exact: 0, probable: 0, new: 4995, review: 0 });
    expect(body.rejects).toEqual([
      {
        row: 10,
        field: 'subject.nationalId',
        message: "At least one valid ID number is required (National ID, Driver's License or Passport)",
      },
      { row: 100, field: 'account.defaultAmount', message: 'Default amount is required for a defaulter' },
      { row: 100, field: 'account.defaultDate', message: 'Default date is required for a defaulter' },
      { row: 2000, field: 'subject.phone', message: 'Valid phone number is required' },
      { row: 3500, field: 'account.accountNumber', message: 'This account number already appears in row 3499 of this file' },
      { row: 5000, field: 'row', message: expect.any(String) },
    ]);
    expect(await count('credit_accounts', sql`account_number LIKE 'FIVEK-ACC-%'`)).toBe(4995);
    expect(
      await count('credit_accounts', sql`account_number IN ('FIVEK-ACC-10', 'FIVEK-ACC-100', 'FIVEK-ACC-2000', 'FIVEK-ACC-5000')`),
    ).toBe(0);
    // One audit event for the file, with who sent it and what came of it.
    const events = await queryRows<{ action: string; actor_user_id: string; actor_role: string; business_id: string; details: unknown }>(
      t.db,
      sql`SELECT action, actor_user_id, actor_role, business_id, details FROM audit_events WHERE target_type = 'credit_submission' AND target_id = ${id}`,
    );
    const [me] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE username = 'demo-business'`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'credit.submission_applied',
      actor_user_id: me.id,
      actor_role: 'business',
      business_id: me.id,
    });
    const details = typeof events[0].details === 'string' ? JSON.parse(events[0].details) : events[0].details;
    expect(details).toMatchObject({ format: 'json', total: 5000, accepted: 4995, rejected: 5, createdCount: 4995, matchNew: 4995 });
  });

  it(
    'updates the same accounts when the same file is sent again, without duplicating people or accounts',
    { timeout: 120_000 },
    async () => {
      const subjectsBefore = await count('credit_subjects');
      const res = await submitJson(rows);
      const body = (await statusOf(res.json().id)).json();
      expect(body).toMatchObject({ status: 'completed', accepted: 4995, rejected: 5, created: 0, updated: 4995 });
      expect(body.matches).toEqual({ exact: 4995, probable: 0, new: 0, review: 0 });
      expect(await count('credit_accounts', sql`account_number LIKE 'FIVEK-ACC-%'`)).toBe(4995);
      expect(await count('credit_subjects')).toBe(subjectsBefore);
    },
  );

  it('is not visible to another business (404)', async () => {
    const other = await createBusiness(t);
    const res = await statusOf(id, other.cookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/credit/submissions: CSV', () => {
  it('takes a text/csv body and names the bad column of each bad row', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => fileRow('CSVF', i + 1));
    rows[4].subject.dateOfBirth = '31/12/1980';
    rows[7].account.currency = 'EUR';
    const res = await submitCsv(toCsv(rows));
    expect(res.statusCode).toBe(202);
    const body = (await statusOf(res.json().id)).json();
    expect(body).toMatchObject({ status: 'completed', format: 'csv', total: 300, accepted: 298, rejected: 2 });
    expect(body.rejects).toEqual([
      { row: 5, field: 'date_of_birth', message: 'Invalid date (use YYYY-MM-DD)' },
      { row: 8, field: 'currency', message: 'Currency must be SLE or USD' },
    ]);
    const [account] = await queryRows<{ principal: string | number; status: string }>(
      t.db,
      sql`SELECT principal, status FROM credit_accounts WHERE account_number = 'CSVF-ACC-17'`,
    );
    expect(Number(account.principal)).toBe(270000);
    expect(account.status).toBe('default');
  });

  // Issue 17, item 4: one stray quote failed the whole file.
  it('reads a quote inside a cell that does not start with one as text: only that row is refused, by the name rule', async () => {
    const csv = [
      'national_id,first_name,last_name,phone,address,account_number,account_type,currency,principal,balance,opened_at,status',
      'NICK000001,Abu "Tiger",Kamara,+23276001777,5 Main Road Bo,NICK-1,personal_loan,SLE,1500,200,2024-01-01,current',
      'NICK000002,Fatmata,Sesay,+23276001778,6 Main Road Bo,NICK-2,personal_loan,SLE,1500,200,2024-01-01,current',
    ].join('\r\n');
    const res = await submitCsv(csv);
    expect(res.statusCode, res.body).toBe(202);
    const body = (await statusOf(res.json().id)).json();
    expect(body).toMatchObject({ status: 'completed', accepted: 1, rejected: 1 });
    expect(body.rejects).toEqual([{ row: 1, field: 'first_name', message: expect.any(String) }]);
  });

  it('refuses a file whose quoting is broken as a whole, naming the line and why nothing was applied', async () => {
    const csv = [
      'national_id,first_name,last_name,phone,address,account_number,account_type,currency,principal,balance,opened_at,status',
      'BRKN000001,Isatu,Kamara,+23276001779,5 Main Road Bo,BRKN-1,personal_loan,SLE,1500,200,2024-01-01,current',
      'BRKN000002,Isatu,Kamara,+23276001780,"6 Main Road Bo,BRKN-2,personal_loan,SLE,1500,200,2024-01-01,current',
      'BRKN000003,Isatu,Kamara,+23276001781,7 Main Road Bo,BRKN-3,personal_loan,SLE,1500,200,2024-01-01,current',
    ].join('\r\n');
    const res = await submitCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field: 'body',
      message:
        'The CSV file could not be read (line 3): a cell opens a quote that is never closed. Nothing in it was applied: fix that line and send the file again.',
    });
    expect(await count('credit_accounts', sql`account_number LIKE 'BRKN-%'`)).toBe(0);
  });

  it('accepts camelCase headers in any order and quoted cells', async () => {
    const csv = [
      'accountNumber,firstName,lastName,nationalId,phone,address,accountType,currency,principal,balance,openedAt,status',
      'Q-1,Aminata,Kamara-Sesay,QUOTED0001,+23276001001,"5 Main Road, Bo",personal_loan,SLE,"1,500.00",200,2024-01-01,current',
    ].join('\r\n');
    const res = await submitCsv(csv);
    const body = (await statusOf(res.json().id)).json();
    expect(body).toMatchObject({ status: 'completed', accepted: 1, rejected: 0 });
    const [row] = await queryRows<{ district: string }>(
      t.db,
      sql`SELECT s.district FROM credit_subjects s JOIN credit_accounts a ON a.subject_id = s.id WHERE a.account_number = 'Q-1'`,
    );
    expect(row.district).toBe('Bo');
  });

  it('refuses a file without a required column (400)', async () => {
    const res = await submitCsv('national_id,first_name\nABC123456,Musa');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'last_name', message: 'The CSV header lacks the column last_name' });
  });

  it('refuses a file that is not CSV (400)', async () => {
    const res = await submitCsv('national_id,first_name\n"unclosed,Musa');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/credit/submissions: limits and access', () => {
  it('answers 413 to more than 100,000 rows', async () => {
    const res = await submitJson(Array.from({ length: 100_001 }, () => ({})));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 100,000 rows/);
  });

  // 64 MB are sent and read before the 413: 13 s in a CI run, more on a loaded machine,
  // so this one test has its own time limit instead of the suite's 30 s.
  it('answers 413 to a body over the size limit', { timeout: 180_000 }, async () => {
    const res = await submitCsv(`national_id\n${'A'.repeat(65 * 1024 * 1024)}`);
    expect(res.statusCode).toBe(413);
  });

  it('keeps the normal body limit on other routes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credit/search',
      payload: { purpose: 'credit_application', nationalId: 'A'.repeat(2 * 1024 * 1024) },
      headers: { cookie: business },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 400 to a file without rows', async () => {
    const res = await submitJson([]);
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 to a visitor and 403 to other roles and to an unverified business', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/credit/submissions', payload: { rows: [fileRow('V', 1)] } })).statusCode).toBe(
      401,
    );
    expect((await submitJson([fileRow('V', 1)], await logInAs(t.app, 'regulator'))).statusCode).toBe(403);
    const pending = await createBusiness(t, { verificationStatus: 'pending' });
    expect((await submitJson([fileRow('V', 1)], pending.cookie)).statusCode).toBe(403);
    expect((await statusOf('00000000-0000-4000-8000-000000000000', await logInAs(t.app, 'consumer'))).statusCode).toBe(403);
  });

  it('answers 404 to an unknown submission id', async () => {
    expect((await statusOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/credit/submissions: all or nothing', () => {
  it('writes nothing of a file whose apply step fails midway, and marks it failed', { timeout: 120_000 }, async () => {
    // A database failure in the third round of writes: the first 1,000 rows' people and accounts
    // were already written inside the file's transaction. (The service is called with rounds of
    // 500 rows; the route uses 20,000.)
    await t.db.execute(sql`CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.account_number = 'BOOM-ACC-1200' THEN RAISE EXCEPTION 'simulated crash'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER fail_on_boom BEFORE INSERT ON credit_accounts FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`);
    const rows = Array.from({ length: 1500 }, (_, i) => fileRow('BOOM', i + 1));
    rows[2].subject.phone = 'bad';
    const [me] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE username = 'demo-business'`);
    const meta = { businessId: me.id, userId: me.id };
    const { id } = await submitMonthlyFile(t.db, meta, { format: 'json', body: { rows } }, { chunkSize: 500 });
    const body = await waitForSubmission(t.app, { cookie: business }, id);
    expect(body).toMatchObject({
      status: 'failed',
      total: 1500,
      accepted: 0,
      error: expect.stringMatching(/none of its rows were written/),
    });
    expect(body.rejects).toEqual([{ row: 3, field: 'subject.phone', message: 'Valid phone number is required' }]);
    expect(await count('credit_accounts', sql`account_number LIKE 'BOOM-ACC-%'`)).toBe(0);
    const failed = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_events WHERE target_type = 'credit_submission' AND target_id = ${id}`,
    );
    expect(failed.map((e) => e.action)).toEqual(['credit.submission_failed']);
    expect(await count('credit_subject_identifiers', sql`value LIKE 'BOOM%'`)).toBe(0);
    const [names] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_subject_phones WHERE phone LIKE '+23299%' AND subject_id NOT IN (SELECT subject_id FROM credit_accounts)`,
    );
    expect(Number(names.n)).toBe(0);

    await t.db.execute(sql`DROP TRIGGER fail_on_boom ON credit_accounts`);
    await t.db.execute(sql`DROP FUNCTION fail_on_boom()`);
    const again = (await statusOf((await submitJson(rows)).json().id)).json();
    expect(again).toMatchObject({ status: 'completed', accepted: 1499, rejected: 1 });
    expect(await count('credit_accounts', sql`account_number LIKE 'BOOM-ACC-%'`)).toBe(1499);
  });

  it('refuses a row that is not JSON as a row and applies the others; a file broken outside its rows is refused whole', async () => {
    const good = [fileRow('UNREADABLE', 1), fileRow('UNREADABLE', 2)].map((row) => JSON.stringify(row));
    const body = `{"rows":[${good[0]}, {"subject": tru}, ${good[1]}]}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credit/submissions',
      headers: { cookie: business, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(202);
    expect(await waitForSubmission(t.app, { cookie: business }, res.json().id)).toMatchObject({
      status: 'completed',
      total: 3,
      accepted: 2,
      rejected: 1,
      rejects: [{ row: 2, field: 'row', message: 'This row is not valid JSON' }],
    });
    expect(await count('credit_accounts', sql`account_number LIKE 'UNREADABLE-ACC-%'`)).toBe(2);
    for (const broken of [
      `{"rows":[${good[0]}`,
      `{"rows":[${good[0]},,${good[1]}]}`,
      `{"rows":[${good[0]}]} junk`,
      `{rows:[${good[0]}]}`,
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/credit/submissions',
        headers: { cookie: business, 'content-type': 'application/json' },
        payload: broken,
      });
      expect(refused.statusCode, broken.slice(-20)).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ field: 'body', message: 'The file is not valid JSON' });
    }
  });

  it('marks failed a file left processing by a server that stopped', async () => {
    const [me] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE username = 'demo-business'`);
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO credit_submissions (business_id, user_id, format, status, total, started_at)
          VALUES (${me.id}::uuid, ${me.id}::uuid, 'json', 'processing', 10, now() - interval '5 minutes') RETURNING id`,
    );
    const body = (await statusOf(row.id)).json();
    expect(body).toMatchObject({ status: 'failed', accepted: 0 });
  });
});
