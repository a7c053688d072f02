import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@shared/demo';
import { formatPercent } from '@shared/format';
import { translatorFor } from '@shared/i18n';
import type { TSimulationChange } from '@shared/score-simulation';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { confirmIdentity, datePhonesBack, registerAndSignIn } from '../consumer/consumer-fixtures';
import { accountReport, createBusiness } from '../credit/credit-fixtures';

// POST /api/consumers/me/scores/simulation: the consumer's "what if", with the live scorecard.
// An estimate: nothing stored, no inquiry, no audit event; consumers only.

const URL = '/api/consumers/me/scores/simulation';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let lender: { id: string; cookie: string };
let demo: string;
/** A verified consumer whose file has an overdraft 60 days behind (no default). */
let late: string;

async function report(subject: Record<string, unknown>, account: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credit/accounts',
    headers: { cookie: lender.cookie },
    payload: accountReport({ subject, account }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().subjectId as string;
}

const simulate = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload: payload as object });

const demoSubject = {
  nationalId: DEMO_ACCOUNTS.consumer.nationalId,
  firstName: DEMO_ACCOUNTS.consumer.firstName,
  lastName: DEMO_ACCOUNTS.consumer.lastName,
  dateOfBirth: '1988-04-12',
  phone: DEMO_ACCOUNTS.consumer.phone,
  address: { line: '7 Pademba Road, Freetown', district: 'Western Area Urban' },
};

beforeAll(async () => {
  t = await createTestApp();
  lender = await createBusiness(t, { planCode: 'enterprise' });
  demo = await logInAs(t.app, 'consumer');
});
afterAll(() => t.close());

