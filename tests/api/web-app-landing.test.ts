import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_DATA_MARK, LANDING_HTML_MARK, type TLandingData } from '../../src/shared/landing-data';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { managedContent } from '../../src/server/db/schema/index';
import { seedIfEmpty } from '../../src/server/db/seed/index';
import { loadConfig, type AppConfig } from '../../src/server/env';
import { logInAs } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import { testLogger } from '../helpers/test-log';

// The landing page rendered on the server (plugins/web-app-landing.ts, decisions/018), against a
// stand-in build: an app shell, one asset with its brotli copy, and a render bundle whose markup
// shows the data it was given.
const SHELL = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
const TEMPLATE = `<!doctype html><html lang="en" data-lazy-sections><head></head><body><div id="root">${LANDING_HTML_MARK}</div><script type="application/json" id="landing-data">${LANDING_DATA_MARK}</script></body></html>`;
const RENDERER = `
export async function renderLanding(data) {
  const headline = data.cms.hero.find((item) => item.key === 'main_headline')?.content ?? '';
  if (headline === 'THROW') throw new Error('the render failed');
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return '<h1>' + escape(headline) + '</h1><p>' + data.plans.plans.length + ' plans</p>';
}`;
/** A consumer page's own copy of the shell, with its preloads (vite.config.ts writeRoutePages, decisions/048). */
const DASHBOARD_SHELL = SHELL.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/app-abc123.js"></head>');
const ASSET = `export const answer = ${'42 + '.repeat(400)}0;\n`;

let dir: string;
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ccsl-landing-test-'));
  mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'web-ssr'));
  writeFileSync(join(dir, 'web', 'index.html'), SHELL);
  writeFileSync(join(dir, 'web', 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(dir, 'web', 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dir, 'web', 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  writeFileSync(join(dir, 'web-ssr', 'landing-template.html'), TEMPLATE);
  mkdirSync(join(dir, 'web', 'routes', 'consumer'), { recursive: true });
  writeFileSync(join(dir, 'web', 'routes', 'consumer', 'dashboard.html'), DASHBOARD_SHELL);
  writeFileSync(join(dir, 'web-ssr', 'entry-server.js'), RENDERER);

  const opened = await openTestDatabase('seeded');
  if (!opened.isSeeded) await seedIfEmpty(opened.db, { demoMode: true });
  database = opened;
  const config: AppConfig = { ...loadConfig({ NODE_ENV: 'test' }), loginRateLimit: 10_000, runScheduledJobs: false };
  app = await buildApp({ config, database, webDist: join(dir, 'web'), logger: testLogger(config) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET, uncompressed unless the headers say otherwise. */
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

const setHeadline = (content: string) =>
  database.db
    .update(managedContent)
    .set({ content })
    .where(and(eq(managedContent.section, 'hero'), eq(managedContent.key, 'main_headline')));

/** The data the page carries, parsed as the browser would. */
function landingDataOf(html: string): TLandingData {
  const json = /<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no landing data in the page');
  return JSON.parse(json) as TLandingData;
}

describe('GET / for a visitor without a session cookie', () => {
  it('is the landing page rendered from the live content, carrying the data it was rendered from', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const cms = (await get('/api/cms/content?section=hero')).json();
    const headline = cms.find((item: { key: string }) => item.key === 'main_headline').content;
    expect(res.body).toContain(`<h1>${headline.replace(/&/g, '&amp;')}</h1>`);
    expect(res.body).toContain('data-lazy-sections');
    // The same answers as the API's, so the browser's first render matches the server's.
    const data = landingDataOf(res.body);
    expect(data.cms.hero).toEqual(cms);
    expect(data.cms.pricing).toEqual((await get('/api/cms/content?section=pricing')).json());
    expect(data.plans).toEqual((await get('/api/plans')).json());
  });

  it('is sent compressed to a browser that takes brotli or gzip', async () => {
    const plain = (await get('/')).body;
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('shows changed content at once, and content that looks like markup stays text', async () => {
    await setHeadline('Credit for all </script><script>alert(1)</script> $& $1');
    const res = await get('/');
    // (A "$&" in the content is not read as a replacement pattern.)
    expect(res.body).toContain('<h1>Credit for all &lt;/script>&lt;script>alert(1)&lt;/script> $&amp; $1</h1>');
    // Inside the JSON script element no "</script" or "<!--" can close it early.
    expect(res.body.match(/<\/script/g)).toHaveLength(1);
    expect(landingDataOf(res.body).cms.hero.find((item) => item.key === 'main_headline')?.content).toBe(
      'Credit for all </script><script>alert(1)</script> $& $1',
    );
  });

  it('falls back to the app shell when the render fails', async () => {
    await setHeadline('THROW');
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    await setHeadline("Sierra Leone's First National Credit Bureau");
  });
});

describe('other answers', () => {
  it('GET / with a session cookie is the app shell: that visitor may be signed in', async () => {
    const cookie = await logInAs(app, 'consumer');
    const res = await get('/', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });

  it('any other page is the app shell', async () => {
    const res = await get('/why');
    expect(res.body).toBe(SHELL);
  });

  it('every route of the app answers 200 with the app shell, a trailing slash or a query included', async () => {
    const paths = ['/why', '/help/', '/auth', '/login', '/register', '/admin/login', '/subscribe', '/dashboard', '/analytics'];
    paths.push('/credit-scoring', '/business/search', '/consumer/access-log?x=1', '/admin/settings', '/regulator/incidents');
    paths.push('/invite/abc123', '/legal/terms', '/legal/privacy', '/legal/data-protection', '/legal/compliance', '/reset-password');
    for (const path of paths) {
      const res = await get(path);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
      expect(res.body).toBe(SHELL);
    }
  });

  it('a path that is no route of the app answers 404 with the same app shell, which shows the not-found page', async () => {
    for (const path of ['/no-such-page', '/business/nowhere', '/invite', '/invite/a/b', '/legal', '/assets/gone-123.js']) {
      const res = await get(path);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(SHELL);
    }
  });

  it('an unknown /api path is still the JSON 404', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a hashed asset is sent from its brotli copy, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
    // Only the headers that protect a subresource: a document's CSP and framing rules would be bytes for nothing.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Nothing to revalidate an immutable file with: no validators, no ranges.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });
});

describe("a consumer page's own shell (decisions/048)", () => {
  it('is sent for its path, with its preloads; another page gets the plain shell', async () => {
    const dashboard = await app.inject({ method: 'GET', url: '/consumer/dashboard?tab=1' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.body).toBe(DASHBOARD_SHELL);
    const reports = await app.inject({ method: 'GET', url: '/consumer/reports' });
    expect(reports.statusCode).toBe(200);
    expect(reports.body).toBe(SHELL);
    // Only a page's exact path: the file's own address is a static file, and nothing else maps onto the folder.
    const traversal = await app.inject({ method: 'GET', url: '/consumer/dashboard/..%2f..%2findex' });
    expect(traversal.body).not.toBe(DASHBOARD_SHELL);
  });
});
