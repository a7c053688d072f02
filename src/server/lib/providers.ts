import type { AppConfig } from '../env';
import { SandboxPaymentProvider, type PaymentProvider } from '../modules/billing';
import { AfricasTalkingSmsProvider, SandboxSmsProvider, type SmsProvider } from '../modules/notifications';

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

export function smsProviderFor(config: Pick<AppConfig, 'smsProvider' | 'africasTalking'>): SmsProvider {
  switch (config.smsProvider) {
    case 'sandbox':
      return new SandboxSmsProvider();
    case 'africastalking':
      // env.ts requires its settings with this provider.
      if (!config.africasTalking) throw new Error('SMS_PROVIDER=africastalking needs AT_USERNAME and AT_API_KEY');
      return new AfricasTalkingSmsProvider(config.africasTalking);
  }
}