describe('who may ask', () => {
  it('refuses the signed-out, businesses, administrators, regulators and API keys', async () => {
    expect((await simulate(undefined, {})).statusCode).toBe(401);
    for (const role of ['business', 'system_admin', 'regulator'] as const) {
      const response = await simulate(await logInAs(t.app, role), { bringLateAccountsUpToDate: true });
      expect(response.statusCode, role).toBe(403);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/api-keys',
      headers: { cookie: lender.cookie },
      payload: { name: 'Every scope', scopes: ['reports:read', 'data:report', 'disputes:answer', 'webhooks:manage'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const byKey = await simulate(undefined, { bringLateAccountsUpToDate: true }, { authorization: `Bearer ${created.json().key}` });
    expect(byKey.statusCode, byKey.body).toBe(403);
    expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('answers 403 until the person confirmed their identity (a consumer with no file cannot confirm it)', async () => {
    const unconfirmed = await registerAndSignIn(t, { nationalId: 'SIMUNCONF1', dateOfBirth: '1991-01-01' });
    await report({ ...demoSubject, nationalId: 'SIMUNCONF1', dateOfBirth: '1991-01-01', phone: '+232 76 300 401' }, seasoned('SIM-U-1'));
    const refused = await simulate(unconfirmed.cookie, {});
    expect(refused.statusCode, refused.body).toBe(403);
    const noFile = await registerAndSignIn(t, { nationalId: 'SIMNOFILE1', dateOfBirth: '1991-01-01' });
    expect((await simulate(noFile.cookie, {})).statusCode).toBe(403);
  });
});

/** Two years on time on a loan opened three years ago. */
function seasoned(accountNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    accountNumber,
    type: 'personal_loan',
    principal: '20000.00',
    balance: '8000.00',
    openedAt: daysAgo(3 * 365),
    status: 'current',
    paymentHistory: '000000000000000000000000',
    ...overrides,
  };
}

describe('the estimate', () => {
  beforeAll(async () => {
    // A seasoned loan, a card drawn to 90% and an overdraft 60 days behind.
    const nationalId = 'SIMLATE001';
    const subject = { ...demoSubject, nationalId, firstName: 'Foday', dateOfBirth: '1984-02-02', phone: '+232 76 300 403' };
    const subjectId = await report(subject, seasoned('SIM-L-1'));
    await report(subject, {
      ...seasoned('SIM-L-2'),
      type: 'credit_card',
      principal: '5000.00',
      balance: '4500.00',
      openedAt: daysAgo(730),
    });
    await report(subject, {
      ...seasoned('SIM-L-3'),
      type: 'overdraft',
      principal: '3000.00',
      balance: '2900.00',
      status: 'late_60',
      amountPastDue: '400.00',
      paymentHistory: '210000000000000000000000',
    });
    await datePhonesBack(t, [subjectId]);
    const person = await registerAndSignIn(t, { nationalId, dateOfBirth: '1984-02-02' });
    await confirmIdentity(t, person.cookie);
    late = person.cookie;
  });

  const counts = async () =>
    (
      await queryRows<{ scores: number; inquiries: number; audit: number; access: number }>(
        t.db,
        sql`SELECT (SELECT count(*)::int FROM credit_scores) AS scores, (SELECT count(*)::int FROM credit_inquiries) AS inquiries,
              (SELECT count(*)::int FROM audit_events) AS audit, (SELECT count(*)::int FROM credit_report_copies) AS access`,
      )
    )[0];

  it('bringing late accounts up to date never lowers it, and here raises it; nothing is stored, audited or counted as an inquiry', async () => {
    const before = await counts();
    const response = await simulate(late, { bringLateAccountsUpToDate: true });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.isEstimate).toBe(true);
    expect(body.note).toMatch(/estimate/i);
    expect(body.estimated.value).toBeGreaterThan(body.current.value);
    expect(body.change).toBe(body.estimated.value - body.current.value);
    expect(['Good', 'Fair', 'Poor']).toContain(body.estimated.band);
    expect(body.applied).toEqual(['1 account behind on payments brought up to date.']);
    // The estimate's reasons no longer ask to bring accounts up to date.
    expect(body.reasons.map((r: { code: string }) => r.code)).not.toContain('LATE_ACCOUNTS');
    expect(await counts()).toEqual(before);
  });

  it('the current score is the one the person sees on their own report', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/consumers/me/report', headers: { cookie: late } });
    const response = await simulate(late, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().current).toEqual({ value: own.json().report.score.value, band: own.json().report.score.band });
    expect(response.json().change).toBe(0);
    expect(response.json().applied).toEqual([]);
  });

  it('paying down never lowers it, more paid never less; a new account never raises it', async () => {
    let last = -Infinity;
    for (const percent of [0, 25, 50, 100]) {
      const body = (await simulate(late, { payDownBalancePercent: percent })).json();
      expect(body.estimated.value, `${percent}%`).toBeGreaterThanOrEqual(body.current.value);
      expect(body.estimated.value).toBeGreaterThanOrEqual(last);
      last = body.estimated.value;
    }
    const opened = (await simulate(late, { openNewAccount: true })).json();
    expect(opened.estimated.value).toBeLessThanOrEqual(opened.current.value);
    const all = (await simulate(late, { bringLateAccountsUpToDate: true, payDownBalancePercent: 50, openNewAccount: true })).json();
    expect(all.applied).toHaveLength(3);
    expect(all.appliedChanges).toEqual([
      { code: 'brought_up_to_date', count: 1 },
      { code: 'paid_down', percent: 0.5 },
      { code: 'new_account' },
    ]);
  });

  it("each change's code says, with the catalogue, the English line beside it, and Krio in Krio", async () => {
    const english = translatorFor('en');
    const krio = translatorFor('kri');
    const say = (t: typeof english, change: TSimulationChange) =>
      t(`dashboard:simulator.applied.${change.code}`, {
        count: change.count,
        percent: change.percent === undefined ? undefined : formatPercent(change.percent),
      });
    for (const [cookie, scenario] of [
      [late, { bringLateAccountsUpToDate: true, payDownBalancePercent: 25, openNewAccount: true }],
      [demo, { bringLateAccountsUpToDate: true }],
    ] as const) {
      const body = (await simulate(cookie, scenario)).json();
      expect(body.appliedChanges.length).toBeGreaterThan(0);
      expect(body.appliedChanges.map((change: TSimulationChange) => say(english, change))).toEqual(body.applied);
      for (const change of body.appliedChanges) expect(say(krio, change)).not.toEqual(say(english, change));
    }
  });

  it("a default stays: the demo consumer's estimate stays in the rule's range, and says why", async () => {
    const body = (await simulate(demo, { bringLateAccountsUpToDate: true, payDownBalancePercent: 100 })).json();
    expect(body.current.value).toBeLessThanOrEqual(349);
    expect(body.estimated.value).toBeGreaterThanOrEqual(body.current.value);
    expect(body.estimated.value).toBeLessThanOrEqual(349);
    expect(body.applied).toContain('A default stays on the file for its retention period, whatever is paid.');
  });

  it('names the field of a bad choice', async () => {
    for (const [payload, field] of [
      [{ payDownBalancePercent: 150 }, 'payDownBalancePercent'],
      [{ payDownBalancePercent: -1 }, 'payDownBalancePercent'],
      [{ payDownBalancePercent: 'half' }, 'payDownBalancePercent'],
      [{ bringLateAccountsUpToDate: 'yes' }, 'bringLateAccountsUpToDate'],
      [{ openNewAccount: 1 }, 'openNewAccount'],
    ] as const) {
      const response = await simulate(demo, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors[0].field).toBe(field);
    }
    const unknown = await simulate(demo, { closeAllAccounts: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/closeAllAccounts/);
  });
});

describe('a thin file', () => {
  it('answers INSUFFICIENT_HISTORY: there is no score to estimate from', async () => {
    const nationalId = 'SIMTHIN001';
    const subjectId = await report(
      { ...demoSubject, nationalId, firstName: 'Mariama', dateOfBirth: '1995-06-01', phone: '+232 76 300 402' },
      { ...seasoned('SIM-T-1'), openedAt: daysAgo(60), paymentHistory: '00' },
    );
    await datePhonesBack(t, [subjectId]);
    const person = await registerAndSignIn(t, { nationalId, dateOfBirth: '1995-06-01' });
    await confirmIdentity(t, person.cookie);
    const response = await simulate(person.cookie, { bringLateAccountsUpToDate: true });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('INSUFFICIENT_HISTORY');
    expect(response.json().message).toBe('There is no score to estimate from: insufficient credit history.');
  });
});
