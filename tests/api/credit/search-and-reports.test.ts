import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreditReportSchema } from '@shared/schemas/credit';
import { queryRows } from '../../../src/server/db/query';
import { readScoringInputs } from '../../../src/server/modules/scoring/queries';
import { readScoringInputsForSubjects } from '../../../src/server/modules/scoring/portfolio-scores';
import { writeSetting } from '../../../src/server/modules/settings/service';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport, containsText, createBusiness, defaulterReport } from './credit-fixtures';

let t: TestApp;
let business: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

const search = (payload: object, cookie = business) =>
  t.app.inject({ method: 'POST', url: '/api/credit/search', payload, headers: { cookie } });
const report = (payload: object, cookie = business) =>
  t.app.inject({ method: 'POST', url: '/api/credit/reports', payload, headers: { cookie } });
const reportAccount = (payload: object, cookie = business) =>
  t.app.inject({ method: 'POST', url: '/api/credit/accounts', payload, headers: { cookie } });
const PURPOSE = 'credit_application';

async function demoConsumerId(): Promise<string> {
  const res = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' });
  return res.json().candidates[0].subjectId;
}

describe('Done when: report a defaulter, find them, pull the report', () => {
  const nin = 'SLD20251234';
  let subjectId: string;

  it('reports the defaulter, then the same person again under a spelling variant: one person', async () => {
    const first = await reportAccount(
      defaulterReport({
        subject: { nationalId: nin, firstName: 'Ibrahim', middleName: undefined, lastName: 'Sesay', dateOfBirth: '1983-09-17' },
        account: { accountNumber: 'DW-1' },
      }),
    );
    expect(first.statusCode).toBe(201);
    subjectId = first.json().subjectId;
    const variant = await reportAccount(
      accountReport({
        subject: { nationalId: nin, firstName: 'Ibrahima', middleName: undefined, lastName: 'Sessay', dateOfBirth: '1983-09-17' },
        account: { accountNumber: 'DW-2' },
      }),
    );
    expect(variant.json()).toMatchObject({ subjectId, match: 'exact' });
  });

  it('finds them by NIN', async () => {
    const res = await search({ purpose: PURPOSE, nationalId: nin.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().candidates).toEqual([
      {
        subjectId,
        fullName: 'Ibrahim Sesay',
        maskedNationalId: '*******1234',
        birthYear: 1983,
        district: 'Western Area Urban',
        matchScore: 100,
      },
    ]);
    expect(containsText(res.body, nin)).toBe(false);
  });

  it('finds them by name and date of birth, first, also under a spelling variant', async () => {
    const exact = await search({ purpose: PURPOSE, firstName: 'Ibrahim', lastName: 'Sesay', dateOfBirth: '1983-09-17' });
    expect(exact.json().candidates[0]).toMatchObject({ subjectId, matchScore: 100 });
    const variant = await search({ purpose: PURPOSE, firstName: 'Ebrahim', lastName: 'Sesay', dateOfBirth: '1983-09-17' });
    expect(variant.json().candidates[0]).toMatchObject({ subjectId, matchScore: expect.any(Number) });
  });

  it('shows one NIN of a person holding two, the same whichever way they are found', async () => {
    // A search by name takes the NIN from the identifiers it reads with the candidate; a search by
    // an identifier reads it on its own. Both show the first in order.
    await t.db.execute(
      sql`INSERT INTO credit_subject_identifiers (type, value, subject_id) VALUES ('nin', 'SLD20240007', ${subjectId}), ('passport', 'PTWONIN1', ${subjectId})`,
    );
    try {
      const byName = await search({ purpose: PURPOSE, firstName: 'Ibrahim', lastName: 'Sesay', dateOfBirth: '1983-09-17' });
      const byPassport = await search({ purpose: PURPOSE, passportNumber: 'PTWONIN1' });
      for (const res of [byName, byPassport])
        expect(res.json().candidates[0]).toMatchObject({ subjectId, maskedNationalId: '*******0007' });
    } finally {
      await t.db.execute(sql`DELETE FROM credit_subject_identifiers WHERE value IN ('SLD20240007', 'PTWONIN1')`);
    }
  });

  it('pulls a report that shows the default, masked', async () => {
    const res = await report({ subjectId, purpose: PURPOSE, consent: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subject).toMatchObject({
      subjectId,
      fullName: 'Ibrahim Sesay',
      nationalId: '*******1234',
      otherNames: ['Ibrahima Sessay'],
    });
    const defaulted = body.accounts.find((a: { accountNumber: string }) => a.accountNumber === 'DW-1');
    expect(defaulted).toMatchObject({
      status: 'default',
      defaultAmount: '8400.00',
      defaultDate: '2025-03-31',
      disputed: false,
      isOwnAccount: true,
      lender: 'Demo Microfinance Ltd',
      principal: '15000.00',
      currency: 'SLE',
    });
    expect(defaulted.paymentHistory[0]).toMatchObject({ code: 'D', status: 'default' });
    expect(body.summary).toMatchObject({ totalAccounts: 2, accountsInDefault: 1 });
    // The scoring module fills the score through the hook; either a score or the reason there is none.
    if (body.score === null) expect(body.scoreUnavailable).toMatchObject({ code: expect.any(String), text: expect.any(String) });
    else expect(body.score).toMatchObject({ value: expect.any(Number), band: expect.any(String), reasons: expect.any(Array) });
    expect(body.inquiries[0]).toMatchObject({ businessName: 'Demo Microfinance Ltd', purpose: PURPOSE, kind: 'report' });
    expect(containsText(res.body, nin)).toBe(false);
  });
});

describe('POST /api/credit/search', () => {
  it('finds the demo consumer by NIN and by phone, with the NIN masked', async () => {
    const byNin = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' });
    expect(byNin.json().candidates[0]).toMatchObject({
      fullName: 'Aminata Kamara',
      maskedNationalId: '****0001',
      birthYear: 1988,
      matchScore: 100,
    });
    expect(containsText(byNin.body, 'DEMO0001')).toBe(false);
    const byPhone = await search({ purpose: PURPOSE, phone: '076 000 001' });
    expect(byPhone.json().candidates.map((c: { subjectId: string }) => c.subjectId)).toContain(byNin.json().candidates[0].subjectId);
  });

  it('finds a person by passport and by driving licence', async () => {
    const created = await reportAccount(
      accountReport({
        subject: {
          nationalId: undefined,
          passportNumber: 'E9876543',
          driversLicense: 'DL-445566',
          firstName: 'Mariama',
          lastName: 'Jalloh',
        },
        account: { accountNumber: 'PP-9' },
      }),
    );
    const byPassport = await search({ purpose: PURPOSE, passportNumber: 'e9876543' });
    expect(byPassport.json().candidates[0].subjectId).toBe(created.json().subjectId);
    const byLicence = await search({ purpose: PURPOSE, driversLicense: 'DL445566' });
    expect(byLicence.json().candidates[0].subjectId).toBe(created.json().subjectId);
  });

  it('ranks the right person first among same-name people', async () => {
    const target = await reportAccount(
      accountReport({
        subject: { nationalId: 'RANK000001', firstName: 'Kadiatu', middleName: undefined, lastName: 'Bangura', dateOfBirth: '1991-05-06' },
        account: { accountNumber: 'RANK-1' },
      }),
    );
    await reportAccount(
      accountReport({
        subject: {
          nationalId: 'RANK000002',
          firstName: 'Kadiatu',
          middleName: undefined,
          lastName: 'Bangura',
          dateOfBirth: '1991-05-26',
          phone: '+23277120120',
        },
        account: { accountNumber: 'RANK-2' },
      }),
    );
    const res = await search({ purpose: PURPOSE, firstName: 'Kadijatu', lastName: 'Bangura', dateOfBirth: '1991-06-05' });
    const candidates = res.json().candidates;
    expect(candidates[0].subjectId).toBe(target.json().subjectId);
    expect(candidates[0].matchScore).toBeGreaterThan(candidates[1]?.matchScore ?? 0);
  });

  it('refuses a name without a date of birth (400)', async () => {
    const res = await search({ purpose: PURPOSE, firstName: 'Aminata', lastName: 'Kamara' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'dateOfBirth', message: 'Date of birth is required when searching by name' });
  });

  it('refuses a search without a purpose or without terms (400)', async () => {
    expect((await search({ nationalId: 'DEMO0001' })).json().errors).toContainEqual({
      field: 'purpose',
      message: 'Choose a permissible purpose',
    });
    expect((await search({ purpose: 'curiosity', nationalId: 'DEMO0001' })).statusCode).toBe(400);
    const empty = await search({ purpose: PURPOSE });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('nationalId');
  });

  it('records every search as an inquiry, a no-hit too, without the full ID in plain text', async () => {
    const [before] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'search'`);
    const res = await search({ purpose: 'debt_collection', nationalId: 'NOBODY9988' });
    expect(res.statusCode).toBe(200);
    expect(res.json().candidates).toEqual([]);
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE kind = 'search'`);
    expect(after.n).toBe(before.n + 1);
    const [row] = await queryRows<{
      search_terms: Record<string, string>;
      terms_hash: string;
      purpose: string;
      result_count: number;
      subject_id: string | null;
    }>(
      t.db,
      sql`SELECT search_terms, terms_hash, purpose, result_count, subject_id FROM credit_inquiries WHERE id = ${res.json().inquiryId}::uuid`,
    );
    expect(row).toMatchObject({
      search_terms: { nationalId: '******9988' },
      purpose: 'debt_collection',
      result_count: 0,
      subject_id: null,
    });
    expect(row.terms_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('NOBODY9988');
    // The same terms hash the same way, so a later look-up can tie the no-hit to the person.
    const again = await search({ purpose: 'debt_collection', nationalId: 'nobody9988' });
    const [second] = await queryRows<{ terms_hash: string }>(
      t.db,
      sql`SELECT terms_hash FROM credit_inquiries WHERE id = ${again.json().inquiryId}::uuid`,
    );
    expect(second.terms_hash).toBe(row.terms_hash);
  });

  it('audits every search and report in the statement that records it, with masked terms only', async () => {
    const found = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' });
    const [searchEvent] = await queryRows<{ action: string; target_id: string; details: Record<string, unknown>; business_id: string }>(
      t.db,
      sql`SELECT action, target_id, details, business_id FROM audit_events WHERE target_id = ${found.json().inquiryId}`,
    );
    expect(searchEvent).toMatchObject({
      action: 'credit.search',
      details: { purpose: PURPOSE, terms: { nationalId: '****0001' }, resultCount: 1 },
    });
    expect(JSON.stringify(searchEvent)).not.toContain('DEMO0001');
    const pulled = await report({ subjectId: await demoConsumerId(), purpose: PURPOSE, consent: true });
    const reportId = pulled.json().reportId;
    const [reportEvent] = await queryRows<{ action: string; subject_id: string; details: Record<string, unknown> }>(
      t.db,
      sql`SELECT action, subject_id, details FROM audit_events WHERE target_id = ${reportId}`,
    );
    expect(reportEvent).toMatchObject({
      action: 'credit.report_pulled',
      subject_id: await demoConsumerId(),
      details: { purpose: PURPOSE, score: pulled.json().score?.value ?? null },
    });
    // The report lists its own inquiry; the stored copy and the score belong to it.
    expect(pulled.json().inquiries[0]).toMatchObject({ businessName: 'Demo Microfinance Ltd', purpose: PURPOSE, kind: 'report' });
    const [copy] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_report_copies WHERE report_id = ${reportId}::uuid`,
    );
    const [score] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_scores WHERE inquiry_id = ${reportId}::uuid AND context = 'business_report'`,
    );
    expect([copy.n, score.n]).toEqual([1, 1]);
    // The events hash as the audit log expects: the log still verifies.
    const admin = await logInAs(t.app, 'system_admin');
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { cookie: admin } });
    expect(verified.json()).toMatchObject({ valid: true });
  });

  it('keys a search, a report and its score by time-ordered ids, so each lands beside the last in its indexes (decisions/058)', async () => {
    const before = Date.now();
    const found = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' });
    const pulled = await report({ subjectId: await demoConsumerId(), purpose: PURPOSE, consent: true });
    const after = Date.now();
    const ids = [found.json().inquiryId, pulled.json().reportId, pulled.json().score.scoreId] as string[];
    const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    for (const id of ids) {
      // A version 7 UUID (RFC 9562): 48 bits of the time in milliseconds, the version 7, the variant 10.
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(msOf(id)).toBeGreaterThanOrEqual(before);
      expect(msOf(id)).toBeLessThanOrEqual(after);
    }
    // The later request's ids sort after the earlier one's.
    expect(msOf(ids[0])).toBeLessThanOrEqual(msOf(ids[1]));
  });

  it('records the people a search showed, for their access log', async () => {
    const res = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' });
    const shown = await queryRows<{ subject_id: string }>(
      t.db,
      sql`SELECT subject_id FROM credit_inquiry_subjects WHERE inquiry_id = ${res.json().inquiryId}::uuid`,
    );
    expect(shown.map((s) => s.subject_id)).toEqual([res.json().candidates[0].subjectId]);
  });

  it('answers 401 to a visitor and 403 to other roles', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/credit/search', payload: { purpose: PURPOSE, nationalId: 'DEMO0001' } })).statusCode,
    ).toBe(401);
    for (const role of ['consumer', 'system_admin', 'regulator'] as const) {
      expect((await search({ purpose: PURPOSE, nationalId: 'DEMO0001' }, await logInAs(t.app, role))).statusCode).toBe(403);
    }
  });
});

