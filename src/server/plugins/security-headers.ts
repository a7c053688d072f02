import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A strict Content-Security-Policy the built app runs under: scripts only from this origin, no
 * inline script, no eval (the web app turns zod's JIT off: src/web/lib/zod-config.ts). Inline
 * styles stay allowed: a Radix dialog's scroll lock (react-remove-scroll) injects a <style>
 * element, which a style-src without 'unsafe-inline' blocks (tests/e2e/content-security-policy.spec.ts).
 */
async function securityHeadersPlugin(app: FastifyInstance) {
  await app.register(helmet, {
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
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: app.config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
