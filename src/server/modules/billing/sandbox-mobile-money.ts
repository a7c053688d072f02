import { randomUUID } from 'node:crypto';
import type { TMobileMoneyMethod } from '@shared/schemas/mobile-money';
import type { CallbackReading, CollectionRequest, CollectionStart, MobileMoneyProvider, ProviderOutcome } from './mobile-money-provider';

/** How long the simulated payer takes to approve on the phone. */
export const SANDBOX_APPROVAL_MS = 3_000;
/** A number ending in these digits declines, as the card sandbox's 4000 0000 0000 0002. */
export const SANDBOX_DECLINING_SUFFIX = '0002';

/**
 * The demo's wallets (MOBILE_MONEY=sandbox): nothing leaves the server. The payer "approves" a few
 * seconds after the request, which the status query reports; a number ending 0002 declines. The
 * request time travels in the reference, so a restart does not lose it.
 */
export class SandboxMobileMoneyProvider implements MobileMoneyProvider {
  readonly name = 'sandbox';

  constructor(readonly method: TMobileMoneyMethod) {}

  async requestCollection(request: CollectionRequest): Promise<CollectionStart> {
    const outcome = request.phone.endsWith(SANDBOX_DECLINING_SUFFIX) ? 'd' : 'a';
    return { status: 'pending', providerReference: `sbx_mm_${outcome}_${Date.now()}_${randomUUID()}`, callbackToken: null };
  }

  readCallback(): CallbackReading {
    return { ok: false, reason: 'malformed', message: 'The sandbox sends no callbacks' };
  }

  async queryStatus(payment: { providerReference: string | null }): Promise<ProviderOutcome> {
    const match = /^sbx_mm_([ad])_(\d+)_/.exec(payment.providerReference ?? '');
    if (!match || Date.now() - Number(match[2]) < SANDBOX_APPROVAL_MS) return { status: 'pending' };
    return match[1] === 'd'
      ? { status: 'failed', message: 'The payer declined the payment on the phone.' }
      : { status: 'succeeded', providerReference: payment.providerReference };
  }
}
