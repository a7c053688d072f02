import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { runOncePerPeriod } from '../../../src/server/jobs/run-once-per-period';
import { markOverdueDisputes } from '../../../src/server/modules/disputes/overdue-job';
import { listOverdueDisputes } from '../../../src/server/modules/disputes/queries';
import { writeSetting } from '../../../src/server/modules/settings/service';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { createBusiness } from '../credit/credit-fixtures';
import { registryPeople, verifiedConsumer } from './consumer-fixtures';
import { translatorFor } from '../../../src/shared/i18n';
import { notificationText } from '../../../src/web/lib/notification-text';

let t: TestApp;
let consumer: string;
let business: string;
let otherBusiness: { id: string; cookie: string };
let accounts: Record<string, { accountId: string; disputed: boolean; balance: string; status: string; lender: string }>;
let demoSubjectId: string;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

async function ownAccounts() {
  const report = (await get('/api/consumers/me/report', consumer)).json().report;
  return Object.fromEntries(report.accounts.map((a: { accountNumber: string }) => [a.accountNumber, a])) as typeof accounts;
}

async function businessReport(cookie = business) {
  const response = await post('/api/credit/reports', cookie, { subjectId: demoSubjectId, purpose: 'account_review', consent: true });
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  consumer = await logInAs(t.app, 'consumer');
  business = await logInAs(t.app, 'business');
  otherBusiness = await createBusiness(t);
  accounts = await ownAccounts();
  demoSubjectId = (await get('/api/consumers/me/report', consumer)).json().report.subject.subjectId;
});
afterAll(() => t.close());

