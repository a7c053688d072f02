import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  decimalToSleCents,
  sleCentsToDecimal,
  type CallbackInput,
  type CallbackReading,
  type CollectionRequest,
  type CollectionStart,
  type MobileMoneyProvider,
  type ProviderOutcome,
} from './mobile-money-provider';

export interface AfrimoneySettings {
  baseUrl: string;
  apiKey: string;
  merchantId: string;
  webhookSecret: string;
}

/** The header carrying the callback's signature: "sha256=" and the hex HMAC-SHA256 of the raw body. */
export const AFRIMONEY_SIGNATURE_HEADER = 'x-afrimoney-signature';

export function afrimoneySignature(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function outcomeOf(status: unknown): ProviderOutcome['status'] | null {
  switch (String(status).toUpperCase()) {
    case 'SUCCESSFUL':
    case 'SUCCESS':
      return 'succeeded';
    case 'FAILED':
    case 'REJECTED':
    case 'EXPIRED':
      return 'failed';
    case 'PENDING':
      return 'pending';
    default:
      return null;
  }
}

/**
 * Africell Afrimoney merchant collection. Africell publishes no public API: this adapter models the
 * usual collection shape (decisions/046) and is to be checked against the merchant agreement's
 * documents. POST {base}/v1/collections with Bearer API key and {merchantId, reference, msisdn,
 * amount: {value: "2275.00", currency: "SLE"}, description, callbackUrl} answers 202 {transactionId,
 * status: PENDING}; the callback is JSON {reference, transactionId, status, amount} signed by
 * X-Afrimoney-Signature: sha256=HMAC-SHA256(webhook secret, raw body); GET {base}/v1/collections/{reference}
 * tells the status when asked.
 */
export class AfrimoneyProvider implements MobileMoneyProvider {
  readonly name = 'afrimoney';
  readonly method = 'afrimoney' as const;

  constructor(private readonly settings: AfrimoneySettings) {}

  private headers() {
    return { authorization: `Bearer ${this.settings.apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
  }

  async requestCollection(request: CollectionRequest): Promise<CollectionStart> {
    const response = await fetch(`${this.settings.baseUrl}/v1/collections`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({
        merchantId: this.settings.merchantId,
        reference: request.orderId,
        msisdn: request.phone.replace(/^\+/, ''),
        amount: { value: sleCentsToDecimal(request.amountSleCents), currency: request.currency },
        description: request.description,
        callbackUrl: request.callbackUrl,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status !== 202 && response.status !== 200 && response.status !== 201) {
      return { status: 'failed', message: 'Afrimoney could not start the payment. Please try again or pay by card.' };
    }
    return {
      status: 'pending',
      providerReference: typeof body.transactionId === 'string' ? body.transactionId : null,
      callbackToken: null,
    };
  }

  readCallback(input: CallbackInput): CallbackReading {
    const given = input.headers[AFRIMONEY_SIGNATURE_HEADER];
    const expected = Buffer.from(afrimoneySignature(this.settings.webhookSecret, input.rawBody));
    const received = Buffer.from(typeof given === 'string' ? given : '');
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
      return { ok: false, reason: 'bad_signature', message: 'The callback signature does not match' };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(input.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'malformed', message: 'The callback is not JSON' };
    }
    const status = outcomeOf(body.status);
    const amount = (body.amount ?? {}) as Record<string, unknown>;
    if (typeof body.reference !== 'string' || status === null) {
      return { ok: false, reason: 'malformed', message: 'The callback lacks reference or status' };
    }
    return {
      ok: true,
      orderId: body.reference,
      outcome: {
        status,
        orderId: body.reference,
        providerReference: typeof body.transactionId === 'string' ? body.transactionId : null,
        amountSleCents: decimalToSleCents(amount.value) ?? undefined,
        currency: typeof amount.currency === 'string' ? amount.currency : undefined,
        message: typeof body.reason === 'string' ? body.reason : undefined,
      },
    };
  }

  async queryStatus(payment: { orderId: string }): Promise<ProviderOutcome> {
    const response = await fetch(`${this.settings.baseUrl}/v1/collections/${encodeURIComponent(payment.orderId)}`, {
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return { status: 'pending' };
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const amount = (body.amount ?? {}) as Record<string, unknown>;
    return {
      status: outcomeOf(body.status) ?? 'pending',
      orderId: typeof body.reference === 'string' ? body.reference : undefined,
      providerReference: typeof body.transactionId === 'string' ? body.transactionId : null,
      amountSleCents: decimalToSleCents(amount.value) ?? undefined,
      currency: typeof amount.currency === 'string' ? amount.currency : undefined,
    };
  }
}
