import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isPublicAddress, webhookUrlProblem } from './url-rules';

/** How long a receiver has to answer (status line and headers). */
export const DELIVERY_TIMEOUT_MS = 5_000;

export interface SendOutcome {
  /** The receiver's HTTP status, or null when it gave none. */
  status: number | null;
  error: string | null;
}

export type SendWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<SendOutcome>;

class RefusedAddressError extends Error {}

/**
 * The connection's DNS lookup in production: every address must be public, and the one connected to
 * is one of those checked, so a name that changes its answer between the check and the connection
 * (DNS rebinding) still cannot reach a private address.
 */
function publicOnlyLookup(hostname: string, options: object, callback: (...args: any[]) => void) {
  dnsLookup(hostname, { ...(options as LookupAllOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(new RefusedAddressError('The URL resolves to an address that is not public'));
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

const errorText = (error: Error & { code?: string }) => {
  if (error instanceof RefusedAddressError) return error.message;
  if (error.code === 'ECONNREFUSED') return 'Connection refused';
  if (error.code === 'ENOTFOUND') return 'Host not found';
  if (error.code === 'ECONNRESET') return 'Connection reset';
  return error.message.slice(0, 200);
};

/**
 * One POST: no redirect followed (node's request does not follow them; a 3xx is a failed attempt),
 * the answer's body not read, DELIVERY_TIMEOUT_MS for the status line.
 */
export function sendWebhook(options: { production: boolean }): SendWebhook {
  return async (url, body, headers) => {
    const problem = await webhookUrlProblem(url, { production: options.production });
    if (problem) return { status: null, error: problem };
    const target = new URL(url);
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendOutcome>((resolve) => {
      const req = request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          ...(options.production ? { lookup: publicOnlyLookup } : {}),
        },
        (res) => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? null, error: null });
          res.destroy();
        },
      );
      const timer = setTimeout(() => req.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS);
      req.on('error', (error) => {
        clearTimeout(timer);
        resolve({ status: null, error: errorText(error) });
      });
      req.end(body);
    });
  };
}
