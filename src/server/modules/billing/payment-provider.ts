/** What the server hands a card processor. The card never goes further than the provider. */
export interface ChargeRequest {
  amountUsdCents: number;
  currency: 'USD';
  description: string;
  card: { name: string; number: string; expiryMonth: number; expiryYear: number; cvc: string };
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string; brand: string; last4: string }
  | { status: 'declined'; message: string; brand: string; last4: string };

/** A card processor. The sandbox is the default; a real acquirer plugs in behind the same interface. */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}
