import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { businessProfiles } from '../../src/server/db/schema/index';
import { readScoringInputsForSubjects } from '../../src/server/modules/scoring/portfolio-scores';
import { readScoringInputs } from '../../src/server/modules/scoring/queries';
import { CSV_COLUMNS } from '../../src/shared/schemas/credit';
import { waitForSubmission } from '../helpers/submissions';
import { createTestApp, logInAs, sessionCookieOf, type TestApp } from '../helpers/test-app';
import { accountReport, createBusiness, defaulterReport } from './credit/credit-fixtures';
import { API_KEY_SCOPES } from '../../src/shared/api-key-scopes';

let t: TestApp;
let demo: string;
const PURPOSE = 'credit_application';

beforeAll(async () => {
  t = await createTestApp();
  demo = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string, cookie = demo) => call('GET', url, cookie);

/** The PDF's Author entry (pdfkit writes it as an indirect string object). */
function pdfAuthor(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const ref = text.match(/\/Author (\d+) 0 R/);
  const direct = text.match(/\/Author \(([^)]*)\)/);
  if (direct) return direct[1];
  if (!ref) return null;
  return text.match(new RegExp(`\\n${ref[1]} 0 obj\\s*\\(([^)]*)\\)`))?.[1] ?? null;
}

async function demoConsumerId(cookie = demo): Promise<string> {
  const res = await call('POST', '/api/credit/search', cookie, { purpose: PURPOSE, nationalId: 'DEMO0001' });
  return res.json().candidates[0].subjectId;
}

