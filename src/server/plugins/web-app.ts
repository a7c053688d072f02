import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAppRoute } from '@shared/app-routes';
import type { MobileMoneyProviders } from '../modules/billing';
import { createLandingPage, hasSessionCookie } from './web-app-landing';

export const WEB_DIST = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * Serves the built React app: hashed assets cached for a year, the build's brotli or gzip copy of
 * each file when the browser takes it, and index.html for every other non-API GET so deep links
 * such as /consumer/disputes load the app; a path that is none of the app's routes (@shared/app-routes)
 * gets the same page with status 404. "/" for a visitor without a session cookie is the
 * landing page rendered on the server (web-app-landing.ts, decisions/018).
 */
async function webAppPlugin(app: FastifyInstance, options: { webDist?: string; mobileMoney?: MobileMoneyProviders }) {
  const root = options.webDist ?? WEB_DIST;
  const isBuilt = existsSync(`${root}/index.html`);
  if (isBuilt) {
    // Hashed files never change: cached for a year, and nothing to revalidate them with (an ETag,
    // a Last-Modified and Accept-Ranges were ~110 bytes on each of a page's dozen files, decisions/048).
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      decorateReply: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The rest (the pages' HTML, the icon, the theme script) keep their names: asked again each time, answered 304 by ETag.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**'],
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
  }

  // The consumer's pages each have their own copy of index.html that preloads all the files the page loads (decisions/048).
  const routePages = new Set(
    isBuilt && existsSync(join(root, 'routes', 'consumer'))
      ? readdirSync(join(root, 'routes', 'consumer')).flatMap((file) => (file.endsWith('.html') ? [`/consumer/${file.slice(0, -5)}`] : []))
      : [],
  );

  const landingPage = createLandingPage(app, join(dirname(root), 'web-ssr'), options.mobileMoney);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/metrics';
    if (request.method === 'GET' && path === '/' && isBuilt && !hasSessionCookie(request)) {
      if (await landingPage.send(request, reply)) return reply;
    }
    if (request.method === 'GET' && !isApi && isBuilt) {
      // A path that is no page of the app is a 404, with the same page: the app shows its not-found page.
      const status = isAppRoute(path) ? 200 : 404;
      const page = routePages.has(path) ? `routes${path}.html` : 'index.html';
      return reply.status(status).header('cache-control', 'no-cache').type('text/html').sendFile(page);
    }
    if (request.method === 'GET' && !isApi) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${path}` });
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
