import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, invoices, payments } from '../../src/server/db/schema/index';
import { queryRows } from '../../src/server/db/query';
import { businessPortalPayload, businessScreenPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GOOD_CARD = { name: 'Isatu Bangura', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Registers a business through the registration screen and returns its id and the grant cookie. */
async function registerBusiness(n: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/register',
    payload: businessScreenPayload({ email: `pay${n}@example.sl`, phone: `+2327655${String(n).padStart(4, '0')}` }),
  });
  expect(res.statusCode).toBe(201);
  const grant = res.cookies.find((c) => c.name === 'ccsl_pending_payment')!;
  return { id: res.json().id as string, cookie: `ccsl_pending_payment=${grant.value}` };
}

const pay = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments', payload, headers: cookie ? { cookie } : {} });
const specPayload = (businessId: string, extra: object = {}) => ({
  businessId,
  amount: 100,
  currency: 'USD',
  paymentMethod: 'card',
  status: 'success',
  nextBillingDate: new Date().toISOString(),
  autoRenew: true,
  card: GOOD_CARD,
  ...extra,
});
const profileOf = async (id: string) => (await t.db.select().from(businessProfiles).where(eq(businessProfiles.userId, id)))[0];

describe('GET /api/plans', () => {
  it('lists the catalogue with the approximate SLL price at the exchange-rate setting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.exchangeRateSlePerUsd).toBe('22.75');
    const byCode = Object.fromEntries(body.plans.map((p: { code: string }) => [p.code, p]));
    expect(byCode.starter).toMatchObject({ priceUsdCents: 0, monthlyInquiryQuota: 3, isFree: true });
    expect(byCode.standard).toMatchObject({ priceUsdCents: 10000, priceSllApprox: 2_275_000, isPublic: false });
    expect(byCode.professional).toMatchObject({ priceUsdCents: 25000, monthlyInquiryQuota: 20 });
    expect(byCode.enterprise).toMatchObject({ priceUsdCents: null, priceSllApprox: null, monthlyInquiryQuota: 50, hasApiAccess: true });
  });
});

