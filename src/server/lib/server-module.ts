import type { FastifyInstance } from 'fastify';
import { type MobileMoneyProviders, type PaymentProvider } from '../modules/billing';
import { type SmsProvider } from '../modules/notifications';

/** What app.ts hands every module's routes: the providers chosen at start (lib/providers.ts). */
export interface ModuleOptions {
  sms: SmsProvider;
  paymentProvider: PaymentProvider;
  /** The mobile money wallets offered (MOBILE_MONEY): none, the sandbox's, or the real providers'. */
  mobileMoney: MobileMoneyProviders;
  /** Whether SMTP is configured, so a consumer may choose e-mail notices. */
  isEmailAvailable: boolean;
}

/**
 * A server module: a subject of the bureau that owns its URLs (docs/ARCHITECTURE.md, "Module map").
 * app.ts registers each module's routes and refuses at start any route outside the module's
 * prefixes, so a URL always names the folder that handles it.
 */
export interface ServerModule {
  name: string;
  /** A route belongs to the module with the longest prefix matching it at a segment boundary. */
  urlPrefixes: readonly string[];
  routes: (app: FastifyInstance, options: ModuleOptions) => Promise<void>;
}
