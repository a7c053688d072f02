import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';

let t: TestApp;
let regulator: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  regulator = await logInAs(t.app, 'regulator');
  admin = await logInAs(t.app, 'system_admin');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

describe('GET /api/regulators/policy (the regulator’s Settings)', () => {
  it('shows the rules in force as the administrators set them', async () => {
    const response = await get('/api/regulators/policy', regulator);
    expect(response.statusCode, response.body).toBe(200);
    const policy = response.json();
    const settings = (await get('/api/admin/settings', admin)).json();
    const byKey = Object.fromEntries(policy.settings.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(byKey).toMatchObject({
      dispute_deadline_days: `${settings.disputeDeadlineDays} days`,
      retention_years: `${settings.retentionYears} years`,
      login_lockout_threshold: String(settings.loginLockoutThreshold),
      login_lockout_minutes: `${settings.loginLockoutMinutes} minutes`,
      exchange_rate_sle_per_usd: `${settings.exchangeRateSlePerUsd} SLE per USD`,
    });
    expect(policy.rateLimits).toMatchObject((await get('/api/admin/rate-limits', admin)).json().defaults);
    const adminPlans = (await get('/api/admin/plans', admin)).json().plans;
    expect(
      policy.plans.map((p: { code: string; monthlyInquiryQuota: number; subscribers: number }) => [
        p.code,
        p.monthlyInquiryQuota,
        p.subscribers,
      ]),
    ).toEqual(
      adminPlans.map((p: { code: string; monthlyInquiryQuota: number; subscriberCount: number }) => [
        p.code,
        p.monthlyInquiryQuota,
        p.subscriberCount,
      ]),
    );
  });

  it('lists each change an administrator makes to the rules, newest first, with who and the values before and after', async () => {
    expect((await put('/api/admin/settings', admin, { disputeDeadlineDays: 21, retentionYears: 6 })).statusCode).toBe(200);
    expect((await put('/api/admin/plans/professional', admin, { monthlyInquiryQuota: 25 })).statusCode).toBe(200);
    const business = await createBusiness(t);
    expect(
      (
        await put(`/api/admin/businesses/${business.id}/plan`, admin, {
          planCode: 'enterprise',
          monthlyQuota: 400,
          nextBillingDate: null,
          note: 'Agreement EA-7',
        })
      ).statusCode,
    ).toBe(200);

    const policy = (await get('/api/regulators/policy', regulator)).json();
    expect(policy.settings.find((s: { key: string }) => s.key === 'dispute_deadline_days')).toMatchObject({
      value: '21 days',
      updatedAt: expect.any(String),
    });
    expect(policy.plans.find((p: { code: string }) => p.code === 'professional').monthlyInquiryQuota).toBe(25);
    expect(policy.contractedQuotas).toContainEqual({
      businessId: business.id,
      businessName: expect.any(String),
      planCode: 'enterprise',
      monthlyQuota: 400,
    });

    const [businessPlan, plan, settings] = policy.changes;
    expect(businessPlan).toMatchObject({
      action: 'admin.business_plan_changed',
      subject: expect.stringMatching(/^Plan of Lender \d+ Ltd$/),
      actorName: 'Demo Administrator',
      actorRole: 'system_admin',
      note: 'Agreement EA-7',
    });
    expect(businessPlan.changes).toEqual(
      expect.arrayContaining([
        { field: 'Plan', from: 'professional', to: 'enterprise' },
        { field: 'Contracted reports a month', from: null, to: '400' },
      ]),
    );
    expect(plan).toMatchObject({
      action: 'admin.plan_changed',
      subject: 'Plan professional',
      changes: [{ field: 'Reports a month', from: '20', to: '25' }],
    });
    expect(settings).toMatchObject({ action: 'admin.settings_changed', subject: 'Settings' });
    expect(settings.changes).toEqual(
      expect.arrayContaining([
        { field: 'Dispute answer deadline', from: '30', to: '21' },
        { field: 'Retention of negative records', from: '7', to: '6' },
      ]),
    );
  });

  it('is the regulator’s: visitors get 401, other roles 403', async () => {
    expect((await get('/api/regulators/policy')).statusCode).toBe(401);
    for (const role of ['system_admin', 'business', 'consumer'] as const) {
      expect((await get('/api/regulators/policy', await logInAs(t.app, role))).statusCode).toBe(403);
    }
  });
});
