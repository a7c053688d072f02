import { z } from 'zod';

/**
 * Mobile money settings (decisions/046): which wallets a business may pay its subscription from,
 * and each provider's credentials. Apart from PAYMENT_PROVIDER (the card processor): a deployment
 * may take cards through one acquirer and mobile money through Orange and Africell.
 *
 * MOBILE_MONEY: "off", "sandbox" (both wallets simulated; the default in demo mode), or the real
 * providers, comma-separated: "orange_money", "afrimoney", "orange_money,afrimoney". A real provider
 * needs its settings and PUBLIC_URL (the address its callback is sent to).
 */
export const MOBILE_MONEY_PROVIDER_NAMES = ['orange_money', 'afrimoney'] as const;
export type TMobileMoneyProviderName = (typeof MOBILE_MONEY_PROVIDER_NAMES)[number];

const httpsUrl = z
  .string()
  .regex(/^https?:\/\/[^\s]+$/, { error: 'must be an http(s):// URL' })
  .transform((v) => v.replace(/\/+$/, ''));

export const MOBILE_MONEY_ENV_SHAPE = {
  MOBILE_MONEY: z
    .string()
    .transform((value, ctx) => {
      const text = value.trim().toLowerCase();
      if (text === 'off' || text === 'sandbox') return text;
      const names = text
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const isKnown = (n: string): n is TMobileMoneyProviderName => (MOBILE_MONEY_PROVIDER_NAMES as readonly string[]).includes(n);
      if (names.length === 0 || !names.every(isKnown)) {
        ctx.addIssue({ code: 'custom', message: 'must be off, sandbox, or a comma-separated list of: orange_money, afrimoney' });
        return z.NEVER;
      }
      return [...new Set(names)] as TMobileMoneyProviderName[];
    })
    .optional(),
  /** Orange Money Web Payment (developer.orange.com): OAuth2 client credentials, then the merchant key. */
  ORANGE_MONEY_CLIENT_ID: z.string().min(1).optional(),
  ORANGE_MONEY_CLIENT_SECRET: z.string().min(1).optional(),
  ORANGE_MONEY_MERCHANT_KEY: z.string().min(1).optional(),
  ORANGE_MONEY_BASE_URL: httpsUrl.default('https://api.orange.com'),
  /** The Web Payment path of the country's merchant account (Orange gives it with the credentials). */
  ORANGE_MONEY_WEBPAY_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]+$/, { error: 'must be a path such as /orange-money-webpay/sl/v1' })
    .default('/orange-money-webpay/sl/v1'),
  /** Africell Afrimoney merchant collections (no public API: the merchant agreement's base URL, key and callback secret). */
  AFRIMONEY_BASE_URL: httpsUrl.optional(),
  AFRIMONEY_API_KEY: z.string().min(1).optional(),
  AFRIMONEY_MERCHANT_ID: z.string().min(1).optional(),
  AFRIMONEY_WEBHOOK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
};

/** The settings' names a startup error must not print. */
export const MOBILE_MONEY_SECRET_NAMES = [
  'ORANGE_MONEY_CLIENT_SECRET',
  'ORANGE_MONEY_MERCHANT_KEY',
  'AFRIMONEY_API_KEY',
  'AFRIMONEY_WEBHOOK_SECRET',
];

type MobileMoneyEnv = {
  [K in keyof typeof MOBILE_MONEY_ENV_SHAPE]?: z.output<(typeof MOBILE_MONEY_ENV_SHAPE)[K]>;
} & { ORANGE_MONEY_BASE_URL: string; ORANGE_MONEY_WEBPAY_PATH: string; PUBLIC_URL?: string };

const REQUIRED: Record<TMobileMoneyProviderName, (keyof typeof MOBILE_MONEY_ENV_SHAPE)[]> = {
  orange_money: ['ORANGE_MONEY_CLIENT_ID', 'ORANGE_MONEY_CLIENT_SECRET', 'ORANGE_MONEY_MERCHANT_KEY'],
  afrimoney: ['AFRIMONEY_BASE_URL', 'AFRIMONEY_API_KEY', 'AFRIMONEY_MERCHANT_ID', 'AFRIMONEY_WEBHOOK_SECRET'],
};

/** Adds an issue naming each setting a chosen provider lacks. */
export function checkMobileMoneyEnv(env: MobileMoneyEnv, ctx: z.RefinementCtx) {
  if (!Array.isArray(env.MOBILE_MONEY)) return;
  for (const name of env.MOBILE_MONEY) {
    for (const key of REQUIRED[name]) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required when MOBILE_MONEY names ${name}` });
    }
  }
  if (!env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'is required when MOBILE_MONEY names a provider: its callbacks are sent to this address',
    });
  }
}

export interface MobileMoneyConfig {
  /** sandbox: both wallets simulated; live: the providers listed; off: cards only. */
  mode: 'off' | 'sandbox' | 'live';
  providers: TMobileMoneyProviderName[];
  orangeMoney?: { clientId: string; clientSecret: string; merchantKey: string; baseUrl: string; webpayPath: string };
  afrimoney?: { baseUrl: string; apiKey: string; merchantId: string; webhookSecret: string };
}

export function mobileMoneyConfigOf(env: MobileMoneyEnv, demoMode: boolean): MobileMoneyConfig {
  const chosen = env.MOBILE_MONEY ?? (demoMode ? 'sandbox' : 'off');
  if (chosen === 'off') return { mode: 'off', providers: [] };
  if (chosen === 'sandbox') return { mode: 'sandbox', providers: [...MOBILE_MONEY_PROVIDER_NAMES] };
  return {
    mode: 'live',
    providers: chosen,
    orangeMoney: chosen.includes('orange_money')
      ? {
          clientId: env.ORANGE_MONEY_CLIENT_ID!,
          clientSecret: env.ORANGE_MONEY_CLIENT_SECRET!,
          merchantKey: env.ORANGE_MONEY_MERCHANT_KEY!,
          baseUrl: env.ORANGE_MONEY_BASE_URL,
          webpayPath: env.ORANGE_MONEY_WEBPAY_PATH,
        }
      : undefined,
    afrimoney: chosen.includes('afrimoney')
      ? {
          baseUrl: env.AFRIMONEY_BASE_URL!,
          apiKey: env.AFRIMONEY_API_KEY!,
          merchantId: env.AFRIMONEY_MERCHANT_ID!,
          webhookSecret: env.AFRIMONEY_WEBHOOK_SECRET!,
        }
      : undefined,
  };
}