describe('GET /api/businesses/me/dashboard', () => {
  it('fills every figure from the registry, and they move when the business searches, reports and submits', async () => {
    const before = (await get('/api/businesses/me/dashboard')).json();
    expect(before.usage).toMatchObject({ planCode: 'professional', monthlyQuota: 20, canInquire: true });
    expect(before.activeClients).toBeGreaterThan(0);
    expect(before.reporting.accountsOnFile).toBeGreaterThan(0);
    expect(before.disputes).toMatchObject({ open: expect.any(Number), overdue: expect.any(Number) });

    const subjectId = await demoConsumerId();
    const pulled = await call('POST', '/api/credit/reports', demo, { subjectId, purpose: PURPOSE, consent: true });
    expect(pulled.statusCode).toBe(200);
    await call(
      'POST',
      '/api/credit/accounts',
      demo,
      defaulterReport({
        subject: { nationalId: 'DASH000001', firstName: 'Abu', lastName: 'Conteh' },
        account: { accountNumber: 'DASH-1' },
      }),
    );
    const file = await call('POST', '/api/credit/submissions', demo, {
      rows: [accountReport({ subject: { nationalId: 'DASH000002' }, account: { accountNumber: 'DASH-2' } })],
    });
    expect(file.statusCode).toBe(202);
    await waitForSubmission(t.app, { cookie: demo }, file.json().id);

    const after = (await get('/api/businesses/me/dashboard')).json();
    expect(after.usage.used).toBe(before.usage.used + 1);
    expect(after.usage.remaining).toBe(before.usage.remaining - 1);
    expect(after.usage.searchesThisMonth).toBe(before.usage.searchesThisMonth + 1);
    expect(after.reporting.accountsReportedThisMonth).toBe(before.reporting.accountsReportedThisMonth + 2);
    expect(after.reporting.defaultersReportedThisMonth).toBe(before.reporting.defaultersReportedThisMonth + 1);
    expect(after.reporting.filesThisMonth).toBe(before.reporting.filesThisMonth + 1);
    expect(after.activeClients).toBe(before.activeClients + 2);

    const [latest, previous] = after.recentInquiries;
    expect(latest).toMatchObject({
      kind: 'report',
      subjectName: 'Aminata Kamara',
      reportId: pulled.json().reportId,
      madeBy: 'Mohamed Sesay',
      isScoreRecorded: true,
    });
    expect(latest.band === null || ['Good', 'Fair', 'Poor'].includes(latest.band)).toBe(true);
    expect(latest.score).toBe(pulled.json().score?.value ?? null);
    expect(previous).toMatchObject({ kind: 'search', searchedFor: 'NIN ****0001', subjectName: null, resultCount: 1 });
  });

  it('counts open disputes and the nearest deadline of this business only', async () => {
    const [account] = await queryRows<{ id: string; business_id: string; subject_id: string }>(
      t.db,
      sql`SELECT a.id, a.business_id, a.subject_id FROM credit_accounts a JOIN users u ON u.id = a.business_id WHERE u.username = 'demo-business' AND a.account_number = 'DMF-LN-0001'`,
    );
    const [consumer] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM users WHERE role = 'consumer' LIMIT 1`);
    const due = new Date(Date.now() + 5 * 86_400_000);
    await t.db
      .execute(sql`INSERT INTO disputes (reference, consumer_user_id, account_id, business_id, reason, statement, account_snapshot, due_at)
      VALUES ('DSP-TEST-000001', ${consumer.id}::uuid, ${account.id}::uuid, ${account.business_id}::uuid, 'balance', 'I repaid this loan.', '{}'::jsonb, ${due.toISOString()}::timestamptz)`);
    const body = (await get('/api/businesses/me/dashboard')).json();
    expect(body.disputes).toMatchObject({ open: 1, overdue: 0, nearestReference: 'DSP-TEST-000001', nearestDueAt: due.toISOString() });
    const other = await createBusiness(t);
    expect((await get('/api/businesses/me/dashboard', other.cookie)).json().disputes).toMatchObject({ open: 0, nearestDueAt: null });
    await t.db.execute(sql`DELETE FROM disputes WHERE reference = 'DSP-TEST-000001'`);
  });
});

describe('stored reports: GET /api/credit/reports, /:id and /:id/pdf', () => {
  let reportId: string;
  let report: Record<string, unknown>;

  beforeAll(async () => {
    const res = await call('POST', '/api/credit/reports', demo, {
      subjectId: await demoConsumerId(),
      purpose: 'account_review',
      consent: true,
    });
    report = res.json();
    reportId = res.json().reportId;
  });

  it('gives the report back exactly as it was shown, without a new inquiry or quota', async () => {
    const usage = (await get('/api/businesses/me/usage')).json();
    const res = await get(`/api/credit/reports/${reportId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(report);
    expect((await get('/api/businesses/me/usage')).json().used).toBe(usage.used);
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_events WHERE target_id = ${reportId} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.action).toBe('credit.report_reopened');
  });

  it('lists the reports this business pulled, newest first', async () => {
    const res = await get('/api/credit/reports?limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().reports[0]).toMatchObject({
      reportId,
      subjectName: 'Aminata Kamara',
      purpose: 'account_review',
      pulledBy: 'Mohamed Sesay',
    });
    expect((await get('/api/credit/reports?limit=0')).statusCode).toBe(400);
    expect((await get('/api/credit/reports?limit=abc')).statusCode).toBe(400);
  });

  it('makes a PDF of it, with our name for a Professional business', async () => {
    const usage = (await get('/api/businesses/me/usage')).json();
    const res = await get(`/api/credit/reports/${reportId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`credit-report-${reportId}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfAuthor(res.rawPayload)).toBe('CreditCheck SL');
    expect(res.rawPayload.toString('latin1')).not.toContain('DEMO0001');
    expect((await get('/api/businesses/me/usage')).json().used).toBe(usage.used);
  });

  it("answers 404 for another business's report and for an unknown id, 400 for a malformed one", async () => {
    const other = await createBusiness(t);
    expect((await get(`/api/credit/reports/${reportId}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/credit/reports/${reportId}/pdf`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/credit/reports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/credit/reports/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/credit/reports', other.cookie)).json().reports).toEqual([]);
  });

  it('white-labels the PDF with the business name on Enterprise', async () => {
    const enterprise = await createBusiness(t, { planCode: 'enterprise' });
    const [profile] = await t.db
      .select({ name: businessProfiles.businessName })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, enterprise.id));
    const pulled = await call('POST', '/api/credit/reports', enterprise.cookie, {
      subjectId: await demoConsumerId(enterprise.cookie),
      purpose: PURPOSE,
      consent: true,
    });
    const pdf = await get(`/api/credit/reports/${pulled.json().reportId}/pdf`, enterprise.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdfAuthor(pdf.rawPayload)).toBe(profile.name);
    expect(pdf.rawPayload.toString('latin1')).not.toContain('(CreditCheck SL)');
  });
});

