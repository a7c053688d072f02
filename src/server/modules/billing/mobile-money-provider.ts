import type { TMobileMoneyMethod } from '@shared/schemas/mobile-money';

/** What the bureau asks a wallet provider to collect. Amounts are SLE cents, never floats. */
export interface CollectionRequest {
  /** Our reference, unique per attempt; the provider echoes it. */
  orderId: string;
  amountSleCents: number;
  currency: 'SLE';
  /** E.164 (+232...). */
  phone: string;
  description: string;
  /** Where the provider sends its notification. */
  callbackUrl: string;
}

export type CollectionStart =
  /** callbackToken: a secret the provider will echo in its callback (Orange's notif_token), stored hashed. */
  { status: 'pending'; providerReference: string | null; callbackToken: string | null } | { status: 'failed'; message: string };

/** What the provider says of a payment, by callback or when asked. */
export interface ProviderOutcome {
  status: 'pending' | 'succeeded' | 'failed';
  providerReference?: string | null;
  /** Present when the provider states them: checked against the pending payment. */
  orderId?: string;
  amountSleCents?: number;
  currency?: string;
  message?: string;
}

export interface CallbackInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Our order id when the callback's address carries it (Orange's notif_url). */
  orderIdFromUrl?: string;
}

export type CallbackReading =
  /** token: the secret the callback carries, compared by the service with the stored hash. */
  | { ok: true; orderId: string; outcome: ProviderOutcome; token?: string }
  | { ok: false; reason: 'malformed' | 'bad_signature'; message: string };

/**
 * A mobile money collection provider (decisions/046): asynchronous. `requestCollection` asks the
 * provider to prompt the payer; the money is settled only by `readCallback` (a verified callback)
 * or `queryStatus` (asking the provider), never by the browser.
 */
export interface MobileMoneyProvider {
  /** orange_money, afrimoney or sandbox: stored on the payment and the payments row. */
  readonly name: string;
  readonly method: TMobileMoneyMethod;
  requestCollection(request: CollectionRequest): Promise<CollectionStart>;
  /** Parses the callback and checks what the provider signs (a signature); never trusts an unverified body. */
  readCallback(input: CallbackInput): CallbackReading;
  queryStatus(payment: { orderId: string; providerReference: string | null; amountSleCents: number }): Promise<ProviderOutcome>;
}

/** Mobile money providers by wallet: the ones this deployment offers. */
export type MobileMoneyProviders = Partial<Record<TMobileMoneyMethod, MobileMoneyProvider>>;

/** SLE cents as the decimal string the providers take ("2275.00"), without floats. */
export function sleCentsToDecimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "2275.00" or 2275 to SLE cents; null when it is not a plain amount. */
export function decimalToSleCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A wallet is charged whole leones: the SLE amount rounded half up to a leone (decisions/046). */
export function wholeLeones(sleCents: number): number {
  return Math.floor((sleCents + 50) / 100) * 100;
}
