import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { scanConsumerAlerts } from '../../../src/server/modules/notifications/consumer-alerts';
import { sendPendingNotificationEmails } from '../../../src/server/modules/notifications/email';
import { createMailer } from '../../../src/server/lib/mailer';
import { startFakeSmtp } from '../../helpers/fake-smtp';
import { createTestApp, logInAs, sessionCookieOf, type TestApp } from '../../helpers/test-app';
import { accountReport } from '../credit/credit-fixtures';
import { registryPeople, verifiedConsumer } from './consumer-fixtures';
import { translatorFor } from '../../../src/shared/i18n';
import { notificationText } from '../../../src/web/lib/notification-text';

let t: TestApp;
let consumer: string;
let business: string;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const put = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  consumer = await logInAs(t.app, 'consumer');
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

describe('own reports', () => {
  it('the report has accounts, 24-month history, inquiries and a score with plain reasons; it is never an inquiry', async () => {
    const [before] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_inquiries`);
    const own = (await get('/api/consumers/me/report', consumer)).json();
    const report = own.report;
    expect(report.accounts.length).toBe(3);
    expect(report.accounts.every((a: { paymentHistory: unknown[] }) => a.paymentHistory.length <= 24)).toBe(true);
    expect(report.score === null ? report.scoreUnavailable.text : report.score.reasons[0].text).toMatch(/[a-z]/);
    const requested = await post('/api/consumers/me/reports', consumer);
    expect(requested.statusCode).toBe(201);
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM credit_inquiries`);
    expect(Number(after.n)).toBe(Number(before.n));
    const list = (await get('/api/consumers/me/reports', consumer)).json().reports;
    expect(list[0]).toMatchObject({ id: requested.json().id, accountCount: 3 });
    expect((await get('/api/consumers/me/dashboard', consumer)).json()).toMatchObject({
      state: 'verified',
      reportsGenerated: list.length,
      accounts: { total: 3 },
    });
  });

  it('downloads a real, readable PDF (pdftotext finds the name, a lender and the score)', async () => {
    const response = await get('/api/consumers/me/report.pdf', consumer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="creditcheck-report-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'ccsl-pdf-'));
    const file = join(dir, 'report.pdf');
    writeFileSync(file, response.rawPayload);
    let text: string;
    try {
      text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } catch {
      return; // poppler-utils is not installed: the header check above stands
    }
    expect(text).toContain('Aminata Kamara');
    expect(text).toContain('Demo Microfinance Ltd');
    expect(text).toContain('DMF-LN-0001');
    expect(text).toMatch(/Your credit score/);
  });

  it("a kept report's PDF: the person's own only (404 for another's)", async () => {
    const [id] = (await get('/api/consumers/me/reports', consumer)).json().reports.map((r: { id: string }) => r.id);
    expect((await get(`/api/consumers/me/report.pdf?reportId=${id}`, consumer)).statusCode).toBe(200);
    const [person] = await registryPeople(t, 1);
    const other = await verifiedConsumer(t, person);
    expect((await get(`/api/consumers/me/report.pdf?reportId=${id}`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/consumers/me/reports', other.cookie)).json().reports.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await get('/api/consumers/me/report.pdf?reportId=nope', consumer)).statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('changes contact details, refusing a phone another consumer has', async () => {
    const settings = (await get('/api/consumers/me/settings', consumer)).json();
    expect(settings).toMatchObject({ firstName: 'Aminata', maskedNationalId: '****0001', phone: '+23276000001', isEmailAvailable: false });
    const ok = await put('/api/consumers/me/contact', consumer, { phone: '+232 76 000 001', email: 'aminata@example.sl' });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/consumers/me/settings', consumer)).json().email).toBe('aminata@example.sl');
    const [person] = await registryPeople(t, 1);
    const other = await verifiedConsumer(t, person);
    const clash = await put('/api/consumers/me/contact', other.cookie, { phone: '+23276000001', email: '' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe('phone');
    const bad = await put('/api/consumers/me/contact', consumer, { phone: 'x', email: 'not-mail' });
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['phone', 'email']);
  });

  it('saves notification preferences', async () => {
    const saved = await put('/api/consumers/me/notification-preferences', consumer, {
      emailNewAccounts: false,
      emailInquiries: true,
      emailDisputes: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/consumers/me/settings', consumer)).json().preferences).toEqual({
      emailNewAccounts: false,
      emailInquiries: true,
      emailDisputes: true,
    });
  });

  it("a password change ends the person's other sessions, not this one", async () => {
    const [person] = await registryPeople(t, 1);
    const account = await verifiedConsumer(t, person);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/login',
      payload: { username: account.phone, password: 'Str0ng-pass-1' },
    });
    const otherSession = sessionCookieOf(second);
    const wrong = await post('/api/consumers/me/password', account.cookie, {
      currentPassword: 'nope-nope',
      newPassword: 'An0ther-pass',
      confirmPassword: 'An0ther-pass',
    });
    expect(wrong.json().errors).toEqual([{ field: 'currentPassword', message: 'Your current password is not right' }]);
    const mismatch = await post('/api/consumers/me/password', account.cookie, {
      currentPassword: 'Str0ng-pass-1',
      newPassword: 'An0ther-pass',
      confirmPassword: 'other',
    });
    expect(mismatch.json().errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
    const changed = await post('/api/consumers/me/password', account.cookie, {
      currentPassword: 'Str0ng-pass-1',
      newPassword: 'An0ther-pass',
      confirmPassword: 'An0ther-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/consumers/me', account.cookie)).statusCode).toBe(200);
    expect((await get('/api/consumers/me', otherSession)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/consumers/login', payload: { username: account.phone, password: 'An0ther-pass' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('notifications', () => {
  it('tells a verified consumer of a new account, a default and an inquiry, once each', async () => {
    const [person] = await registryPeople(t, 1);
    const account = await verifiedConsumer(t, person);
    const reported = await post(
      '/api/credit/accounts',
      business,
      accountReport({
        subject: {
          nationalId: person.nationalId,
          firstName: person.firstName,
          middleName: undefined,
          lastName: person.lastName,
          dateOfBirth: person.dateOfBirth,
          phone: person.phones[0],
        },
        account: { accountNumber: 'NOTIFY-1', status: 'default', defaultAmount: '900', defaultDate: '2026-01-31', paymentHistory: 'D3210' },
      }),
    );
    expect([200, 201]).toContain(reported.statusCode);
    expect(reported.json().subjectId).toBe(person.subjectId);
    await post('/api/credit/reports', business, { subjectId: person.subjectId, purpose: 'credit_application', consent: true });
    const first = await scanConsumerAlerts(t.db);
    expect(first.notified).toBeGreaterThanOrEqual(3);
    expect((await scanConsumerAlerts(t.db)).notified).toBe(0);
    const bell = (await get('/api/notifications', account.cookie)).json();
    expect(bell.unread).toBe(3);
    expect(bell.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['new_account', 'new_default', 'new_inquiry']);
    // Each carries its sentence's names and codes (the portal says it in Krio from them), and the English as before.
    const byKind = Object.fromEntries(bell.notifications.map((n: { kind: string }) => [n.kind, n]));
    expect(byKind.new_account).toMatchObject({
      title: 'A new account was reported on your file',
      params: { variant: 'reported', lender: 'Demo Microfinance Ltd', accountNumber: 'NOTIFY-1', accountType: expect.any(String) },
    });
    expect(byKind.new_account.body).toMatch(/^Demo Microfinance Ltd reported .+ NOTIFY-1\. Check it is yours\.$/);
    expect(byKind.new_default.params).toEqual({
      variant: 'reported',
      lender: 'Demo Microfinance Ltd',
      accountNumber: 'NOTIFY-1',
      status: 'default',
    });
    expect(byKind.new_inquiry.params).toEqual({ variant: 'report', business: 'Demo Microfinance Ltd', purpose: 'credit_application' });
    // The portal's English from the params is the stored English, word for word.
    for (const n of bell.notifications) expect(notificationText(translatorFor('en'), n)).toEqual({ title: n.title, body: n.body });
    // The demo consumer is told nothing about this person.
    expect(
      (await get('/api/notifications', consumer)).json().notifications.some((n: { body: string }) => n.body.includes('NOTIFY-1')),
    ).toBe(false);
    // Someone else's ids are ignored; marking all read empties the count.
    const demoIds = (await get('/api/notifications', consumer)).json().notifications.map((n: { id: string }) => n.id);
    expect((await post('/api/notifications/read', account.cookie, { ids: demoIds })).json().updated).toBe(0);
    expect((await post('/api/notifications/read', account.cookie, {})).json().updated).toBe(3);
    expect((await get('/api/notifications', account.cookie)).json().unread).toBe(0);
  });

  it("emails pending notifications by the person's preferences when a mailer is configured, else skips them", async () => {
    const sent: { to: string; subject: string }[] = [];
    const mailer = { isConfigured: true, send: async (m: { to: string; subject: string }) => void sent.push(m) };
    await t.db.execute(sql`UPDATE notifications SET email_status = 'pending'`);
    const result = await sendPendingNotificationEmails(t.db, mailer);
    expect(result.sent).toBe(sent.length);
    // The demo consumer (email set above, new-account emails off) gets dispute and inquiry kinds only.
    for (const mail of sent) expect(mail.subject).toMatch(/^CreditCheck SL: /);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE email_status IN ('pending', 'sending')`,
    );
    expect(Number(left.n)).toBe(0);
    await t.db.execute(sql`UPDATE notifications SET email_status = 'pending'`);
    const off = await sendPendingNotificationEmails(t.db, { isConfigured: false, send: async () => undefined });
    expect(off.sent).toBe(0);
    expect(off.skipped).toBeGreaterThan(0);
  });

  it("sends through SMTP (SMTP_URL) with nodemailer, by the person's choices", async () => {
    const smtp = await startFakeSmtp();
    try {
      await t.db.execute(sql`UPDATE notifications SET email_status = 'skipped'`);
      const consumerId = (await get('/api/consumers/me', consumer)).json().id as string;
      await put('/api/consumers/me/contact', consumer, { phone: '+23276000001', email: 'aminata@example.sl' });
      await put('/api/consumers/me/notification-preferences', consumer, {
        emailNewAccounts: true,
        emailInquiries: false,
        emailDisputes: true,
      });
      await t.db.execute(
        sql`INSERT INTO notifications (user_id, kind, title, body, link, dedupe_key, email_status) VALUES
              (${consumerId}::uuid, 'dispute_update', 'Dispute DSP-TEST: the entry was corrected', 'Corrected.', '/consumer/disputes', 'smtp-test-1', 'pending'),
              (${consumerId}::uuid, 'new_inquiry', 'A business searched for you', 'Searched.', '/consumer/access-log', 'smtp-test-2', 'pending')`,
      );
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'CreditCheck SL <no-reply@creditcheck.sl>' });
      const result = await sendPendingNotificationEmails(t.db, mailer, { publicUrl: 'https://creditcheck.sl' });
      expect(result).toEqual({ sent: 1, skipped: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to.join()).toContain('aminata@example.sl');
      expect(smtp.received[0].data).toContain('Subject: CreditCheck SL: Dispute DSP-TEST: the entry was corrected');
      expect(smtp.received[0].data).toContain('https://creditcheck.sl/consumer/disputes');
    } finally {
      await smtp.close();
    }
  });
});
