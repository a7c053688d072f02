import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../../env';

/**
 * Who may call the SMS provider's callbacks (POST /api/sms/delivery-reports, /api/sms/incoming;
 * decisions/046). Africa's Talking signs nothing and sends no header of ours: the bureau types the
 * callback URLs in its dashboard, so the secret travels in the URL's `secret` query parameter
 * (`X-SMS-Secret` for a gateway that takes headers), compared in constant time; with
 * SMS_CALLBACK_ALLOWED_IPS, the client address (request.ip, as TRUST_PROXY makes it) must be listed
 * too. No secret configured: refused in production, open in demo mode (the sandbox, a developer's curl).
 */
export type SmsCallerCheck = 'allowed' | 'no_secret_configured' | 'wrong_secret' | 'address_not_allowed';

export function smsCallerCheck(
  config: Pick<AppConfig, 'smsCallback' | 'demoMode' | 'isProduction'>,
  request: { ip: string; headers: Record<string, string | string[] | undefined>; query: unknown },
): SmsCallerCheck {
  const allowedIps = config.smsCallback?.allowedIps ?? [];
  if (allowedIps.length > 0) {
    const ip = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    if (!addressListOf(allowedIps).check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) return 'address_not_allowed';
  }
  const secret = config.smsCallback?.secret;
  if (!secret) return config.demoMode && !config.isProduction ? 'allowed' : 'no_secret_configured';
  const header = request.headers['x-sms-secret'];
  const query = (request.query as Record<string, unknown> | undefined)?.secret;
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret)) ? 'allowed' : 'wrong_secret';
}

const lists = new WeakMap<readonly string[], BlockList>();
function addressListOf(entries: readonly string[]): BlockList {
  let list = lists.get(entries);
  if (list) return list;
  list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  lists.set(entries, list);
  return list;
}
