import type { AppConfig } from '../env';
import { SandboxPaymentProvider, type PaymentProvider } from '../modules/billing';
import { SandboxSmsProvider, type SmsProvider } from '../modules/notifications';

/**
 * The providers the configuration names (PAYMENT_PROVIDER, SMS_PROVIDER). env.ts refuses to start
 * production without both named; "sandbox" is then an explicit choice and /api/config tells every
 * page to show the sandbox banner. A real provider's adapter is added to env.ts's list and here.
 */
export function paymentProviderFor(config: Pick<AppConfig, 'paymentProvider'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return new SandboxPaymentProvider();
  }
}

export function smsProviderFor(config: Pick<AppConfig, 'smsProvider'>): SmsProvider {
  switch (config.smsProvider) {
    case 'sandbox':
      return new SandboxSmsProvider();
  }
}
