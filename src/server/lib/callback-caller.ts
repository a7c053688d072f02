import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * Who may call a provider's callback (the USSD aggregator, the SMS gateway: decisions/044, 046).
 * Such gateways sign nothing and the bureau only types a callback URL in their dashboard, so a
 * shared secret travels in the URL's `secret` query parameter (or a header, for a gateway that
 * takes headers), compared in constant time; with a list of allowed addresses, the client address
 * (request.ip, as TRUST_PROXY makes it) must be on it too. No secret configured: the channel is
 * closed, unless the caller says it may be open (demo mode, for the simulator and a developer's curl).
 */
export type CallerCheck = 'allowed' | 'no_secret_configured' | 'wrong_secret' | 'address_not_allowed';

export interface CallbackGuard {
  secret: string | undefined;
  allowedIps: readonly string[];
  /** The header a gateway that takes headers sends the secret in, lower case (e.g. x-ussd-secret). */
  secretHeader: string;
  isOpenWithoutSecret: boolean;
}

export function checkCallbackCaller(
  guard: CallbackGuard,
  request: { ip: string; headers: Record<string, string | string[] | undefined>; query: unknown },
): CallerCheck {
  if (guard.allowedIps.length > 0) {
    const ip = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    if (!addressListOf(guard.allowedIps).check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) return 'address_not_allowed';
  }
  if (!guard.secret) return guard.isOpenWithoutSecret ? 'allowed' : 'no_secret_configured';
  const header = request.headers[guard.secretHeader];
  const query = (request.query as Record<string, unknown> | undefined)?.secret;
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  // Digests of equal length: timingSafeEqual needs them, and the secret's length is not told either.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(guard.secret)) ? 'allowed' : 'wrong_secret';
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
