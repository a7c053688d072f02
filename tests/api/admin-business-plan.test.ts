import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';
import { API_KEY_SCOPES } from '../../src/shared/api-key-scopes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
});
afterAll(() => t.close());

const changePlan = (businessId: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/businesses/${businessId}/plan`, headers: cookie ? { cookie } : {}, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

async function planEvents(businessId: string) {
  return queryRows<{ actor_role: string; details: { to: { planCode: string }; note: string } | string }>(
    t.db,
    sql`SELECT actor_role, details FROM audit_events WHERE action = 'admin.business_plan_changed' AND business_id = ${businessId}::uuid ORDER BY occurred_at`,
  );
}

describe('PUT /api/admin/businesses/:id/plan', () => {
  it('moves a business to Enterprise with a contracted quota and period: API keys open, the quota applies, and it is audited', async () => {
    const business = await createBusiness(t, { planCode: 'professional' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/businesses/me/api-keys',
          headers: { cookie: business.cookie },
          payload: { name: 'Core banking', scopes: [...API_KEY_SCOPES] },
        })
      ).statusCode,
    ).toBe(403);

    const until = inAYear();
    const response = await changePlan(business.id, admin, {
      planCode: 'enterprise',
      monthlyQuota: 500,
      nextBillingDate: until,
      note: 'Enterprise agreement EA-2026-014',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      business: {
        id: business.id,
        planCode: 'enterprise',
        subscriptionStatus: 'active',
        monthlyQuota: 500,
        contractedQuota: 500,
        nextBillingDate: `${until}T00:00:00.000Z`,
      },
      // The date as people read it ("30 June 2027"), never the ISO text.
      message: `Plan changed to Enterprise: 500 reports a month (contracted), until ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${until}T00:00:00Z`))}.`,
    });
    expect((await get(`/api/admin/businesses/${business.id}`, admin)).json()).toMatchObject({ planCode: 'enterprise', monthlyQuota: 500 });
    expect((await get('/api/businesses/me/usage', business.cookie)).json()).toMatchObject({
      planCode: 'enterprise',
      monthlyQuota: 500,
      canInquire: true,
    });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/api-keys',
      headers: { cookie: business.cookie },
      payload: { name: 'Core banking', scopes: [...API_KEY_SCOPES] },
    });
    expect(key.statusCode, key.body).toBe(201);

    const events = await planEvents(business.id);
    expect(events).toHaveLength(1);
    const details = typeof events[0].details === 'string' ? JSON.parse(events[0].details) : events[0].details;
    expect(events[0].actor_role).toBe('system_admin');
    expect(details).toMatchObject({
      from: { planCode: 'professional', contractedQuota: null },
      to: { planCode: 'enterprise', contractedQuota: 500 },
      note: 'Enterprise agreement EA-2026-014',
    });
  });

  it('takes the plan quota and one month by default, no end date with null, and Starter as a lapsed subscription', async () => {
    const business = await createBusiness(t, { planCode: 'professional' });
    const standard = (await changePlan(business.id, admin, { planCode: 'standard', note: 'Paid by bank transfer, ref BT-88123' })).json();
    expect(standard.business).toMatchObject({
      planCode: 'standard',
      subscriptionStatus: 'active',
      monthlyQuota: 10,
      contractedQuota: null,
    });
    const days = (new Date(standard.business.nextBillingDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const open = (
      await changePlan(business.id, admin, { planCode: 'enterprise', nextBillingDate: null, note: 'Framework agreement, no end date' })
    ).json();
    expect(open.business).toMatchObject({ planCode: 'enterprise', nextBillingDate: null, monthlyQuota: 50 });
    expect(open.message).toBe('Plan changed to Enterprise: 50 reports a month, with no end date.');
    expect((await get('/api/businesses/me/usage', business.cookie)).json()).toMatchObject({ canInquire: true });

    const starter = (
      await changePlan(business.id, admin, { planCode: 'starter', nextBillingDate: inAYear(), note: 'Agreement ended' })
    ).json();
    expect(starter.business).toMatchObject({ planCode: 'starter', subscriptionStatus: 'inactive', nextBillingDate: null, monthlyQuota: 3 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/businesses/me/api-keys',
          headers: { cookie: business.cookie },
          payload: { name: 'Again', scopes: [...API_KEY_SCOPES] },
        })
      ).statusCode,
    ).toBe(403);
    expect(await planEvents(business.id)).toHaveLength(3);
  });

  it('is for administrators only: every other role is refused and nothing changes', async () => {
    const business = await createBusiness(t, { planCode: 'professional' });
    const body = { planCode: 'enterprise', note: 'Trying to upgrade myself' };
    expect((await changePlan(business.id, undefined, body)).statusCode).toBe(401);
    expect((await changePlan(business.id, business.cookie, body)).statusCode).toBe(403);
    for (const role of ['business', 'consumer', 'regulator'] as const) {
      expect((await changePlan(business.id, await logInAs(t.app, role), body)).statusCode).toBe(403);
    }
    expect((await get(`/api/admin/businesses/${business.id}`, admin)).json()).toMatchObject({ planCode: 'professional' });
    expect(await planEvents(business.id)).toHaveLength(0);
  });

  it('answers 400 naming the field for an unknown plan, a bad or past date, a bad quota or no reason; 404 for an unknown business', async () => {
    const business = await createBusiness(t, { planCode: 'professional' });
    const unknown = await changePlan(business.id, admin, { planCode: 'platinum', note: 'Upgrade' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'planCode', message: 'Unknown plan: choose one of starter, standard, professional, enterprise' },
    ]);
    expect((await changePlan(business.id, admin, { planCode: 'Enterprise!', note: 'Upgrade' })).json().errors).toEqual([
      { field: 'planCode', message: 'Choose a plan' },
    ]);
    expect((await changePlan(business.id, admin, { note: 'Upgrade' })).json().errors).toEqual([
      { field: 'planCode', message: 'Choose a plan' },
    ]);
    expect(
      (await changePlan(business.id, admin, { planCode: 'enterprise', nextBillingDate: '31/12/2027', note: 'Upgrade' })).json().errors,
    ).toEqual([{ field: 'nextBillingDate', message: 'Enter a date as YYYY-MM-DD' }]);
    expect(
      (await changePlan(business.id, admin, { planCode: 'enterprise', nextBillingDate: '2020-01-01', note: 'Upgrade' })).json().errors,
    ).toEqual([{ field: 'nextBillingDate', message: 'The next billing date must be after today' }]);
    expect((await changePlan(business.id, admin, { planCode: 'enterprise', monthlyQuota: -1, note: 'Upgrade' })).json().errors).toEqual([
      { field: 'monthlyQuota', message: 'Quota must be 0 to 1,000,000' },
    ]);
    expect((await changePlan(business.id, admin, { planCode: 'enterprise' })).json().errors).toEqual([
      { field: 'note', message: 'Please say why the plan changes, e.g. the agreement or payment reference (at least 3 characters)' },
    ]);
    expect((await changePlan('00000000-0000-4000-8000-000000000000', admin, { planCode: 'enterprise', note: 'Upgrade' })).statusCode).toBe(
      404,
    );
    expect((await get(`/api/admin/businesses/${business.id}`, admin)).json()).toMatchObject({ planCode: 'professional' });
    expect(await planEvents(business.id)).toHaveLength(0);
  });
});
