import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, businessProfiles, invoices, mobileMoneyPayments } from '../../src/server/db/schema/index';
import { startFakeAfrimoney, type FakeAfrimoney } from '../helpers/fake-afrimoney';
import type { CallbackDelivery } from '../helpers/fake-mobile-money-common';
import { startFakeOrangeMoney, type FakeOrangeMoney } from '../helpers/fake-orange-money';
import { businessScreenPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { loadConfig } from '../../src/server/env';

/**
 * Mobile money (decisions/046) against local fakes of Orange Money's Web Payment API and the
 * modelled Afrimoney collection API: pending until a verified callback says succeeded.
 */
const ORANGE = { clientId: 'ccsl-client', clientSecret: 'orange-secret-xyz', merchantKey: 'merchant-key-123' };
const AFRIMONEY = { apiKey: 'afm-api-key', merchantId: 'CCSL001', webhookSecret: 'afrimoney-webhook-secret-0123456789abcdef' };

let t: TestApp;
let orange: FakeOrangeMoney;
let afrimoney: FakeAfrimoney;

beforeAll(async () => {
  orange = await startFakeOrangeMoney(ORANGE);
  afrimoney = await startFakeAfrimoney(AFRIMONEY);
  const { mobileMoney } = loadConfig({
    NODE_ENV: 'test',
    MOBILE_MONEY: 'orange_money,afrimoney',
    PUBLIC_URL: 'https://creditcheck.example',
    ORANGE_MONEY_CLIENT_ID: ORANGE.clientId,
    ORANGE_MONEY_CLIENT_SECRET: ORANGE.clientSecret,
    ORANGE_MONEY_MERCHANT_KEY: ORANGE.merchantKey,
    ORANGE_MONEY_BASE_URL: orange.url,
    AFRIMONEY_BASE_URL: afrimoney.url,
    AFRIMONEY_API_KEY: AFRIMONEY.apiKey,
    AFRIMONEY_MERCHANT_ID: AFRIMONEY.merchantId,
    AFRIMONEY_WEBHOOK_SECRET: AFRIMONEY.webhookSecret,
  });
  t = await createTestApp({ config: { mobileMoney, publicUrl: 'https://creditcheck.example' } });
});
afterAll(async () => {
  await t.close();
  await orange.close();
  await afrimoney.close();
});

/** The fakes' callbacks go to the app through inject, to the path of the URL the app gave them. */
const viaApp: CallbackDelivery = async (url, request) => {
  const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: request.headers, payload: request.body });
  return { statusCode: res.statusCode, body: res.body };
};

let registered = 0;
async function registerBusiness() {
  registered += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/register',
    payload: businessScreenPayload({ email: `momo${registered}@example.sl`, phone: `+2327766${String(registered).padStart(4, '0')}` }),
  });
  expect(res.statusCode).toBe(201);
  const grant = res.cookies.find((c) => c.name === 'ccsl_pending_payment')!;
  return { id: res.json().id as string, cookie: `ccsl_pending_payment=${grant.value}` };
}

