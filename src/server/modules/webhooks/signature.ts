import { createHmac, randomBytes } from 'node:crypto';

/** Every secret starts so, as API keys start with ccsl_: a secret scanner can tell what leaked. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * The `X-CreditCheck-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed with the whole secret (prefix included). The time is signed so a receiver can refuse a
 * replayed old delivery (docs/api.md shows the check in Node).
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