describe('POST /api/credit/reports', () => {
  it('requires consent, a purpose and a person (400) and answers 404 for an unknown person', async () => {
    const subjectId = await demoConsumerId();
    const noConsent = await report({ subjectId, purpose: PURPOSE, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors).toContainEqual({ field: 'consent', message: "The person's consent is required" });
    expect((await report({ subjectId, consent: true })).json().errors).toContainEqual({
      field: 'purpose',
      message: 'Choose a permissible purpose',
    });
    expect((await report({ subjectId: 'x', purpose: PURPOSE, consent: true })).statusCode).toBe(400);
    expect((await report({ subjectId: '00000000-0000-4000-8000-000000000000', purpose: PURPOSE, consent: true })).statusCode).toBe(404);
  });

  it("shows the demo consumer's accounts: one in default, masked IDs and other lenders' account numbers", async () => {
    const res = await report({ subjectId: await demoConsumerId(), purpose: PURPOSE, consent: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(containsText(res.body, 'DEMO0001')).toBe(false);
    expect(body.subject).toMatchObject({
      fullName: 'Aminata Kamara',
      nationalId: '****0001',
      dateOfBirth: '1988-04-12',
      phones: ['********0001'],
    });
    const own = body.accounts.filter((a: { isOwnAccount: boolean }) => a.isOwnAccount);
    expect(own.map((a: { accountNumber: string }) => a.accountNumber).sort()).toEqual(['DMF-GL-0002', 'DMF-LN-0001']);
    expect(own.find((a: { status: string }) => a.status === 'default')).toMatchObject({
      defaultAmount: '2150.00',
      defaultDate: expect.any(String),
    });
    const other = body.accounts.find((a: { isOwnAccount: boolean }) => !a.isOwnAccount);
    expect(other).toMatchObject({ lender: 'Salone MoMo Credit', accountNumber: '*********0001', category: 'alternative' });
  });

  it("answers the very text of the stored copy, which is the schema's report and nothing more (decisions/053)", async () => {
    const res = await report({ subjectId: await demoConsumerId(), purpose: PURPOSE, consent: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    // No field the schema does not name, at any depth (parsing drops them; the answer is no longer passed through it on the way out).
    expect(ZCreditReportSchema.parse(body)).toStrictEqual(body);
    const [copy] = await queryRows<{ report: string }>(
      t.db,
      sql`SELECT report::text AS report FROM credit_report_copies WHERE report_id = ${body.reportId}::uuid`,
    );
    expect(copy.report).toBe(res.body);
  });

  it('leaves out a default older than the retention period (retention_years)', async () => {
    const old = new Date();
    old.setUTCFullYear(old.getUTCFullYear() - 8);
    const oldDate = old.toISOString().slice(0, 10);
    const created = await reportAccount(
      defaulterReport({
        subject: { nationalId: 'RET0000001', firstName: 'Santigie', lastName: 'Kanu' },
        account: { accountNumber: 'RET-1', openedAt: '2015-01-01', defaultDate: oldDate },
      }),
    );
    await reportAccount(
      accountReport({
        subject: { nationalId: 'RET0000001', firstName: 'Santigie', lastName: 'Kanu' },
        account: { accountNumber: 'RET-2' },
      }),
    );
    const subjectId = created.json().subjectId;
    const shown = (await report({ subjectId, purpose: PURPOSE, consent: true })).json();
    expect(shown.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual(['RET-2']);
    await writeSetting(t.db, 'retention_years', 10);
    const longer = (await report({ subjectId, purpose: PURPOSE, consent: true })).json();
    expect(longer.accounts.map((a: { accountNumber: string }) => a.accountNumber).sort()).toEqual(['RET-1', 'RET-2']);
    await writeSetting(t.db, 'retention_years', 7);
  });

  it('one retention rule for the report, its score and the portfolio: a repaid account keeps its history without the old default', async () => {
    const old = new Date();
    old.setUTCFullYear(old.getUTCFullYear() - 8);
    const oldDate = old.toISOString().slice(0, 10);
    const sunk = await reportAccount(
      defaulterReport({
        subject: { nationalId: 'RET0000002', firstName: 'Isatu', lastName: 'Conteh' },
        account: { accountNumber: 'RET-3', openedAt: '2015-01-01', defaultDate: oldDate },
      }),
    );
    const repaid = await reportAccount(
      accountReport({ subject: { nationalId: 'RET0000002', firstName: 'Isatu', lastName: 'Conteh' }, account: { accountNumber: 'RET-4' } }),
    );
    // A default long ago on an account repaid since (written directly: a report would not carry both).
    await t.db.execute(
      sql`UPDATE credit_accounts SET status = 'paid', default_amount = 50000, default_date = ${oldDate}::date WHERE id = ${repaid.json().accountId}::uuid`,
    );
    const subjectId = sunk.json().subjectId;
    const shown = (await report({ subjectId, purpose: PURPOSE, consent: true })).json();
    expect(shown.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual(['RET-4']);
    expect(shown.accounts[0]).toMatchObject({ status: 'paid', defaultAmount: null, defaultDate: null });
    const asOf = new Date();
    const one = await readScoringInputs(t.db, subjectId, asOf);
    const many = (await readScoringInputsForSubjects(t.db, [subjectId], asOf)).get(subjectId);
    expect(one.accounts.map((a) => [a.status, a.defaultAmount, a.defaultDate])).toEqual([['paid', null, null]]);
    expect(many).toEqual(one);
  });

  it('shows the disputed flag', async () => {
    const created = await reportAccount(accountReport({ subject: { nationalId: 'DSP0000001' }, account: { accountNumber: 'DSP-1' } }));
    await t.db.execute(sql`UPDATE credit_accounts SET is_disputed = true WHERE id = ${created.json().accountId}::uuid`);
    const body = (await report({ subjectId: created.json().subjectId, purpose: PURPOSE, consent: true })).json();
    expect(body.accounts[0].disputed).toBe(true);
    expect(body.summary.disputedAccounts).toBe(1);
  });

  it('refuses a frozen file (403) except to a lender reviewing its own account', async () => {
    const created = await reportAccount(accountReport({ subject: { nationalId: 'FRZ0000001' }, account: { accountNumber: 'FRZ-1' } }));
    const subjectId = created.json().subjectId;
    await t.db.execute(sql`UPDATE credit_subjects SET frozen_at = now() WHERE id = ${subjectId}::uuid`);
    expect((await report({ subjectId, purpose: PURPOSE, consent: true })).statusCode).toBe(403);
    expect((await report({ subjectId, purpose: 'account_review', consent: true })).statusCode).toBe(200);
    const other = await createBusiness(t);
    expect((await report({ subjectId, purpose: 'account_review', consent: true }, other.cookie)).statusCode).toBe(403);
  });

  it('answers 401 to a visitor and 403 to other roles', async () => {
    const subjectId = await demoConsumerId();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/credit/reports', payload: { subjectId, purpose: PURPOSE, consent: true } }))
        .statusCode,
    ).toBe(401);
    expect((await report({ subjectId, purpose: PURPOSE, consent: true }, await logInAs(t.app, 'consumer'))).statusCode).toBe(403);
  });
});

describe('who may search and pull reports: verification, subscription, quota', () => {
  it('answers 403 to an unverified or suspended business', async () => {
    const subjectId = await demoConsumerId();
    for (const verificationStatus of ['pending', 'suspended'] as const) {
      const other = await createBusiness(t, { verificationStatus });
      expect((await search({ purpose: PURPOSE, nationalId: 'DEMO0001' }, other.cookie)).statusCode).toBe(403);
      expect((await report({ subjectId, purpose: PURPOSE, consent: true }, other.cookie)).statusCode).toBe(403);
    }
  });

  it('answers 402 when a paid subscription is inactive or has run out', async () => {
    const subjectId = await demoConsumerId();
    const inactive = await createBusiness(t, { planCode: 'professional', subscriptionStatus: 'inactive' });
    const res = await search({ purpose: PURPOSE, nationalId: 'DEMO0001' }, inactive.cookie);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/not active/);
    expect((await report({ subjectId, purpose: PURPOSE, consent: true }, inactive.cookie)).statusCode).toBe(402);
    const expired = await createBusiness(t, {
      planCode: 'standard',
      subscriptionStatus: 'active',
      nextBillingDate: new Date(Date.now() - 86_400_000),
    });
    expect((await search({ purpose: PURPOSE, nationalId: 'DEMO0001' }, expired.cookie)).statusCode).toBe(402);
  });

  it('keeps the free Starter plan active, and enforces its 3 reports a month (402 with how to upgrade)', async () => {
    const subjectId = await demoConsumerId();
    const starter = await createBusiness(t, { planCode: 'starter', subscriptionStatus: 'inactive', nextBillingDate: null });
    for (let i = 0; i < 3; i++) expect((await report({ subjectId, purpose: PURPOSE, consent: true }, starter.cookie)).statusCode).toBe(200);
    const fourth = await report({ subjectId, purpose: PURPOSE, consent: true }, starter.cookie);
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json().message).toMatch(/used all 3 credit reports of your Starter plan this month.*Upgrade/);
    // Searches do not count against the report quota.
    expect((await search({ purpose: PURPOSE, nationalId: 'DEMO0001' }, starter.cookie)).statusCode).toBe(200);
    const usage = await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: starter.cookie } });
    expect(usage.json()).toMatchObject({
      planCode: 'starter',
      monthlyQuota: 3,
      used: 3,
      remaining: 0,
      searchesThisMonth: 1,
      subscriptionStatus: 'active',
      canInquire: true,
    });
  });

  it('counts reports of past months out of this month', async () => {
    const subjectId = await demoConsumerId();
    const starter = await createBusiness(t, { planCode: 'starter' });
    for (let i = 0; i < 3; i++) await report({ subjectId, purpose: PURPOSE, consent: true }, starter.cookie);
    // As if they were pulled last month: the inquiries and the month's counter alike.
    await t.db.execute(
      sql`UPDATE credit_inquiries SET created_at = created_at - interval '40 days' WHERE business_id = ${starter.id}::uuid`,
    );
    await t.db.execute(
      sql`UPDATE credit_report_usage SET month = (month - interval '1 month')::date WHERE business_id = ${starter.id}::uuid`,
    );
    expect((await report({ subjectId, purpose: PURPOSE, consent: true }, starter.cookie)).statusCode).toBe(200);
  });

  it('lets exactly the quota through when reports race for the last units', async () => {
    const subjectId = await demoConsumerId();
    const starter = await createBusiness(t, { planCode: 'starter' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report({ subjectId, purpose: PURPOSE, consent: true }, starter.cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE business_id = ${starter.id}::uuid AND kind = 'report'`,
    );
    expect(stored.n).toBe(3);
  });

  it("uses a contracted quota in place of the plan's, and counts it in the usage", async () => {
    const subjectId = await demoConsumerId();
    const lender = await createBusiness(t, { planCode: 'starter' });
    await t.db.execute(sql`UPDATE business_profiles SET monthly_quota_override = 5 WHERE user_id = ${lender.id}::uuid`);
    for (let i = 0; i < 5; i++) expect((await report({ subjectId, purpose: PURPOSE, consent: true }, lender.cookie)).statusCode).toBe(200);
    const sixth = await report({ subjectId, purpose: PURPOSE, consent: true }, lender.cookie);
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json().message).toMatch(/used all 5 credit reports/);
    const usage = await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: lender.cookie } });
    expect(usage.json()).toMatchObject({ monthlyQuota: 5, used: 5, remaining: 0 });
  });
});

describe('GET /api/businesses/me/usage and GET /api/credit/purposes', () => {
  it('shows the plan, subscription state and reports used and left this month', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: business } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      planCode: 'professional',
      planName: 'Professional',
      monthlyQuota: 20,
      subscriptionStatus: 'active',
      verificationStatus: 'verified',
    });
    expect(res.json().used + res.json().remaining).toBe(20);
  });

  it('answers 401 to a visitor and 403 to other roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/businesses/me/usage', headers: { cookie: await logInAs(t.app, 'consumer') } }))
        .statusCode,
    ).toBe(403);
  });

  it('lists the permissible purposes to any signed-in role, not to a visitor', async () => {
    for (const role of ['business', 'consumer', 'system_admin', 'regulator'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/credit/purposes', headers: { cookie: await logInAs(t.app, role) } });
      expect(res.statusCode).toBe(200);
      expect(res.json().purposes.map((p: { code: string }) => p.code)).toContain('credit_application');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/credit/purposes' })).statusCode).toBe(401);
  });
});