describe('monthly files: GET /api/credit/submissions and the CSV template', () => {
  it('serves a template whose header is the documented columns and whose example rows are accepted', async () => {
    const res = await get('/api/credit/submissions/template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    const sent = await call('POST', '/api/credit/submissions', demo, res.body, { 'content-type': 'text/csv' });
    expect(sent.statusCode).toBe(202);
    const status = await waitForSubmission(t.app, { cookie: demo }, sent.json().id);
    expect(status).toMatchObject({ status: 'completed', total: 3, accepted: 3, rejected: 0 });
    // The group loan example names a co-borrower and a guarantor (issue 17): both are on the account.
    const parties = await queryRows<{ role: string }>(
      t.db,
      sql`SELECT p.role FROM credit_account_parties p JOIN credit_accounts a ON a.id = p.account_id WHERE a.account_number = 'GL-2025-0107' ORDER BY p.role`,
    );
    expect(parties.map((p) => p.role)).toEqual(['co_borrower', 'guarantor']);
  });

  it("lists this business's files, newest first, with who sent them; another business sees none of them", async () => {
    const sent = await call('POST', '/api/credit/submissions', demo, {
      rows: [accountReport({ subject: { nationalId: 'LIST000001' }, account: { accountNumber: 'LIST-1' } }), { subject: {}, account: {} }],
    });
    await waitForSubmission(t.app, { cookie: demo }, sent.json().id);
    const list = (await get('/api/credit/submissions')).json().submissions;
    expect(list[0]).toMatchObject({
      id: sent.json().id,
      status: 'completed',
      format: 'json',
      total: 2,
      accepted: 1,
      rejected: 1,
      submittedBy: 'Mohamed Sesay',
    });
    const other = await createBusiness(t);
    expect((await get('/api/credit/submissions', other.cookie)).json().submissions).toEqual([]);
    expect((await get(`/api/credit/submissions/${sent.json().id}`, other.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/businesses/me/analytics and /analytics/scores', () => {
  it('gives a day for each of the last 30 days, the portfolio by status, delinquency and totals', async () => {
    const res = await get('/api/businesses/me/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.inquiriesPerDay).toHaveLength(30);
    expect(body.inquiriesPerDay.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const today = body.inquiriesPerDay.at(-1);
    expect(today.searches + today.reports).toBeGreaterThan(0);
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM credit_accounts a JOIN users u ON u.id = a.business_id WHERE u.username = 'demo-business'`,
    );
    expect(body.portfolioByStatus.reduce((sum: number, s: { accounts: number }) => sum + s.accounts, 0)).toBe(counted.n);
    expect(body.totals.accounts).toBe(counted.n);
    expect(body.delinquencyByMonth.length).toBeGreaterThan(0);
    for (const month of body.delinquencyByMonth) {
      expect(month.rate).toBeGreaterThanOrEqual(0);
      expect(month.rate).toBeLessThanOrEqual(1);
    }
    expect((await get('/api/businesses/me/analytics?days=7')).json().inquiriesPerDay).toHaveLength(7);
    const bad = await get('/api/businesses/me/analytics?days=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: 'days', message: 'days must be 7, 30 or 90' });
  });

  it("scores the business's clients with the active model, counting thin files as no score", async () => {
    const res = await get('/api/businesses/me/analytics/scores');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clients).toBe((await get('/api/businesses/me/dashboard')).json().activeClients);
    expect(body.considered).toBe(Math.min(body.clients, 1000));
    expect(body.scored + body.noScore).toBe(body.considered);
    expect(body.bins.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(body.scored);
    expect(body.bands.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(body.scored);
    expect(body.bands.map((b: { band: string }) => b.band)).toEqual(['Good', 'Fair', 'Poor']);
    // Counts only: no person's score leaves the route, and asking records no inquiry.
    expect(res.body).not.toMatch(/subjectId|fullName/);
  });

  it('reads the same scoring inputs in one statement as the scoring module reads one person at a time', async () => {
    const people = await queryRows<{ subject_id: string }>(
      t.db,
      sql`SELECT DISTINCT subject_id FROM credit_accounts ORDER BY subject_id LIMIT 40`,
    );
    const asOf = new Date();
    const batch = await readScoringInputsForSubjects(
      t.db,
      people.map((p) => p.subject_id),
      asOf,
    );
    for (const { subject_id } of people) expect(batch.get(subject_id)).toEqual(await readScoringInputs(t.db, subject_id, asOf));
  });
});

describe('settings: profile, password, subscription', () => {
  it('shows the profile and lets the owner change the contact details, with field messages', async () => {
    const owner = await createBusiness(t);
    const profile = (await get('/api/businesses/me/profile', owner.cookie)).json();
    expect(profile).toMatchObject({ businessId: owner.id, user: { id: owner.id, isOwner: true }, verificationStatus: 'verified' });
    const bad = await call('PUT', '/api/businesses/me/profile', owner.cookie, {
      contactName: '',
      contactPosition: 'CFO',
      phone: '12',
      email: 'x',
      address: 'Bo',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'contactName', message: 'Contact name is required' },
        { field: 'phone', message: 'Valid phone number is required' },
        { field: 'email', message: 'Valid email is required' },
        { field: 'address', message: 'Address is required' },
      ]),
    );
    const ok = await call('PUT', '/api/businesses/me/profile', owner.cookie, {
      contactName: 'Hawa Kargbo',
      contactPosition: 'Chief Credit Officer',
      phone: '076 123 987',
      email: 'Credit@Lender.sl',
      address: '9 Lightfoot Boston Street, Freetown',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ contactName: 'Hawa Kargbo', phone: '+23276123987', email: 'credit@lender.sl' });
  });

  it('changes the password only with the current one, and ends every other session of the user', async () => {
    const owner = await createBusiness(t);
    const [user] = await queryRows<{ username: string }>(t.db, sql`SELECT username FROM users WHERE id = ${owner.id}::uuid`);
    const second = await logInAs(t.app, 'business', user.username, 'Str0ng-pass-123');
    const wrong = await call('POST', '/api/businesses/me/password', owner.cookie, {
      currentPassword: 'nope-nope',
      newPassword: 'N3w-password!',
      confirmPassword: 'N3w-password!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'currentPassword', message: 'The current password is not right' }]);
    const mismatch = await call('POST', '/api/businesses/me/password', owner.cookie, {
      currentPassword: 'Str0ng-pass-123',
      newPassword: 'N3w-password!',
      confirmPassword: 'other-one',
    });
    expect(mismatch.json().errors).toContainEqual({ field: 'confirmPassword', message: 'Passwords do not match' });
    const short = await call('POST', '/api/businesses/me/password', owner.cookie, {
      currentPassword: 'Str0ng-pass-123',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().errors).toContainEqual({ field: 'newPassword', message: 'Password must be at least 8 characters' });

    const ok = await call('POST', '/api/businesses/me/password', owner.cookie, {
      currentPassword: 'Str0ng-pass-123',
      newPassword: 'N3w-password!',
      confirmPassword: 'N3w-password!',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/businesses/me', owner.cookie)).statusCode).toBe(200);
    expect((await get('/api/businesses/me', second)).statusCode).toBe(401);
    const oldLogin = await call('POST', '/api/businesses/login', undefined, { username: user.username, password: 'Str0ng-pass-123' });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call('POST', '/api/businesses/login', undefined, { username: user.username, password: 'N3w-password!' });
    expect(newLogin.statusCode).toBe(200);
    expect(sessionCookieOf(newLogin)).toMatch(/^ccsl_session=/);
  });

  it('shows the plan with its invoices and lets the owner turn auto-renewal off and on', async () => {
    // A business with no plan running pays the whole month (a change while a plan runs is prorated: decisions/036).
    const owner = await createBusiness(t, { planCode: 'starter', subscriptionStatus: 'inactive', nextBillingDate: null });
    const paid = await call('POST', '/api/payments', owner.cookie, {
      businessId: owner.id,
      planCode: 'standard',
      autoRenew: true,
      card: { name: 'Isatu Bangura', number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(paid.statusCode).toBe(201);
    const sub = (await get('/api/businesses/me/subscription', owner.cookie)).json();
    expect(sub).toMatchObject({
      plan: { code: 'standard', maxTeamMembers: 2, hasApiAccess: false },
      subscriptionStatus: 'active',
      autoRenew: true,
      canManage: true,
    });
    expect(sub.invoices[0]).toMatchObject({
      number: paid.json().invoiceNumber,
      planName: 'Standard',
      amountUsdCents: 10000,
      status: 'paid',
    });
    expect(sub.invoices[0].amountSle).toMatch(/^\d+\.\d{2}$/);
    const off = await call('PATCH', '/api/businesses/me/subscription', owner.cookie, { autoRenew: false });
    expect(off.json().autoRenew).toBe(false);
    expect((await call('PATCH', '/api/businesses/me/subscription', owner.cookie, { autoRenew: 'no' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/businesses/me/subscription', owner.cookie, { autoRenew: true })).json().autoRenew).toBe(true);
  });
});

describe('team members', () => {
  const member = (n: string, overrides: Record<string, unknown> = {}) => ({
    fullName: `Member ${n}`,
    position: 'Loan officer',
    username: `member-${process.pid}-${n}`,
    email: `member-${process.pid}-${n}@lender.sl`,
    password: 'Member-pass-1',
    confirmPassword: 'Member-pass-1',
    ...overrides,
  });

  it('lets the owner add a member who signs in for the business, and everything they do is the business’s', async () => {
    const owner = await createBusiness(t);
    const added = await call('POST', '/api/businesses/me/team', owner.cookie, member('a'));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ fullName: 'Member a', isOwner: false, position: 'Loan officer' });
    const cookie = await logInAs(t.app, 'business', member('a').username, 'Member-pass-1');

    const me = (await get('/api/businesses/me', cookie)).json();
    expect(me).toMatchObject({ id: owner.id, isOwner: false, username: member('a').username });
    expect((await get('/api/businesses/me', owner.cookie)).json()).toMatchObject({ id: owner.id, isOwner: true });

    // The member's inquiries count against the business's quota and are recorded for the business.
    const usageBefore = (await get('/api/businesses/me/usage', owner.cookie)).json();
    const subjectId = await demoConsumerId(cookie);
    const pulled = await call('POST', '/api/credit/reports', cookie, { subjectId, purpose: PURPOSE, consent: true });
    expect(pulled.statusCode).toBe(200);
    expect((await get('/api/businesses/me/usage', owner.cookie)).json().used).toBe(usageBefore.used + 1);
    const [inquiry] = await queryRows<{ business_id: string; user_id: string }>(
      t.db,
      sql`SELECT business_id, user_id FROM credit_inquiries WHERE id = ${pulled.json().reportId}::uuid`,
    );
    expect(inquiry).toEqual({ business_id: owner.id, user_id: added.json().userId });
    // The owner sees the member's report, and who pulled it.
    expect((await get(`/api/credit/reports/${pulled.json().reportId}`, owner.cookie)).statusCode).toBe(200);
    expect((await get('/api/credit/reports', owner.cookie)).json().reports[0]).toMatchObject({ pulledBy: 'Member a' });
    // An account the member reports is the business's account.
    const reported = await call(
      'POST',
      '/api/credit/accounts',
      cookie,
      accountReport({ subject: { nationalId: 'TEAM000001' }, account: { accountNumber: 'TEAM-1' } }),
    );
    const [account] = await queryRows<{ business_id: string }>(
      t.db,
      sql`SELECT business_id FROM credit_accounts WHERE id = ${reported.json().accountId}::uuid`,
    );
    expect(account.business_id).toBe(owner.id);

    // Members do the work but do not manage the business.
    expect((await call('POST', '/api/businesses/me/team', cookie, member('b'))).statusCode).toBe(403);
    expect((await call('PATCH', '/api/businesses/me/subscription', cookie, { autoRenew: false })).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/api/businesses/me/profile', cookie, {
          contactName: 'X Y',
          contactPosition: 'CEO',
          phone: '076123987',
          email: 'a@b.sl',
          address: '1 Main Road, Bo',
        })
      ).statusCode,
    ).toBe(403);
    expect((await get('/api/businesses/me/subscription', cookie)).json().canManage).toBe(false);
    expect((await get('/api/businesses/me/profile', cookie)).json().user).toMatchObject({ fullName: 'Member a', isOwner: false });
    // Paying is the owner's too: the payment route takes only the owner's own session.
    expect(
      (
        await call('POST', '/api/payments', cookie, {
          businessId: owner.id,
          planCode: 'standard',
          card: { name: 'A B', number: '4242424242424242', expiry: '12/39', cvc: '123' },
        })
      ).statusCode,
    ).toBe(403);

    // The owner removes the member: their session ends and they can no longer sign in.
    const team = (await get('/api/businesses/me/team', owner.cookie)).json();
    expect(team.members.map((m: { isOwner: boolean }) => m.isOwner)).toEqual([true, false]);
    expect((await call('DELETE', `/api/businesses/me/team/${added.json().userId}`, owner.cookie)).statusCode).toBe(200);
    expect((await get('/api/businesses/me', cookie)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/businesses/login', undefined, { username: member('a').username, password: 'Member-pass-1' })).statusCode,
    ).toBe(403);
    expect((await get('/api/businesses/me/team', owner.cookie)).json().members).toHaveLength(1);
    expect((await call('DELETE', `/api/businesses/me/team/${added.json().userId}`, owner.cookie)).statusCode).toBe(404);
  });

  it("keeps to the plan's limit (owner included), refuses duplicates and another business's member", async () => {
    const owner = await createBusiness(t, { planCode: 'standard' });
    expect((await get('/api/businesses/me/team', owner.cookie)).json()).toMatchObject({ maxMembers: 2, canManage: true });
    const first = await call('POST', '/api/businesses/me/team', owner.cookie, member('c'));
    expect(first.statusCode).toBe(201);
    const full = await call('POST', '/api/businesses/me/team', owner.cookie, member('d'));
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toContain('/subscribe');
    const other = await createBusiness(t);
    expect(
      (await call('POST', '/api/businesses/me/team', other.cookie, member('e', { username: member('c').username }))).json(),
    ).toMatchObject({ field: 'username' });
    expect((await call('POST', '/api/businesses/me/team', other.cookie, member('e', { email: member('c').email }))).statusCode).toBe(409);
    expect((await call('DELETE', `/api/businesses/me/team/${first.json().userId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/businesses/me/team/${other.id}`, other.cookie)).statusCode).toBe(404);
    const invalid = await call(
      'POST',
      '/api/businesses/me/team',
      other.cookie,
      member('f', { username: 'x', confirmPassword: 'different' }),
    );
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'confirmPassword', message: 'Passwords do not match' },
      ]),
    );
  });

  it('stops a suspended business’s members from signing in', async () => {
    const owner = await createBusiness(t);
    await call('POST', '/api/businesses/me/team', owner.cookie, member('g'));
    await t.db.update(businessProfiles).set({ verificationStatus: 'suspended' }).where(eq(businessProfiles.userId, owner.id));
    const login = await call('POST', '/api/businesses/login', undefined, { username: member('g').username, password: 'Member-pass-1' });
    expect(login.statusCode).toBe(403);
  });
});

describe('Enterprise API keys', () => {
  let enterprise: { id: string; cookie: string };
  let key: string;
  let keyId: string;
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });

  beforeAll(async () => {
    enterprise = await createBusiness(t, { planCode: 'enterprise' });
  });

  it('are refused to plans without API access', async () => {
    const res = await call('POST', '/api/businesses/me/api-keys', demo, { name: 'Core banking', scopes: [...API_KEY_SCOPES] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Enterprise');
    expect((await get('/api/businesses/me/api-keys')).json()).toMatchObject({ hasApiAccess: false, keys: [] });
  });

  it('are created with a name, shown once, stored hashed', async () => {
    expect(
      (await call('POST', '/api/businesses/me/api-keys', enterprise.cookie, { name: '  ', scopes: [...API_KEY_SCOPES] })).json().errors[0],
    ).toEqual({
      field: 'name',
      message: 'Give the key a name, such as the system that will use it',
    });
    const res = await call('POST', '/api/businesses/me/api-keys', enterprise.cookie, { name: 'Core banking', scopes: [...API_KEY_SCOPES] });
    expect(res.statusCode).toBe(201);
    key = res.json().key;
    keyId = res.json().id;
    expect(key).toMatch(/^ccsl_[A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ name: 'Core banking', prefix: key.slice(0, 11), lastUsedAt: null, revokedAt: null });
    const list = await get('/api/businesses/me/api-keys', enterprise.cookie);
    expect(list.json()).toMatchObject({
      hasApiAccess: true,
      canManage: true,
      keys: [{ id: keyId, name: 'Core banking', scopes: [...API_KEY_SCOPES] }],
    });
    expect(list.body).not.toContain(key);
    const [stored] = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM api_keys WHERE id = ${keyId}::uuid`);
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('work as Authorization: Bearer on the credit endpoints, with the same quota and records', async () => {
    const usage = (await get('/api/businesses/me/usage', enterprise.cookie)).json();
    const found = await call('POST', '/api/credit/search', undefined, { purpose: PURPOSE, nationalId: 'DEMO0001' }, bearer(key));
    expect(found.statusCode).toBe(200);
    const pulled = await call(
      'POST',
      '/api/credit/reports',
      undefined,
      { subjectId: found.json().candidates[0].subjectId, purpose: PURPOSE, consent: true },
      bearer(key),
    );
    expect(pulled.statusCode).toBe(200);
    expect(pulled.json().subject.nationalId).toBe('****0001');
    expect((await get('/api/businesses/me/usage', enterprise.cookie)).json().used).toBe(usage.used + 1);
    const [inquiry] = await queryRows<{ business_id: string }>(
      t.db,
      sql`SELECT business_id FROM credit_inquiries WHERE id = ${pulled.json().reportId}::uuid`,
    );
    expect(inquiry.business_id).toBe(enterprise.id);
    const pdf = await call('GET', `/api/credit/reports/${pulled.json().reportId}/pdf`, undefined, undefined, bearer(key));
    expect(pdf.statusCode).toBe(200);
    expect((await call('GET', '/api/credit/purposes', undefined, undefined, bearer(key))).statusCode).toBe(200);
    const keys = (await get('/api/businesses/me/api-keys', enterprise.cookie)).json().keys;
    expect(keys[0].lastUsedAt).not.toBeNull();
    // A key opens the routes of its scopes only: not the settings, and it cannot make more keys
    // (decisions/032; every route in api-key-scopes.test.ts).
    expect((await call('GET', '/api/businesses/me/api-keys', undefined, undefined, bearer(key))).json().code).toBe('API_KEY_NOT_ALLOWED');
    const another = await call('POST', '/api/businesses/me/api-keys', undefined, { name: 'x', scopes: [...API_KEY_SCOPES] }, bearer(key));
    expect(another.statusCode).toBe(403);
    expect(another.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('refuse an unknown key with 401, even next to a valid session cookie', async () => {
    const res = await call(
      'POST',
      '/api/credit/search',
      enterprise.cookie,
      { purpose: PURPOSE, nationalId: 'DEMO0001' },
      bearer('ccsl_not-a-real-key'),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or revoked API key');
    expect(
      (await call('POST', '/api/credit/search', undefined, { purpose: PURPOSE, nationalId: 'DEMO0001' }, bearer('x'.repeat(5000))))
        .statusCode,
    ).toBe(401);
  });

  it('stop at once when the business is suspended, and work again when it is restored', async () => {
    await t.db.update(businessProfiles).set({ verificationStatus: 'suspended' }).where(eq(businessProfiles.userId, enterprise.id));
    const res = await call('POST', '/api/credit/search', undefined, { purpose: PURPOSE, nationalId: 'DEMO0001' }, bearer(key));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('suspended');
    await t.db.update(businessProfiles).set({ verificationStatus: 'verified' }).where(eq(businessProfiles.userId, enterprise.id));
    expect(
      (await call('POST', '/api/credit/search', undefined, { purpose: PURPOSE, nationalId: 'DEMO0001' }, bearer(key))).statusCode,
    ).toBe(200);
  });

  it("are revoked by the owner only; a revoked key gets 401; another business's key is 404", async () => {
    expect((await call('DELETE', `/api/businesses/me/api-keys/${keyId}`, demo)).statusCode).toBe(404);
    const revoked = await call('DELETE', `/api/businesses/me/api-keys/${keyId}`, enterprise.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const res = await call('POST', '/api/credit/search', undefined, { purpose: PURPOSE, nationalId: 'DEMO0001' }, bearer(key));
    expect(res.statusCode).toBe(401);
    expect((await call('DELETE', `/api/businesses/me/api-keys/${keyId}`, enterprise.cookie)).statusCode).toBe(200);
    const actions = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_events WHERE target_id = ${keyId} ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(['business.api_key_created', 'business.api_key_revoked']);
  });
});

describe('the OpenAPI document', () => {
  it('lists every route with its request schemas, and how to authenticate', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    const missing: string[] = [];
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || (route.schema as { hide?: boolean } | undefined)?.hide)
        continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      if (route.schema?.body) expect(operation.requestBody, `${route.method} ${route.url} body`).toBeDefined();
      if (route.schema?.params)
        expect(
          operation.parameters?.some((p: { in: string }) => p.in === 'path'),
          `${route.method} ${route.url} params`,
        ).toBe(true);
      expect(Object.keys(operation.responses ?? {}).length, `${route.method} ${route.url} responses`).toBeGreaterThan(0);
      if (route.roles) expect(operation.security, `${route.method} ${route.url} security`).toBeDefined();
    }
    expect(missing).toEqual([]);
    // Each route a key may call names its scope (decisions/032); every route: api-key-scopes.test.ts.
    expect(doc.paths['/api/credit/reports'].post.security).toEqual([{ session: [] }, { apiKey: ['reports:read'] }]);
    expect(doc.paths['/api/businesses/me/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/businesses/me/dashboard'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'activeClients',
    );
  });
});

describe('GET /api/businesses/me/accounts (Manage Clients)', () => {
  it("lists this business's accounts, filtered by status and searched by account number or name", async () => {
    const all = (await get('/api/businesses/me/accounts')).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.pageSize).toBe(25);
    expect(all.accounts.length).toBeLessThanOrEqual(25);
    const byNumber = (await get('/api/businesses/me/accounts?q=DMF-GL')).json();
    expect(byNumber.accounts).toHaveLength(1);
    expect(byNumber.accounts[0]).toMatchObject({
      accountNumber: 'DMF-GL-0002',
      fullName: 'Aminata Kamara',
      maskedNationalId: '****0001',
      status: 'default',
      isNegative: true,
    });
    const byName = (await get('/api/businesses/me/accounts?q=aminata%20kam')).json();
    expect(byName.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual(
      expect.arrayContaining(['DMF-GL-0002', 'DMF-LN-0001']),
    );
    const defaults = (await get('/api/businesses/me/accounts?status=default')).json();
    expect(defaults.accounts.every((a: { status: string }) => a.status === 'default')).toBe(true);
    expect((await get('/api/businesses/me/accounts?q=%25')).json().total).toBe(0);
    expect((await get('/api/businesses/me/accounts?status=bogus')).statusCode).toBe(400);
    expect((await get('/api/businesses/me/accounts?page=0')).statusCode).toBe(400);
    const other = await createBusiness(t);
    expect((await get('/api/businesses/me/accounts?q=DMF', other.cookie)).json()).toMatchObject({ total: 0, accounts: [] });
  });
});

describe('metrics of the registry', () => {
  it('count searches, reports and monthly-file rows', async () => {
    const value = (text: string, pattern: RegExp) => Number(text.match(pattern)?.[1] ?? 0);
    const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const subjectId = await demoConsumerId();
    await call('POST', '/api/credit/reports', demo, { subjectId, purpose: 'debt_collection', consent: true });
    const file = await call('POST', '/api/credit/submissions', demo, {
      rows: [
        accountReport({ subject: { nationalId: 'METRIC0001' }, account: { accountNumber: 'METRIC-1' } }),
        { subject: {}, account: {} },
      ],
    });
    // The ingestion counters move when the queue has applied the file (decisions/033).
    await waitForSubmission(t.app, { cookie: demo }, file.json().id);
    const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const search = /credit_inquiries_total\{kind="search",purpose="credit_application"\} (\d+)/;
    const report = /credit_inquiries_total\{kind="report",purpose="debt_collection"\} (\d+)/;
    expect(value(after, search)).toBe(value(before, search) + 1);
    expect(value(after, report)).toBe(value(before, report) + 1);
    expect(value(after, /ingestion_rows_total\{outcome="accepted"\} (\d+)/)).toBe(
      value(before, /ingestion_rows_total\{outcome="accepted"\} (\d+)/) + 1,
    );
    expect(value(after, /ingestion_rows_total\{outcome="rejected"\} (\d+)/)).toBe(
      value(before, /ingestion_rows_total\{outcome="rejected"\} (\d+)/) + 1,
    );
  });
});
