import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../env';

/**
 * Who may call POST /api/ussd (decisions/044): the aggregator only.
 * - USSD_SHARED_SECRET set: the request carries it in the `X-USSD-Secret` header or the `secret`
 *   query parameter (Africa's Talking and most aggregators only let the bureau type a callback URL,
 *   so the query parameter is the one that works there; the header is for those that take headers).
 * - USSD_ALLOWED_IPS set: the client address (request.ip, as TRUST_PROXY makes it) is in the list.
 * - No secret: refused in production (the channel is closed until it is configured); in demo mode
 *   open, so the simulator and a developer's curl work.
 */
export type UssdCallerCheck = 'allowed' | 'no_secret_configured' | 'wrong_secret' | 'address_not_allowed';

export function ussdCallerCheck(
  config: Pick<AppConfig, 'ussdSharedSecret' | 'ussdAllowedIps' | 'demoMode' | 'isProduction'>,
  request: { ip: string; headers: Record<string, string | string[] | undefined>; query: unknown },
): UssdCallerCheck {
  if (config.ussdAllowedIps.length > 0) {
    const ip = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    if (!addressListOf(config.ussdAllowedIps).check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) return 'address_not_allowed';
  }
  if (!config.ussdSharedSecret) return config.demoMode && !config.isProduction ? 'allowed' : 'no_secret_configured';
  const header = request.headers['x-ussd-secret'];
  const query = (request.query as Record<string, unknown> | undefined)?.secret;
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  return sameSecret(given, config.ussdSharedSecret) ? 'allowed' : 'wrong_secret';
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
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
