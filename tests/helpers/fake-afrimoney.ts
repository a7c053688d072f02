import { createHmac, randomBytes } from 'node:crypto';
import { deliverOverHttp, sendJson, startRecordingServer, type CallbackDelivery } from './fake-mobile-money-common';

export interface FakeAfrimoneyCollection {
  reference: string;
  transactionId: string;
  msisdn: string;
  amount: { value: string; currency: string };
  callbackUrl: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
}

/**
 * The collection API the Afrimoney adapter models (decisions/046: Africell publishes none):
 * POST /v1/collections (Bearer API key) answering 202 {transactionId, status: PENDING},
 * GET /v1/collections/:reference, and a JSON callback signed X-Afrimoney-Signature:
 * sha256=HMAC-SHA256(secret, raw body). `complete` sends it; `failNext` refuses the next request.
 */
export async function startFakeAfrimoney(options: { apiKey: string; merchantId: string; webhookSecret: string }) {
  const collections = new Map<string, FakeAfrimoneyCollection>();
  let failures = 0;
  const server = await startRecordingServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return sendJson(res, 401, { error: 'unauthorized' });
    if (req.method === 'POST' && req.path === '/v1/collections') {
      if (failures > 0) {
        failures -= 1;
        return sendJson(res, 503, { error: 'service_unavailable' });
      }
      const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
      const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
      if (body.merchantId !== options.merchantId || typeof body.reference !== 'string' || typeof amount?.value !== 'string') {
        return sendJson(res, 400, { error: 'invalid_request' });
      }
      const collection: FakeAfrimoneyCollection = {
        reference: body.reference,
        transactionId: `AFM${randomBytes(6).toString('hex').toUpperCase()}`,
        msisdn: String(body.msisdn),
        amount: { value: amount.value, currency: String(amount.currency) },
        callbackUrl: String(body.callbackUrl),
        status: 'PENDING',
      };
      collections.set(collection.reference, collection);
      return sendJson(res, 202, { transactionId: collection.transactionId, status: 'PENDING' });
    }
    const match = /^\/v1\/collections\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && match) {
      const collection = collections.get(decodeURIComponent(match[1]));
      if (!collection) return sendJson(res, 404, { error: 'not_found' });
      const { reference, transactionId, status, amount } = collection;
      return sendJson(res, 200, { reference, transactionId, status, amount });
    }
    sendJson(res, 404, { error: 'not_found' });
  });
  return {
    ...server,
    collections,
    failNext(count = 1) {
      failures = count;
    },
    /** The signed callback for a collection; secret or amount override forge one. */
    async complete(
      reference: string,
      outcome: { status?: 'SUCCESSFUL' | 'FAILED'; secret?: string; amountValue?: string; deliver?: CallbackDelivery } = {},
    ) {
      const collection = collections.get(reference);
      if (!collection) throw new Error(`no Afrimoney collection ${reference}`);
      const status = outcome.status ?? 'SUCCESSFUL';
      if (outcome.secret === undefined && outcome.amountValue === undefined) collection.status = status;
      const body = JSON.stringify({
        reference,
        transactionId: collection.transactionId,
        status,
        amount: { value: outcome.amountValue ?? collection.amount.value, currency: collection.amount.currency },
        ...(status === 'FAILED' ? { reason: 'The payer did not approve the payment.' } : {}),
      });
      const signature = `sha256=${createHmac('sha256', outcome.secret ?? options.webhookSecret)
        .update(body)
        .digest('hex')}`;
      return (outcome.deliver ?? deliverOverHttp)(collection.callbackUrl, {
        headers: { 'content-type': 'application/json', 'x-afrimoney-signature': signature },
        body,
      });
    },
  };
}
export type FakeAfrimoney = Awaited<ReturnType<typeof startFakeAfrimoney>>;
