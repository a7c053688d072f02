import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Where a webhook may be sent (decisions/031). In production only https to public addresses: a
// business must not make the bureau's servers call into their own network (the database, the
// cloud's metadata service at 169.254.169.254) or anyone's private one.

// Two lists: one BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d).
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  NOT_PUBLIC_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: would reach an IPv4 address around the list above
  ['64:ff9b::', 96], // NAT64, the same
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC_V6.addSubnet(net, bits, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveHost: ResolveHost = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a URL may not receive webhooks, or null when it may. Production: https only, no user or
 * password in it, and every address its host resolves to public (checked again at each delivery,
 * since DNS can change). Elsewhere http and https to any host, so tests and local development can
 * receive them on loopback.
 */
export async function webhookUrlProblem(raw: string, options: { production: boolean; resolve?: ResolveHost }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Give a full URL starting with https://';
  }
  if (url.username || url.password) return 'The URL may not carry a user name or password';
  if (!options.production) return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'Give a full URL starting with https://';
  if (url.protocol !== 'https:') return 'The URL must start with https://';
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (options.resolve ?? resolveHost)(host);
  } catch {
    return `The host ${host} could not be found`;
  }
  if (addresses.length === 0) return `The host ${host} could not be found`;
  if (!addresses.every(isPublicAddress)) return 'The URL must reach a public address: not loopback, private, link-local or multicast';
  return null;
}
