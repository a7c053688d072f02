import { LANDING_DATA_MARK, LANDING_HTML_MARK, type TLandingData, type TLandingRenderer } from '@shared/landing-data';
import { CMS_SECTIONS } from '@shared/schemas/content';
import { ZPlanListSchema } from '@shared/schemas/payments';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { managedContent } from '../db/schema/index';
import { SESSION_COOKIE } from '../modules/accounts';
import { planCatalogue, type MobileMoneyProviders } from '../modules/billing';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface TRenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The JSON of the landing data, safe inside a script element (no "</script" or "<!--"). */
function scriptSafeJson(data: TLandingData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The best encoding the browser accepts of br and gzip, else none. */
function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** True when the request carries a session cookie: that visitor may be signed in. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`).test(request.headers.cookie ?? '');
}

/**
 * The landing page rendered on the server from the live managed content and plan catalogue
 * (decisions/018): dist/web-ssr/entry-server.js renders it, the result is cached (compressed)
 * until the content changes, and the page carries the data so the browser hydrates the same markup.
 * send() answers false when it cannot (no server bundle, a render error): the caller then sends
 * the app shell, which renders the page in the browser as before.
 */
export function createLandingPage(app: FastifyInstance, ssrDist: string, mobileMoney: MobileMoneyProviders = {}) {
  let bundle: Promise<{ template: string; renderer: TLandingRenderer }> | null = null;
  let cache: { key: string; page: Promise<TRenderedPage> } | null = null;

  // Read once, like the static files (@fastify/static lists them at start): a new build needs a restart.
  function loadBundle() {
    bundle ??= (async () => {
      const template = readFileSync(join(ssrDist, 'landing-template.html'), 'utf8');
      const renderer = (await import(pathToFileURL(join(ssrDist, 'entry-server.js')).href)) as TLandingRenderer;
      return { template, renderer };
    })();
    bundle.catch(() => {
      bundle = null;
    });
    return bundle;
  }

  // What GET /api/cms/content (each section) and GET /api/plans answer.
  async function loadData(): Promise<TLandingData> {
    const [rows, planList] = await Promise.all([
      app.db
        .select({ section: managedContent.section, key: managedContent.key, content: managedContent.content })
        .from(managedContent)
        .where(inArray(managedContent.section, [...CMS_SECTIONS]))
        .orderBy(asc(managedContent.key)),
      planCatalogue(app.db, mobileMoney),
    ]);
    const section = (name: (typeof CMS_SECTIONS)[number]) =>
      rows.filter((r) => r.section === name).map(({ key, content }) => ({ key, content }));
    return {
      cms: { hero: section('hero'), features: section('features'), pricing: section('pricing') },
      plans: ZPlanListSchema.parse(planList),
    };
  }

  async function render(template: string, renderer: TLandingRenderer, data: TLandingData, json: string): Promise<TRenderedPage> {
    const markup = await renderer.renderLanding(data);
    // Functions as replacements: a "$" in the content must stay a "$".
    const html = Buffer.from(template.replace(LANDING_HTML_MARK, () => markup).replace(LANDING_DATA_MARK, () => json));
    const [br, gzipped] = await Promise.all([
      brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipAsync(html, { level: 9 }),
    ]);
    return { identity: html, br, gzip: gzipped };
  }

  return {
    async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      try {
        const { template, renderer } = await loadBundle();
        const data = await loadData();
        const json = scriptSafeJson(data);
        // The footer shows the year: a new year is new content.
        const key = `${new Date().getFullYear()}:${json}`;
        if (cache?.key !== key) {
          const page = render(template, renderer, data, json);
          cache = { key, page };
          page.catch(() => {
            if (cache?.page === page) cache = null;
          });
        }
        const page = await cache.page;
        const encoding = chooseEncoding(request.headers['accept-encoding']);
        reply
          .code(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Another answer goes to a browser with a session cookie (the app shell) or without br/gzip.
          .header('vary', 'Accept-Encoding, Cookie');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        await reply.send(page[encoding]);
        return true;
      } catch (error) {
        // Not built with a server bundle (API tests, an old build): the shell, silently.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        request.log.warn({ err: error }, 'landing page server render failed; sending the app shell');
        return false;
      }
    },
  };
}