describe('disputes', () => {
  let disputeId: string;

  it('the demo consumer sees the accounts the demo business reported', () => {
    expect(accounts['DMF-LN-0001']).toMatchObject({ lender: 'Demo Microfinance Ltd', disputed: false, balance: '4500.00' });
    expect(accounts['DMF-GL-0002']).toMatchObject({ lender: 'Demo Microfinance Ltd', status: 'default' });
  });

  it('validates the statement (100 words), the reason and the account', async () => {
    const long = await post('/api/consumers/me/disputes', consumer, {
      accountId: accounts['DMF-LN-0001'].accountId,
      reason: 'wrong_balance',
      statement: Array(101).fill('word').join(' '),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'statement', message: 'Keep your statement to 100 words or fewer' }]);
    const ok100 = Array(100).fill('w').join(' ');
    const reason = await post('/api/consumers/me/disputes', consumer, {
      accountId: accounts['DMF-LN-0001'].accountId,
      reason: 'because',
      statement: ok100,
    });
    expect(reason.json().errors).toEqual([{ field: 'reason', message: 'Choose a reason' }]);
    const unknown = await post('/api/consumers/me/disputes', consumer, {
      accountId: '00000000-0000-4000-8000-000000000000',
      reason: 'other',
      statement: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('files a dispute: the account is flagged disputed at once in every report', async () => {
    const response = await post('/api/consumers/me/disputes', consumer, {
      accountId: accounts['DMF-LN-0001'].accountId,
      reason: 'wrong_balance',
      statement: 'I paid 2,000 in March; the balance should be 2,500.',
    });
    expect(response.statusCode).toBe(201);
    const dispute = response.json();
    disputeId = dispute.id;
    expect(dispute).toMatchObject({
      status: 'open',
      reason: 'wrong_balance',
      daysLeft: 30,
      isOverdue: false,
      reference: expect.stringMatching(/^DSP-\d{4}-[0-9A-F]{8}$/),
    });
    expect(dispute.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed']);
    expect((await ownAccounts())['DMF-LN-0001'].disputed).toBe(true);
    const lenderView = await businessReport();
    expect(lenderView.accounts.find((a: { accountId: string }) => a.accountId === dispute.account.accountId).disputed).toBe(true);
    expect(lenderView.summary.disputedAccounts).toBe(1);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'dispute.filed' AND target_id = ${disputeId}`,
    );
    expect(Number(audit.n)).toBe(1);
  });

  it('refuses a second open dispute on the same account (409)', async () => {
    const again = await post('/api/consumers/me/disputes', consumer, {
      accountId: accounts['DMF-LN-0001'].accountId,
      reason: 'other',
      statement: 'again',
    });
    expect(again.statusCode).toBe(409);
  });

  it('the reporting business sees it with its deadline, the statement and the timeline', async () => {
    const list = (await get('/api/businesses/me/disputes', business)).json();
    expect(list.summary).toMatchObject({ open: 1, overdue: 0 });
    const d = list.disputes.find((x: { id: string }) => x.id === disputeId);
    expect(d).toMatchObject({
      daysLeft: 30,
      statement: 'I paid 2,000 in March; the balance should be 2,500.',
      consumer: { fullName: 'Aminata Kamara', maskedNationalId: '****0001' },
    });
    expect(d.account.accountNumber).toBe('DMF-LN-0001');
    expect(new Date(d.dueAt).getTime() - new Date(d.filedAt).getTime()).toBe(30 * 24 * 3600_000);
    expect((await get(`/api/businesses/me/disputes/${disputeId}`, business)).statusCode).toBe(200);
    // The lender was told.
    const bell = (await get('/api/notifications', business)).json();
    expect(bell.notifications.some((n: { kind: string }) => n.kind === 'dispute_filed')).toBe(true);
    // A business's notifications are its English words only (the portal's catalogue is for consumers).
    expect(bell.notifications.find((n: { kind: string }) => n.kind === 'dispute_filed').params).toBeNull();
  });

  it('another business can neither see nor answer it (404)', async () => {
    expect((await get('/api/businesses/me/disputes', otherBusiness.cookie)).json().disputes).toEqual([]);
    expect((await get(`/api/businesses/me/disputes/${disputeId}`, otherBusiness.cookie)).statusCode).toBe(404);
    const answer = await post(`/api/businesses/me/disputes/${disputeId}/response`, otherBusiness.cookie, {
      outcome: 'verified',
      note: 'Looks right',
    });
    expect(answer.statusCode).toBe(404);
  });

  it("another consumer can neither see nor dispute the demo consumer's accounts (404)", async () => {
    const [person] = await registryPeople(t, 1);
    const other = await verifiedConsumer(t, person);
    expect((await get('/api/consumers/me/disputes', other.cookie)).json().disputes).toEqual([]);
    const steal = await post('/api/consumers/me/disputes', other.cookie, {
      accountId: accounts['DMF-GL-0002'].accountId,
      reason: 'not_mine',
      statement: 'x',
    });
    expect(steal.statusCode).toBe(404);
    expect((await get('/api/consumers/me/report', other.cookie)).json().report.subject.nationalId).not.toBe('DEMO0001');
  });

  it("checks a correction with the registry's rules", async () => {
    const bad = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, {
      outcome: 'corrected',
      note: 'Fixed',
      correction: { status: 'default' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['correction.defaultAmount', 'correction.defaultDate']);
    const empty = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, { outcome: 'corrected', note: 'Fixed' });
    expect(empty.json().errors).toEqual([{ field: 'correction', message: 'A correction needs at least one changed field' }]);
    const mixed = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, {
      outcome: 'verified',
      note: 'ok',
      correction: { balance: '1' },
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses a "corrected" answer that changes nothing, and a balance that is not a number, naming the field; the dispute stays open', async () => {
    const current = (await ownAccounts())['DMF-LN-0001'];
    const same = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, {
      outcome: 'corrected',
      note: 'Corrected',
      // The balance already on the account, written another way (no decimals), and the same status.
      correction: { balance: String(Number(current.balance)), status: current.status },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: 'correction', message: expect.stringMatching(/^This correction changes nothing/) }]);
    const letters = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, {
      outcome: 'corrected',
      note: 'Corrected',
      correction: { balance: 'abc' },
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors.map((e: { field: string }) => e.field)).toEqual(['correction.balance']);
    const mine = (await get('/api/consumers/me/disputes', consumer)).json().disputes.find((d: { id: string }) => d.id === disputeId);
    expect(mine.status).toBe('open');
  });

  it("the business's correction changes what the consumer sees and clears the flag", async () => {
    const response = await post(`/api/businesses/me/disputes/${disputeId}/response`, business, {
      outcome: 'corrected',
      note: 'We found the March payment. Balance corrected.',
      correction: { balance: '2500.00', paymentHistory: '000000000000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'resolved', outcome: 'corrected', daysLeft: null });
    const after = (await ownAccounts())['DMF-LN-0001'];
    expect(after).toMatchObject({ balance: '2500.00', disputed: false });
    const mine = (await get('/api/consumers/me/disputes', consumer)).json().disputes.find((d: { id: string }) => d.id === disputeId);
    expect(mine.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'corrected']);
    expect(mine.accountWhenFiled.balance).toBe('4500.00');
    expect(mine.account.balance).toBe('2500.00');
    expect(mine.responseNote).toBe('We found the March payment. Balance corrected.');
    const bell = (await get('/api/notifications', consumer)).json();
    expect(notificationText(translatorFor('en'), bell.notifications[0])).toEqual({
      title: bell.notifications[0].title,
      body: bell.notifications[0].body,
    });
    expect(bell.notifications[0]).toMatchObject({
      kind: 'dispute_update',
      title: expect.stringContaining('corrected'),
      params: { variant: 'corrected', reference: mine.reference, accountNumber: 'DMF-LN-0001', lender: expect.any(String) },
    });
    // Answered once.
    expect(
      (await post(`/api/businesses/me/disputes/${disputeId}/response`, business, { outcome: 'verified', note: 'again' })).statusCode,
    ).toBe(409);
  });

  it('past its deadline unanswered: left out of business reports, visible to the regulator, back once answered', async () => {
    const filed = await post('/api/consumers/me/disputes', consumer, {
      accountId: accounts['DMF-GL-0002'].accountId,
      reason: 'paid_or_closed',
      statement: 'I repaid the group loan in full.',
    });
    expect(filed.statusCode).toBe(201);
    const id = filed.json().id as string;
    await t.db.execute(
      sql`UPDATE disputes SET due_at = now() - interval '1 hour', filed_at = now() - interval '31 days' WHERE id = ${id}::uuid`,
    );

    const lenderView = await businessReport();
    expect(lenderView.accounts.map((a: { accountNumber: string }) => a.accountNumber)).not.toContain('DMF-GL-0002');
    expect(lenderView.summary.accountsInDefault).toBe(0);
    const otherView = await businessReport(otherBusiness.cookie);
    expect(otherView.accounts.some((a: { accountId: string }) => a.accountId === accounts['DMF-GL-0002'].accountId)).toBe(false);
    // The person still sees it, marked disputed and overdue.
    expect((await ownAccounts())['DMF-GL-0002'].disputed).toBe(true);
    const mine = (await get('/api/consumers/me/disputes', consumer)).json().disputes.find((d: { id: string }) => d.id === id);
    expect(mine).toMatchObject({ isOverdue: true, daysLeft: 0 });

    const overdue = await listOverdueDisputes(t.db);
    expect(overdue.map((d) => d.disputeId)).toContain(id);
    const demoBusinessId = (await get('/api/businesses/me', business)).json().id as string;
    expect((await listOverdueDisputes(t.db, { businessId: otherBusiness.id })).map((d) => d.disputeId)).not.toContain(id);
    expect((await listOverdueDisputes(t.db, { businessId: demoBusinessId }))[0]).toMatchObject({
      reference: filed.json().reference,
      businessName: 'Demo Microfinance Ltd',
      consumerName: 'Aminata Kamara',
    });

    const run = await runOncePerPeriod(t.db, 'disputes.overdue', 'test-day', (tx) => markOverdueDisputes(tx));
    expect(run).toMatchObject({ ran: true, result: { markedOverdue: 1 } });
    expect(await runOncePerPeriod(t.db, 'disputes.overdue', 'test-day', (tx) => markOverdueDisputes(tx))).toMatchObject({ ran: false });
    const timeline = (await get('/api/consumers/me/disputes', consumer)).json().disputes.find((d: { id: string }) => d.id === id).timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'deadline_passed']);
    expect((await get('/api/businesses/me/disputes', business)).json().summary.overdue).toBe(1);

    const verified = await post(`/api/businesses/me/disputes/${id}/response`, business, {
      outcome: 'verified',
      note: 'Our records show the loan in default.',
    });
    expect(verified.statusCode).toBe(200);
    const back = await businessReport();
    expect(back.accounts.find((a: { accountNumber: string }) => a.accountNumber === 'DMF-GL-0002')).toMatchObject({
      disputed: false,
      status: 'default',
    });
    expect(await listOverdueDisputes(t.db)).toEqual([]);
  });

  it('a complaint to the regulator about the dispute is a step of its timeline', async () => {
    const complaint = await post('/api/consumers/me/complaints', consumer, {
      disputeId,
      subject: 'The lender was slow',
      description: 'It took the lender weeks to answer my dispute.',
    });
    if (complaint.statusCode === 404) return; // the oversight area's route is not registered in this build
    expect(complaint.statusCode).toBe(201);
    const mine = (await get('/api/consumers/me/disputes', consumer)).json().disputes.find((d: { id: string }) => d.id === disputeId);
    expect(mine.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'corrected', 'complaint']);
    expect(mine.timeline[2].note).toBe(`Complaint ${complaint.json().reference}`);
  });

  it('a team member acts for the business: sees its disputes and its notifications', async () => {
    const username = `dispute-member-${process.pid}`;
    const added = await post('/api/businesses/me/team', business, {
      fullName: 'Dispute Officer',
      position: 'Collections',
      username,
      email: `${username}@demo.sl`,
      password: 'Member-pass-1',
      confirmPassword: 'Member-pass-1',
    });
    if (added.statusCode === 404) return; // the business workspace's team route is not in this build
    expect(added.statusCode).toBe(201);
    const member = await logInAs(t.app, 'business', username, 'Member-pass-1');
    const list = (await get('/api/businesses/me/disputes', member)).json();
    expect(list.disputes.map((d: { id: string }) => d.id)).toContain(disputeId);
    expect((await get(`/api/businesses/me/disputes/${disputeId}`, member)).statusCode).toBe(200);
    expect((await get('/api/notifications', member)).json().notifications.some((n: { kind: string }) => n.kind === 'dispute_filed')).toBe(
      true,
    );
  });

  it('takes its deadline from the dispute_deadline_days setting', async () => {
    await writeSetting(t.db, 'dispute_deadline_days', 14);
    try {
      const filed = await post('/api/consumers/me/disputes', consumer, {
        accountId: accounts['MM-0076000001'].accountId,
        reason: 'other',
        statement: 'Check it.',
      });
      expect(filed.statusCode).toBe(201);
      expect(filed.json().daysLeft).toBe(14);
      // Reported by Salone MoMo Credit: not the demo business's to see.
      expect((await get(`/api/businesses/me/disputes/${filed.json().id}`, business)).statusCode).toBe(404);
    } finally {
      await writeSetting(t.db, 'dispute_deadline_days', 30);
    }
  });

  it('lists by status for the business', async () => {
    expect((await get('/api/businesses/me/disputes?status=open', business)).json().disputes).toEqual([]);
    expect((await get('/api/businesses/me/disputes?status=resolved', business)).json().disputes).toHaveLength(2);
    expect((await get('/api/businesses/me/disputes?status=nope', business)).statusCode).toBe(400);
  });
});
