import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_CODES, ACCOUNT_TYPES, PURPOSE_CODES } from '../../../src/shared/credit-reference';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness, defaulterReport } from './credit-fixtures';

let t: TestApp;
let business: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

const post = (payload: unknown, cookie = business) =>
  t.app.inject({ method: 'POST', url: '/api/credit/accounts', payload: payload as object, headers: { cookie } });

async function countSubjectsHolding(nin: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${nin}`,
  );
  return Number(row.n);
}

describe('POST /api/credit/accounts: who may report', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/credit/accounts', payload: accountReport() });
    expect(res.statusCode).toBe(401);
  });

  it.each(['consumer', 'system_admin', 'regulator'] as const)('answers 403 to a %s', async (role) => {
    const cookie = await logInAs(t.app, role);
    const res = await post(accountReport(), cookie);
    expect(res.statusCode).toBe(403);
  });

  it.each(['pending', 'suspended'] as const)('answers 403 to a %s business', async (verificationStatus) => {
    const other = await createBusiness(t, { verificationStatus });
    const res = await post(accountReport({ account: { accountNumber: `X-${verificationStatus}` } }), other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(verificationStatus === 'pending' ? /not verified/ : /suspended/);
  });
});

describe('POST /api/credit/accounts: audited', () => {
  it('writes credit.account_reported with the person, the account, created or updated, and the match', async () => {
    // A person of this test's own, so later tests' look-alikes are not matched against them.
    const subject = {
      nationalId: 'AUD0000001',
      firstName: 'Kumba',
      middleName: '',
      lastName: 'Sandi',
      dateOfBirth: '1979-02-14',
      phone: '+23278555111',
    };
    const first = await post(accountReport({ subject, account: { accountNumber: 'AUD-1' } }));
    expect(first.statusCode).toBe(201);
    const again = await post(accountReport({ subject, account: { accountNumber: 'AUD-1', balance: '100' } }));
    expect(again.statusCode).toBe(200);
    const { accountId, subjectId } = first.json();
    const events = await queryRows<{ action: string; actor_role: string; subject_id: string; details: unknown }>(
      t.db,
      sql`SELECT action, actor_role, subject_id, details FROM audit_events WHERE target_type = 'credit_account' AND target_id = ${accountId} ORDER BY id`,
    );
    const details = events.map((e) => (typeof e.details === 'string' ? JSON.parse(e.details) : e.details));
    expect(events.map((e) => [e.action, e.actor_role, e.subject_id])).toEqual([
      ['credit.account_reported', 'business', subjectId],
      ['credit.account_reported', 'business', subjectId],
    ]);
    expect(details).toEqual([
      { created: true, match: 'new', status: 'current' },
      { created: false, match: 'exact', status: 'current' },
    ]);
  });
});

describe('POST /api/credit/accounts: the FAQ rule and field messages', () => {
  it('requires at least one valid ID number', async () => {
    const res = await post(accountReport({ subject: { nationalId: undefined } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'subject.nationalId',
      message: "At least one valid ID number is required (National ID, Driver's License or Passport)",
    });
  });

  it('accepts a passport or a licence instead of a NIN', async () => {
    const res = await post(
      accountReport({
        subject: { nationalId: '', passportNumber: 'e 0123456', firstName: 'Hawa', lastName: 'Turay', phone: '+23279111222' },
        account: { accountNumber: 'PP-1' },
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('names each missing or bad field', async () => {
    const res = await post({
      subject: { nationalId: 'AB1', firstName: '', lastName: ' ', phone: '12', address: 'x', dateOfBirth: '1990-02-30' },
      account: {
        accountNumber: '',
        type: 'loan',
        currency: 'EUR',
        principal: '-5',
        balance: '1.234',
        openedAt: '2099-01-01',
        status: 'bad',
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries((res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(errors).toMatchObject({
      'subject.nationalId': 'National ID must be 6 to 20 letters and digits',
      'subject.firstName': 'First name is required',
      'subject.lastName': 'Last name is required',
      'subject.phone': 'Valid phone number is required',
      'subject.address': 'Address is required',
      'subject.dateOfBirth': 'Invalid date (use YYYY-MM-DD)',
      'account.accountNumber': expect.stringMatching(/^Account number is required/),
      'account.type': expect.stringMatching(/^Account type must be one of: personal_loan/),
      'account.currency': 'Currency must be SLE or USD',
      'account.principal': expect.stringMatching(/^Must be an amount/),
      'account.balance': expect.stringMatching(/^Must be an amount/),
      'account.openedAt': 'Date cannot be in the future',
      'account.status': expect.stringMatching(/^Status must be one of: current, late_30/),
    });
  });

  it('requires the default amount and date of a defaulter', async () => {
    const res = await post(accountReport({ account: { status: 'default' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'account.defaultAmount', message: 'Default amount is required for a defaulter' },
        { field: 'account.defaultDate', message: 'Default date is required for a defaulter' },
      ]),
    );
  });

  it('refuses a default dated before the account was opened', async () => {
    const res = await post(defaulterReport({ account: { defaultDate: '2023-01-01' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'account.defaultDate', message: 'Default date cannot be before the opening date' });
  });

  it('requires a phone number and an address', async () => {
    const res = await post(accountReport({ subject: { phone: undefined, address: undefined } }));
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['subject.phone', 'subject.address']));
  });

  // Issue 17, item 3: every error of a row at once, and none caused only by another field's error.
  it('names every field of a row at once: no ID and no phone', async () => {
    const res = await post(accountReport({ subject: { nationalId: undefined, phone: undefined } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'subject.phone', message: 'Phone number is required' },
        { field: 'subject.nationalId', message: "At least one valid ID number is required (National ID, Driver's License or Passport)" },
      ]),
    );
  });

  it('names every field of a defaulter at once: a negative balance, no default amount and no default date', async () => {
    const res = await post(accountReport({ account: { status: 'default', balance: '-10' } }));
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['account.balance', 'account.defaultAmount', 'account.defaultDate']);
  });

  it('a bad opening date is the only error: no misleading "default before opening" beside it', async () => {
    const res = await post(defaulterReport({ account: { openedAt: '2099-01-01', defaultDate: '2024-01-01' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'account.openedAt', message: 'Date cannot be in the future' }]);
  });

  it('refuses a district that is not one of the 16', async () => {
    const res = await post(accountReport({ subject: { address: { line: '3 Main Road, Makeni', district: 'Northern' } } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'subject.address.district',
      message: expect.stringMatching(/^District must be one of: Kailahun/),
    });
  });
});

describe('POST /api/credit/accounts: reporting and identity resolution', () => {
  it('reports a defaulter: 201, a new person', async () => {
    const res = await post(defaulterReport({ account: { accountNumber: 'DEF-100' } }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ match: 'new', created: true, accountId: expect.any(String), subjectId: expect.any(String) });
  });

  it('updates the account when the same business reports the same account number again (200)', async () => {
    const first = await post(
      accountReport({ subject: { nationalId: 'UPD123456', firstName: 'Abu', lastName: 'Koroma' }, account: { accountNumber: 'UPD-1' } }),
    );
    expect(first.statusCode).toBe(201);
    const again = await post(
      accountReport({
        subject: { nationalId: 'UPD123456', firstName: 'Abu', lastName: 'Koroma' },
        account: { accountNumber: 'UPD-1', balance: '100.00', status: 'late_30' },
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      accountId: first.json().accountId,
      subjectId: first.json().subjectId,
      match: 'exact',
      created: false,
    });
    const [row] = await queryRows<{ balance: string | number; status: string; n: number }>(
      t.db,
      sql`SELECT balance, status, (SELECT count(*)::int FROM credit_accounts WHERE account_number = 'UPD-1') AS n FROM credit_accounts WHERE id = ${first.json().accountId}::uuid`,
    );
    expect(Number(row.balance)).toBe(10000);
    expect(row.status).toBe('late_30');
    expect(row.n).toBe(1);
  });

  it('links a spelling variant with the same NIN to the same person (exact)', async () => {
    const nin = 'VAR778899';
    const a = await post(
      accountReport({ subject: { nationalId: nin, firstName: 'Mohamed', lastName: 'Kamara' }, account: { accountNumber: 'VAR-1' } }),
    );
    const b = await post(
      accountReport({ subject: { nationalId: nin, firstName: 'Mohammed', lastName: 'Kamarah' }, account: { accountNumber: 'VAR-2' } }),
    );
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().match).toBe('exact');
    expect(b.json().subjectId).toBe(a.json().subjectId);
    expect(await countSubjectsHolding(nin)).toBe(1);
  });

  it('does not merge when the NIN matches but the name disagrees strongly: a new person and a review item', async () => {
    const nin = 'CLASH12345';
    const a = await post(
      accountReport({
        subject: { nationalId: nin, firstName: 'Isatu', lastName: 'Bangura', dateOfBirth: '1979-01-05' },
        account: { accountNumber: 'CL-1' },
      }),
    );
    const b = await post(
      accountReport({
        subject: { nationalId: nin, firstName: 'Ibrahim', lastName: 'Fofanah', dateOfBirth: '1992-11-30', phone: '+23230555666' },
        account: { accountNumber: 'CL-2' },
      }),
    );
    expect(b.statusCode).toBe(201);
    expect(b.json().match).toBe('review');
    expect(b.json().subjectId).not.toBe(a.json().subjectId);
    const reviews = await queryRows<{ subject_id: string; candidate_subject_id: string; reason: string }>(
      t.db,
      sql`SELECT subject_id, candidate_subject_id, reason FROM credit_match_reviews WHERE candidate_subject_id = ${a.json().subjectId}::uuid`,
    );
    expect(reviews).toEqual([
      { subject_id: b.json().subjectId, candidate_subject_id: a.json().subjectId, reason: 'identifier_name_mismatch' },
    ]);
  });

  it('links a record without a known identifier to the person with the same name, birth date and phone (probable)', async () => {
    const a = await post(
      accountReport({
        subject: { nationalId: 'PRB445566', firstName: 'Fatmata', lastName: 'Conteh', dateOfBirth: '1990-03-08', phone: '+23277445566' },
        account: { accountNumber: 'PRB-1' },
      }),
    );
    // Another lender knows her by her passport only, with the day and month of birth swapped.
    const other = await createBusiness(t);
    const b = await post(
      accountReport({
        subject: {
          nationalId: undefined,
          passportNumber: 'P7788990',
          firstName: 'Fatimata',
          middleName: undefined,
          lastName: 'Conteh',
          dateOfBirth: '1990-08-03',
          phone: '+232 77 445 566',
        },
        account: { accountNumber: 'OTHER-1' },
      }),
      other.cookie,
    );
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ match: 'probable', subjectId: a.json().subjectId });
  });

  it('queues a same-name, same-birth-date record without phone or ID in common for review instead of merging it', async () => {
    const a = await post(
      accountReport({
        subject: {
          nationalId: 'NSK100200',
          firstName: 'Alhaji',
          middleName: undefined,
          lastName: 'Jalloh',
          dateOfBirth: '1970-01-01',
          phone: '+23276100200',
        },
        account: { accountNumber: 'NSK-1' },
      }),
    );
    const b = await post(
      accountReport({
        subject: {
          nationalId: undefined,
          driversLicense: 'DL99887766',
          firstName: 'Alhaji',
          middleName: undefined,
          lastName: 'Jalloh',
          dateOfBirth: '1970-01-01',
          phone: '+23288300400',
        },
        account: { accountNumber: 'NSK-2' },
      }),
    );
    expect(b.json().match).toBe('review');
    expect(b.json().subjectId).not.toBe(a.json().subjectId);
  });

  it('answers 409 when an account number this business reported for one person is sent for another', async () => {
    await post(
      accountReport({
        subject: { nationalId: 'OWN111222', firstName: 'Christiana', lastName: 'Kargbo' },
        account: { accountNumber: 'OWN-1' },
      }),
    );
    await post(
      accountReport({
        subject: { nationalId: 'OWN333444', firstName: 'Sorie', lastName: 'Mansaray' },
        account: { accountNumber: 'OWN-2' },
      }),
    );
    const res = await post(
      accountReport({
        subject: { nationalId: 'OWN333444', firstName: 'Sorie', lastName: 'Mansaray' },
        account: { accountNumber: 'OWN-1' },
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'account.accountNumber',
      message: 'This account number is already reported for another person',
    });
  });

  it('keeps the same account numbers of different businesses apart', async () => {
    const other = await createBusiness(t);
    const a = await post(accountReport({ subject: { nationalId: 'SEP555666' }, account: { accountNumber: 'SHARED-1' } }));
    const b = await post(accountReport({ subject: { nationalId: 'SEP555666' }, account: { accountNumber: 'SHARED-1' } }), other.cookie);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().accountId).not.toBe(a.json().accountId);
    expect(b.json().subjectId).toBe(a.json().subjectId);
  });

  it('adds a month to the payment history when a later report omits it', async () => {
    const res = await post(
      accountReport({
        subject: { nationalId: 'HIST00001' },
        account: { accountNumber: 'HIST-1', paymentHistory: undefined, status: 'late_30' },
      }),
    );
    const [row] = await queryRows<{ payment_history: string }>(
      t.db,
      sql`SELECT payment_history FROM credit_accounts WHERE id = ${res.json().accountId}::uuid`,
    );
    expect(row.payment_history).toBe('1');
  });
});

describe('reference data', () => {
  it('the migration created the same account types, statuses and purposes as the shared lists', async () => {
    const types = await queryRows<{ code: string; category: string }>(
      t.db,
      sql`SELECT code, category FROM credit_account_types ORDER BY sort_order`,
    );
    expect(types).toEqual(ACCOUNT_TYPES.map((a) => ({ code: a.code, category: a.category })));
    const statuses = await queryRows<{ code: string }>(t.db, sql`SELECT code FROM credit_account_statuses ORDER BY sort_order`);
    expect(statuses.map((r) => r.code)).toEqual([...ACCOUNT_STATUS_CODES]);
    const purposes = await queryRows<{ code: string }>(t.db, sql`SELECT code FROM permissible_purposes ORDER BY sort_order`);
    expect(purposes.map((r) => r.code)).toEqual([...PURPOSE_CODES]);
  });

  it('offers mobile money and utility accounts as alternative data', async () => {
    const rows = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT code FROM credit_account_types WHERE category = 'alternative' ORDER BY code`,
    );
    expect(rows.map((r) => r.code)).toEqual(['mobile_money_loan', 'telecom_postpaid', 'utility']);
  });
});

describe('OpenAPI', () => {
  it('documents every credit route with its body and each answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    expect(Object.keys(paths['/api/credit/accounts'].post.responses).sort()).toEqual([
      '200',
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '500',
      '503',
    ]);
    expect(paths['/api/credit/accounts'].post.requestBody).toBeDefined();
    expect(Object.keys(paths['/api/credit/submissions'].post.responses)).toEqual(expect.arrayContaining(['202', '400', '413']));
    expect(Object.keys(paths['/api/credit/submissions/{id}'].get.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(Object.keys(paths['/api/credit/search'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '403']));
    expect(Object.keys(paths['/api/credit/reports'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '403', '404']));
    expect(paths['/api/credit/purposes'].get).toBeDefined();
    expect(paths['/api/businesses/me/usage'].get).toBeDefined();
  });
});
