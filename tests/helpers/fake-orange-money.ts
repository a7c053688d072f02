import { randomBytes } from 'node:crypto';
import { deliverOverHttp, sendJson, startRecordingServer, type CallbackDelivery } from './fake-mobile-money-common';

export interface FakeOrangeOrder {
  orderId: string;
  amount: number;
  currency: string;
  notifUrl: string;
  payToken: string;
  notifToken: string;
  status: 'INITIATED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';
  txnid: string | null;
}

/**
 * Orange Money Web Payment as the bureau's adapter sees it: POST /oauth/v3/token (Basic
 * client_id:client_secret, client credentials), POST {webpay}/webpayment (Bearer; merchant_key,
 * currency, order_id, amount, notif_url) answering 201 with pay_token, payment_url, notif_token,
 * POST {webpay}/transactionstatus. `notify` plays Orange's notification to notif_url; `failNext`
 * makes the next payment request fail.
 */
export async function startFakeOrangeMoney(options: { clientId: string; clientSecret: string; merchantKey: string; webpayPath?: string }) {
  const webpayPath = options.webpayPath ?? '/orange-money-webpay/sl/v1';
  const orders = new Map<string, FakeOrangeOrder>();
  const accessToken = `fake-orange-${randomBytes(8).toString('hex')}`;
  let failures = 0;
  const server = await startRecordingServer((req, res) => {
    if (req.method === 'POST' && req.path === '/oauth/v3/token') {
      const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic || req.body !== 'grant_type=client_credentials') {
        return sendJson(res, 401, { error: 'invalid_client' });
      }
      return sendJson(res, 200, { token_type: 'Bearer', access_token: accessToken, expires_in: 7776000 });
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) return sendJson(res, 401, { code: 42, message: 'Expired credentials' });
    const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
    if (req.method === 'POST' && req.path === `${webpayPath}/webpayment`) {
      if (failures > 0) {
        failures -= 1;
        return sendJson(res, 500, { code: 5001, message: 'Internal error' });
      }
      if (body.merchant_key !== options.merchantKey || typeof body.order_id !== 'string' || typeof body.amount !== 'number') {
        return sendJson(res, 400, { code: 1, message: 'Invalid merchant_key, order_id or amount' });
      }
      const order: FakeOrangeOrder = {
        orderId: body.order_id,
        amount: body.amount,
        currency: String(body.currency),
        notifUrl: String(body.notif_url),
        payToken: `v1${randomBytes(12).toString('hex')}`,
        notifToken: randomBytes(16).toString('hex'),
        status: 'INITIATED',
        txnid: null,
      };
      orders.set(order.orderId, order);
      return sendJson(res, 201, {
        status: 201,
        message: 'OK',
        pay_token: order.payToken,
        payment_url: `${server.url}/webpayment/${order.payToken}`,
        notif_token: order.notifToken,
      });
    }
    if (req.method === 'POST' && req.path === `${webpayPath}/transactionstatus`) {
      const order = orders.get(String(body.order_id));
      if (!order || order.payToken !== body.pay_token) return sendJson(res, 404, { code: 404, message: 'Unknown transaction' });
      return sendJson(res, 201, { status: order.status, order_id: order.orderId, txnid: order.txnid });
    }
    sendJson(res, 404, { message: 'Not found' });
  });
  return {
    ...server,
    orders,
    failNext(count = 1) {
      failures = count;
    },
    /** Orange's notification of an order's outcome, as sent to its notif_url (token: a forged one to send instead). */
    async notify(orderId: string, outcome: { status?: 'SUCCESS' | 'FAILED'; notifToken?: string; deliver?: CallbackDelivery } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no Orange order ${orderId}`);
      const status = outcome.status ?? 'SUCCESS';
      if (outcome.notifToken === undefined) {
        order.status = status;
        order.txnid ??= `MP${randomBytes(6).toString('hex').toUpperCase()}`;
      }
      const body = JSON.stringify({ status, notif_token: outcome.notifToken ?? order.notifToken, txnid: order.txnid ?? 'MP000000' });
      return (outcome.deliver ?? deliverOverHttp)(order.notifUrl, { headers: { 'content-type': 'application/json' }, body });
    },
  };
}
export type FakeOrangeMoney = Awaited<ReturnType<typeof startFakeOrangeMoney>>;
