import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '@shared/api-version';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict Content-Security-Policy the built app runs under: scripts only from this origin, no
 * inline script, no eval (the web app turns zod's JIT off: src/web/lib/zod-config.ts). Inline
 * styles stay allowed: a Radix dialog's scroll lock (react-remove-scroll) injects a <style>
 * element, which a style-src without 'unsafe-inline' blocks (tests/e2e/content-security-policy.spec.ts).
 */
function helmetOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    strictTransportSecurity: isProduction,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's headers, worked out once. They depend only on the options (no per-request nonce), so
 * every response gets the same set. @fastify/helmet built a new helmet middleware, parsing the
 * CSP directives again, for every request: 3.5% of a report's server CPU (docs/performance.md).
 */
export function securityHeaders(isProduction: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(helmetOptions(isProduction))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = securityHeaders(app.config.isProduction);
  // Every API answer may carry a person's data (a report, a file, an identity): no browser, proxy
  // or shared cache keeps it. A route that means to be cached sets its own header.
  // And every one names the API version it speaks (a client logs it beside its own).
  const apiHeaders = { ...headers, 'cache-control': 'no-store', 'api-version': API_VERSION };
  // A hashed script, style or font is no document: a CSP, frame or referrer header on it does
  // nothing, and a phone on 3G paid ~650 bytes of them on each of the portal's dozens of files
  // (tests/e2e/slow-network.spec.ts). It keeps the two that protect a subresource.
  const assetHeaders = {
    'x-content-type-options': headers['x-content-type-options'],
    'cross-origin-resource-policy': headers['cross-origin-resource-policy'],
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : request.url.startsWith('/assets/') ? assetHeaders : headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
