import { isIP } from 'node:net';
import { z } from 'zod';

// The SMS gateway's settings (decisions/046), kept beside env.ts, which spreads them into its schema.

const isAddressOrCidr = (entry: string) => {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};

export const SMS_GATEWAY_ENV = {
  /** SMS_PROVIDER=africastalking: the Africa's Talking app's username and API key (required then), the sender id (else the account's default). */
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(8, { error: "must be the API key of the Africa's Talking app" }).optional(),
  AT_SENDER_ID: z.string().min(1).max(11, { error: 'must be at most 11 characters (an approved sender id)' }).optional(),
  AT_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, { error: 'must be an http(s):// origin without a path, e.g. https://api.africastalking.com' })
    .default('https://api.africastalking.com'),
  /** The secret in the callback URLs the SMS gateway calls (?secret=...); required with a real provider. */
  SMS_CALLBACK_SECRET: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  /** Optional: the only addresses or CIDRs the gateway's callbacks may come from (comma-separated). */
  SMS_CALLBACK_ALLOWED_IPS: z
    .string()
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every(isAddressOrCidr)) {
        ctx.addIssue({ code: 'custom', message: 'must be IP addresses or CIDRs, comma-separated (e.g. 196.201.214.0/24)' });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
};

/** Never echoed in a startup error. */
export const SMS_GATEWAY_SECRETS = ['AT_API_KEY', 'SMS_CALLBACK_SECRET'];

type SmsGatewayEnv = { [K in keyof typeof SMS_GATEWAY_ENV]?: z.output<(typeof SMS_GATEWAY_ENV)[K]> } & { SMS_PROVIDER?: string };

/** What a chosen provider lacks. */
export function smsGatewayIssues(env: SmsGatewayEnv): { path: string; message: string }[] {
  if (env.SMS_PROVIDER !== 'africastalking') return [];
  return (['AT_USERNAME', 'AT_API_KEY', 'SMS_CALLBACK_SECRET'] as const)
    .filter((name) => !env[name])
    .map((name) => ({ path: name, message: 'is required when SMS_PROVIDER is africastalking' }));
}

export interface SmsGatewayConfig {
  /** SMS_PROVIDER=africastalking only. */
  africasTalking?: { username: string; apiKey: string; senderId?: string; baseUrl: string };
  /** The secret the SMS gateway's callbacks carry, and the addresses they may come from (absent: any). */
  smsCallback?: { secret: string; allowedIps?: string[] };
}

export function smsGatewayConfigOf(env: SmsGatewayEnv): SmsGatewayConfig {
  return {
    africasTalking:
      env.SMS_PROVIDER === 'africastalking' && env.AT_USERNAME && env.AT_API_KEY
        ? {
            username: env.AT_USERNAME,
            apiKey: env.AT_API_KEY,
            senderId: env.AT_SENDER_ID,
            baseUrl: env.AT_BASE_URL ?? 'https://api.africastalking.com',
          }
        : undefined,
    smsCallback: env.SMS_CALLBACK_SECRET ? { secret: env.SMS_CALLBACK_SECRET, allowedIps: env.SMS_CALLBACK_ALLOWED_IPS } : undefined,
  };
}