const startPayment = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/mobile-money', payload, headers: cookie ? { cookie } : {} });
const readPayment = (id: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/payments/mobile-money/${id}`, headers: cookie ? { cookie } : {} });
const profileOf = async (id: string) => (await t.db.select().from(businessProfiles).where(eq(businessProfiles.userId, id)))[0];
const rowOf = async (id: string) => (await t.db.select().from(mobileMoneyPayments).where(eq(mobileMoneyPayments.id, id)))[0];
const auditActions = async (businessId: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.businessId, businessId))).map((e) => e.action);

const refusedCallbacks = async () =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.callback_refused'))).length;

describe('the plans answer', () => {
  it('says which wallets are offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.json().mobileMoneyMethods).toEqual(['orange_money', 'afrimoney']);
  });
});

describe('Orange Money', () => {
  it('answers pending, asks Orange with the merchant key and SLE amount, and activates only on the verified notification', async () => {
    const { id, cookie } = await registerBusiness();
    const res = await startPayment({ businessId: id, method: 'orange_money', phone: '076 123 456', planCode: 'standard' }, cookie);
    expect(res.statusCode).toBe(202);
    const pending = res.json();
    // $100 at 22.75 SLE per USD: SLE 2,275.00, in cents, never a float.
    expect(pending).toMatchObject({
      status: 'pending',
      method: 'orange_money',
      amountUsdCents: 10000,
      amountSleCents: 227500,
      currency: 'SLE',
    });
    expect(pending.phoneMasked).toMatch(/\*+3456$/);
    const request = orange.requests.find((r) => r.path.endsWith('/webpayment'))!;
    const sent = JSON.parse(request.body);
    expect(sent).toMatchObject({ merchant_key: ORANGE.merchantKey, currency: 'SLE', amount: 2275 });
    expect(sent.notif_url).toMatch(/^https:\/\/creditcheck\.example\/api\/payments\/mobile-money\/callbacks\/orange-money\/CCSL/);
    expect(orange.requests.some((r) => r.path === '/oauth/v3/token')).toBe(true);

    // The browser polling changes nothing: Orange still says INITIATED.
    const polled = await readPayment(pending.paymentId, cookie);
    expect(polled.json().status).toBe('pending');
    expect((await profileOf(id)).subscriptionStatus).not.toBe('active');

    const row = await rowOf(pending.paymentId);
    const callback = await orange.notify(row.orderId, { deliver: viaApp });
    expect(callback.statusCode).toBe(200);
    expect(JSON.parse(callback.body)).toEqual({ received: true, status: 'succeeded' });

    const profile = await profileOf(id);
    expect(profile).toMatchObject({ planCode: 'standard', subscriptionStatus: 'active' });
    const done = (await readPayment(pending.paymentId, cookie)).json();
    expect(done.status).toBe('succeeded');
    expect(done.invoiceNumber).toMatch(/^INV-\d{6}-/);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.number, done.invoiceNumber));
    expect(invoice).toMatchObject({ amountUsdCents: 10000, amountSleCents: 227500 });

    // Replayed: the same notification again activates nothing more.
    const again = await orange.notify(row.orderId, { deliver: viaApp });
    expect(again.statusCode).toBe(200);
    expect(await t.db.select().from(invoices).where(eq(invoices.businessId, id))).toHaveLength(1);
    expect((await auditActions(id)).filter((a) => a === 'payment.succeeded')).toHaveLength(1);

    // The invoice names the method in words, with both amounts.
    const session = await logInAs(t.app, 'business', `momo${registered}@example.sl`, 'Str0ng-pass');
    const subscription = await t.app.inject({ method: 'GET', url: '/api/businesses/me/subscription', headers: { cookie: session } });
    expect(subscription.json().invoices[0]).toMatchObject({ paymentMethod: 'Orange Money', amountUsdCents: 10000, amountSle: '2275.00' });
  });

  it('refuses a notification with a forged notif_token, audits it and activates nothing', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123457' }, cookie)).json();
    const row = await rowOf(pending.paymentId);
    const forged = await orange.notify(row.orderId, { notifToken: 'f'.repeat(32), deliver: viaApp });
    expect(forged.statusCode).toBe(403);
    expect(JSON.parse(forged.body).code).toBe('MOBILE_MONEY_CALLBACK_REFUSED');
    expect((await rowOf(pending.paymentId)).status).toBe('pending');
    expect((await profileOf(id)).subscriptionStatus).not.toBe('active');
    expect(await auditActions(id)).toContain('payment.callback_refused');
  });

  it('records a failed payment: nothing activated, the poll says failed in words', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123458' }, cookie)).json();
    const row = await rowOf(pending.paymentId);
    const res = await orange.notify(row.orderId, { status: 'FAILED', deliver: viaApp });
    expect(JSON.parse(res.body).status).toBe('failed');
    const polled = (await readPayment(pending.paymentId, cookie)).json();
    expect(polled.status).toBe('failed');
    expect(polled.failureMessage).toBeTruthy();
    expect((await profileOf(id)).subscriptionStatus).not.toBe('active');
  });

  it('answers failed at once when Orange refuses the request', async () => {
    const { id, cookie } = await registerBusiness();
    orange.failNext();
    const res = await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123459' }, cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'failed' });
    expect(res.json().failureMessage).toMatch(/Orange Money/);
  });

  it('expires a payment not approved in time', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123460' }, cookie)).json();
    await t.db
      .update(mobileMoneyPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileMoneyPayments.id, pending.paymentId));
    const polled = (await readPayment(pending.paymentId, cookie)).json();
    expect(polled.status).toBe('expired');
    expect((await profileOf(id)).subscriptionStatus).not.toBe('active');
  });
});

describe('Afrimoney', () => {
  it('activates on a correctly signed callback, once, and shows the method on the invoice', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (
      await startPayment({ businessId: id, method: 'afrimoney', phone: '+23230123456', planCode: 'professional' }, cookie)
    ).json();
    // $250 at 22.75 is SLE 5,687.50; a wallet is charged whole leones: SLE 5,688.
    expect(pending).toMatchObject({ status: 'pending', amountSleCents: 568800 });
    const row = await rowOf(pending.paymentId);
    const sent = JSON.parse(afrimoney.requests.find((r) => r.method === 'POST')!.body);
    expect(sent).toMatchObject({ merchantId: AFRIMONEY.merchantId, msisdn: '23230123456', amount: { value: '5688.00', currency: 'SLE' } });

    const first = await afrimoney.complete(row.orderId, { deliver: viaApp });
    expect(first.statusCode).toBe(200);
    const replay = await afrimoney.complete(row.orderId, { deliver: viaApp });
    expect(replay.statusCode).toBe(200);
    expect(await t.db.select().from(invoices).where(eq(invoices.businessId, id))).toHaveLength(1);
    expect(await profileOf(id)).toMatchObject({ planCode: 'professional', subscriptionStatus: 'active' });
  });

  it('refuses a callback signed with another secret, and one whose amount does not match', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'afrimoney', phone: '+23230123457' }, cookie)).json();
    const row = await rowOf(pending.paymentId);
    const refusedBefore = await refusedCallbacks();
    const forged = await afrimoney.complete(row.orderId, { secret: 'not-the-secret-not-the-secret-0000', deliver: viaApp });
    expect(forged.statusCode).toBe(403);
    expect(JSON.parse(forged.body).code).toBe('MOBILE_MONEY_CALLBACK_REFUSED');
    const wrongAmount = await afrimoney.complete(row.orderId, { amountValue: '1.00', deliver: viaApp });
    expect(wrongAmount.statusCode).toBe(400);
    expect(JSON.parse(wrongAmount.body).code).toBe('MOBILE_MONEY_CALLBACK_INVALID');
    expect((await rowOf(pending.paymentId)).status).toBe('pending');
    expect((await profileOf(id)).subscriptionStatus).not.toBe('active');
    // Both audited; the forged one before anything in it was believed, so without the business.
    expect((await refusedCallbacks()) - refusedBefore).toBe(2);
    expect(await auditActions(id)).toContain('payment.callback_refused');
  });

  it('settles from the status query when the callback is lost', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'afrimoney', phone: '+23230123458' }, cookie)).json();
    const row = await rowOf(pending.paymentId);
    afrimoney.collections.get(row.orderId)!.status = 'SUCCESSFUL';
    const polled = (await readPayment(pending.paymentId, cookie)).json();
    expect(polled.status).toBe('succeeded');
    expect((await profileOf(id)).subscriptionStatus).toBe('active');
  });
});

describe('who may pay and read', () => {
  it('names the phone field when it is not a Sierra Leone number', async () => {
    const { id, cookie } = await registerBusiness();
    for (const phone of ['', '12345', '+14155550100']) {
      const res = await startPayment({ businessId: id, method: 'orange_money', phone }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors[0].field).toBe('phone');
    }
    const res = await startPayment({ businessId: id, method: 'mpesa', phone: '+23276123456' }, cookie);
    expect(res.json().errors[0].field).toBe('method');
  });

  it('refuses a visitor and a consumer, and answers another business 404', async () => {
    const { id, cookie } = await registerBusiness();
    const pending = (await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123461' }, cookie)).json();
    expect((await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123461' })).statusCode).toBe(401);
    expect((await readPayment(pending.paymentId)).statusCode).toBe(401);
    const consumer = await logInAs(t.app, 'consumer');
    expect((await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123461' }, consumer)).statusCode).toBe(403);
    expect((await readPayment(pending.paymentId, consumer)).statusCode).toBe(403);
    const otherBusiness = await logInAs(t.app, 'business');
    expect((await readPayment(pending.paymentId, otherBusiness)).statusCode).toBe(404);
    expect((await startPayment({ businessId: id, method: 'orange_money', phone: '+23276123461' }, otherBusiness)).statusCode).toBe(403);
  });
});
