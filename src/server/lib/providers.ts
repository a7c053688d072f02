import type { AppConfig } from '../env';
import type { SmsProvider } from '../modules/consumers/sms/sms-provider';
import { SandboxSmsProvider } from '../modules/consumers/sms/sandbox-sms-provider';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { SandboxPaymentProvider } from '../modules/payments/sandbox-provider';

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