describe('POST /api/payments right after registration', () => {
  it('charges the catalogue price, activates the subscription for a month and records an invoice', async () => {
    const { id, cookie } = await registerBusiness(1);
    const res = await pay(specPayload(id, { amount: 1 }), cookie);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'succeeded',
      planCode: 'standard',
      amountUsdCents: 10000,
      cardBrand: 'Visa',
      cardLast4: '4242',
      autoRenew: true,
    });
    const next = new Date(body.nextBillingDate).getTime();
    expect(next - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(next - Date.now()).toBeLessThan(32 * 86_400_000);
    expect(await profileOf(id)).toMatchObject({ planCode: 'standard', subscriptionStatus: 'active', autoRenew: true });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.businessId, id));
    expect(invoice).toMatchObject({ amountUsdCents: 10000, amountSleCents: 227_500, planCode: 'standard' });
    expect(invoice.number).toMatch(/^INV-\d{6}-[0-9A-F]{8}$/);
  });

  it('keeps the auto-renew choice', async () => {
    const { id, cookie } = await registerBusiness(2);
    expect((await pay(specPayload(id, { autoRenew: false }), cookie)).statusCode).toBe(201);
    expect((await profileOf(id)).autoRenew).toBe(false);
  });

  it('activates nothing for a declined card, even when the request claims success', async () => {
    const { id, cookie } = await registerBusiness(3);
    const res = await pay(specPayload(id, { status: 'success', card: DECLINED_CARD }), cookie);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/declined/);
    expect(res.json().code).toBe('CARD_DECLINED');
    expect(await profileOf(id)).toMatchObject({ planCode: 'starter', subscriptionStatus: 'inactive', nextBillingDate: null });
    expect(await t.db.select().from(invoices).where(eq(invoices.businessId, id))).toHaveLength(0);
    const [attempt] = await t.db.select().from(payments).where(eq(payments.businessId, id));
    expect(attempt).toMatchObject({ status: 'declined', cardLast4: '0002' });
  });

  it('ignores a made-up amount: the plan price is charged', async () => {
    const { id, cookie } = await registerBusiness(4);
    const res = await pay(specPayload(id, { amount: 0.01, currency: 'SLE' }), cookie);
    expect(res.json().amountUsdCents).toBe(10000);
  });

  it('names the bad card fields with the dialog messages', async () => {
    const { id, cookie } = await registerBusiness(5);
    const res = await pay(specPayload(id, { card: { name: 'A', number: '4242', expiry: '12-30', cvc: '1' } }), cookie);
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(messages).toEqual({
      'card.name': 'Card name is required',
      'card.number': 'Valid card number is required',
      'card.expiry': 'Format must be MM/YY',
      'card.cvc': 'Valid CVC is required',
    });
  });

  it('refuses a number that fails the Luhn check and a card that has expired', async () => {
    const { id, cookie } = await registerBusiness(6);
    const luhn = await pay(specPayload(id, { card: { ...GOOD_CARD, number: '4242 4242 4242 4241' } }), cookie);
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors[0]).toEqual({ field: 'card.number', message: 'Valid card number is required' });
    const expired = await pay(specPayload(id, { card: { ...GOOD_CARD, expiry: '01/20' } }), cookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].field).toBe('card.expiry');
  });

  it('requires the business id', async () => {
    const res = await pay({ ...specPayload('x'), businessId: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'businessId', message: 'Business ID is required' });
  });

  it('never stores or echoes the full card number or the CVC', async () => {
    const { id, cookie } = await registerBusiness(7);
    const res = await pay(specPayload(id), cookie);
    expect(res.body).not.toContain('4242424242424242');
    const rows = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM payments`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
    expect(dump).not.toMatch(/"123"/);
  });
});

describe('who may pay', () => {
  it('refuses a visitor without the registration grant (401)', async () => {
    const { id } = await registerBusiness(8);
    expect((await pay(specPayload(id))).statusCode).toBe(401);
  });

  it("refuses a grant for another business (401) and another business's session (403)", async () => {
    const first = await registerBusiness(9);
    const second = await registerBusiness(10);
    expect((await pay(specPayload(second.id), first.cookie)).statusCode).toBe(401);
    const demo = await logInAs(t.app, 'business');
    expect((await pay(specPayload(second.id), demo)).statusCode).toBe(403);
  });

  it.each(['consumer', 'system_admin', 'regulator'] as const)('refuses a %s session (403)', async (role) => {
    const { id } = await registerBusiness(role.length + 20);
    const cookie = await logInAs(t.app, role);
    expect((await pay(specPayload(id), cookie)).statusCode).toBe(403);
  });

  it('lets a signed-in business renew its own plan, extending the period by a month', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/register',
      payload: businessPortalPayload({ username: 'renewer', email: 'renew@x.sl', phone: '+23278123123' }),
    });
    const id = reg.json().id;
    const cookie = await logInAs(t.app, 'business', 'renewer', 'Str0ng-pass');
    const first = await pay(specPayload(id, { planCode: 'professional' }), cookie);
    expect(first.statusCode).toBe(201);
    const second = await pay(specPayload(id, { planCode: 'professional' }), cookie);
    const gap = new Date(second.json().nextBillingDate).getTime() - new Date(first.json().nextBillingDate).getTime();
    expect(gap).toBeGreaterThan(27 * 86_400_000);
    expect((await profileOf(id)).planCode).toBe('professional');
  });

  it('prorates a change of plan within a period: back and forth three times costs one month, not three (decisions/036)', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/register',
      payload: businessPortalPayload({ username: 'switcher', email: 'switch@x.sl', phone: '+23278123124' }),
    });
    const id = reg.json().id;
    const cookie = await logInAs(t.app, 'business', 'switcher', 'Str0ng-pass');
    // From its own address: the route allows 20 payments a minute per address, and this file makes many.
    const pay = (payload: object, cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments', payload, headers: { cookie }, remoteAddress: '10.20.0.36' });
    const first = await pay(specPayload(id, { planCode: 'professional' }), cookie);
    expect(first.json().amountUsdCents).toBe(25_000);
    // Half-way through the month.
    const end = new Date(Date.now() + 15 * 86_400_000);
    await t.db.update(businessProfiles).set({ nextBillingDate: end }).where(eq(businessProfiles.userId, id));

    const down = await pay(specPayload(id, { planCode: 'standard' }), cookie);
    expect(down.statusCode, down.body).toBe(201);
    expect(down.json().amountUsdCents).toBe(0);
    const credit = (await profileOf(id)).planCreditUsdCents;
    expect(credit).toBeGreaterThan(6_500);
    expect(credit).toBeLessThan(8_000);
    const up = await pay(specPayload(id, { planCode: 'professional' }), cookie);
    expect(up.json().amountUsdCents).toBeLessThan(100);
    const downAgain = await pay(specPayload(id, { planCode: 'standard' }), cookie);
    expect(downAgain.json().amountUsdCents).toBe(0);
    // The period's end never moved, and the three switches charged next to nothing beyond the first month.
    const profile = await profileOf(id);
    expect(profile.nextBillingDate?.getTime()).toBe(end.getTime());
    expect(profile.planCode).toBe('standard');
    const charged = [first, down, up, downAgain].reduce((sum, r) => sum + (r.json().amountUsdCents as number), 0);
    expect(charged).toBeLessThan(25_100);
    // The renewal is a whole month of the plan, less the credit left.
    const renewal = await pay(specPayload(id, { planCode: 'standard' }), cookie);
    expect(renewal.json().amountUsdCents).toBe(10_000 - profile.planCreditUsdCents);
    expect((await profileOf(id)).planCreditUsdCents).toBe(0);
    expect(new Date(renewal.json().nextBillingDate).getTime()).toBeGreaterThan(end.getTime() + 27 * 86_400_000);
  });

  it('refuses to charge the free plan or the custom-priced Enterprise plan', async () => {
    const { id, cookie } = await registerBusiness(11);
    for (const planCode of ['starter', 'enterprise', 'nope']) {
      const res = await pay(specPayload(id, { planCode }), cookie);
      expect(res.statusCode, planCode).toBe(400);
      expect(res.json().errors[0].field).toBe('planCode');
    }
  });
});
