import type {
  CallbackInput,
  CallbackReading,
  CollectionRequest,
  CollectionStart,
  MobileMoneyProvider,
  ProviderOutcome,
} from './mobile-money-provider';

export interface OrangeMoneySettings {
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  baseUrl: string;
  webpayPath: string;
}

/** Orange's transaction statuses to ours; INITIATED and PENDING wait. */
function outcomeOf(status: unknown): ProviderOutcome['status'] | null {
  switch (String(status).toUpperCase()) {
    case 'SUCCESS':
      return 'succeeded';
    case 'FAILED':
    case 'EXPIRED':
    case 'CANCELLED':
      return 'failed';
    case 'INITIATED':
    case 'PENDING':
      return 'pending';
    default:
      return null;
  }
}

/**
 * Orange Money Web Payment (developer.orange.com, "Orange Money Web Payment / M Payment"):
 * an OAuth2 client-credentials token (POST /oauth/v3/token with Basic client_id:client_secret),
 * then POST {webpay}/webpayment with the merchant key, currency, order id, amount and notif_url;
 * it answers pay_token, payment_url and notif_token. Orange then POSTs {status, notif_token, txnid}
 * to notif_url; the notif_token is compared with the stored one. POST {webpay}/transactionstatus
 * with order_id, amount and pay_token tells the status when asked.
 */
export class OrangeMoneyProvider implements MobileMoneyProvider {
  readonly name = 'orange_money';
  readonly method = 'orange_money' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: OrangeMoneySettings) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await fetch(`${this.settings.baseUrl}/oauth/v3/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Orange Money token request failed: ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number | string };
    if (!body.access_token) throw new Error('Orange Money token answer without access_token');
    this.token = { value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async post(path: string, payload: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${this.settings.baseUrl}${this.settings.webpayPath}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  async requestCollection(request: CollectionRequest): Promise<CollectionStart> {
    const { status, body } = await this.post('/webpayment', {
      merchant_key: this.settings.merchantKey,
      currency: request.currency,
      order_id: request.orderId,
      // Web Payment amounts are whole units of the currency: the wallet is charged whole leones.
      amount: Math.round(request.amountSleCents / 100),
      return_url: request.callbackUrl,
      cancel_url: request.callbackUrl,
      notif_url: request.callbackUrl,
      lang: 'en',
      reference: 'CreditCheck SL',
    });
    if (status !== 201 && status !== 200) {
      return { status: 'failed', message: 'Orange Money could not start the payment. Please try again or pay by card.' };
    }
    if (typeof body.pay_token !== 'string' || typeof body.notif_token !== 'string') {
      throw new Error('Orange Money webpayment answer without pay_token or notif_token');
    }
    return { status: 'pending', providerReference: body.pay_token, callbackToken: body.notif_token };
  }

  readCallback(input: CallbackInput): CallbackReading {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(input.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'malformed', message: 'The notification is not JSON' };
    }
    const status = outcomeOf(body.status);
    if (!input.orderIdFromUrl || typeof body.notif_token !== 'string' || status === null) {
      return { ok: false, reason: 'malformed', message: 'The notification lacks status or notif_token' };
    }
    return {
      ok: true,
      orderId: input.orderIdFromUrl,
      token: body.notif_token,
      outcome: { status, providerReference: typeof body.txnid === 'string' ? body.txnid : null },
    };
  }

  async queryStatus(payment: { orderId: string; providerReference: string | null; amountSleCents: number }): Promise<ProviderOutcome> {
    const { status, body } = await this.post('/transactionstatus', {
      order_id: payment.orderId,
      amount: Math.round(payment.amountSleCents / 100),
      pay_token: payment.providerReference ?? '',
    });
    if (status !== 200 && status !== 201) return { status: 'pending' };
    return {
      status: outcomeOf(body.status) ?? 'pending',
      orderId: typeof body.order_id === 'string' ? body.order_id : undefined,
      providerReference: typeof body.txnid === 'string' ? body.txnid : null,
    };
  }
}
