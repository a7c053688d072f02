import { randomUUID } from 'node:crypto';
import { cardBrandOf, type ChargeRequest, type ChargeResult, type PaymentProvider } from './payment-provider';

/** Test cards with a fixed outcome, as card processors' sandboxes have them. Any other valid card succeeds. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined. Please use a different card.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digits = request.card.number;
    const brand = cardBrandOf(digits);
    const last4 = digits.slice(-4);
    const decline = DECLINES[digits];
    if (decline) return { status: 'declined', message: decline, brand, last4 };
    return { status: 'succeeded', reference: `sbx_${randomUUID()}`, brand, last4 };
  }
}
