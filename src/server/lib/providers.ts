import type { AppConfig } from '../env';
import {
  AfrimoneyProvider,
  OrangeMoneyProvider,
  SandboxMobileMoneyProvider,
  SandboxPaymentProvider,
  type MobileMoneyProviders,
  type PaymentProvider,
} from '../modules/billing';
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

/** The mobile money wallets MOBILE_MONEY names (env-mobile-money.ts): the sandbox's in demo mode by default. */
export function mobileMoneyProvidersFor(config: Pick<AppConfig, 'mobileMoney'>): MobileMoneyProviders {
  const { mobileMoney } = config;
  if (mobileMoney.mode === 'off') return {};
  if (mobileMoney.mode === 'sandbox') {
    return { orange_money: new SandboxMobileMoneyProvider('orange_money'), afrimoney: new SandboxMobileMoneyProvider('afrimoney') };
  }
  return {
    ...(mobileMoney.orangeMoney ? { orange_money: new OrangeMoneyProvider(mobileMoney.orangeMoney) } : {}),
    ...(mobileMoney.afrimoney ? { afrimoney: new AfrimoneyProvider(mobileMoney.afrimoney) } : {}),
  };
}
