import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const WEB_DIST = fromRoot('./dist/web');
const SSR_DIST = fromRoot('./dist/web-ssr');

// `vite build` makes two bundles, the app (dist/web) and the landing page's server render
// (dist/web-ssr, decisions/018), then the landing page's HTML template and compressed copies of
// every text asset of the app.

/** Where the server puts the rendered markup and the data it was rendered from (the same strings as src/shared/landing-data.ts). */
const LANDING_HTML_MARK = '<!--ssr-landing-html-->';
const LANDING_DATA_MARK = '<!--ssr-landing-data-->';

interface TChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  moduleIds?: string[];
  imports?: string[];
}

/** The chunk that holds the module whose path ends with `suffix`. */
function chunkOf(chunks: TChunk[], suffix: string): TChunk {
  const chunk = chunks.find((c) => c.type === 'chunk' && c.moduleIds?.some((id) => id.endsWith(suffix)));
  if (!chunk) throw new Error(`landing build: no chunk for ${suffix}`);
  return chunk;
}

/** The chunks and every chunk they import, statically, by file name. */
function importClosure(chunks: TChunk[], roots: TChunk[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const dep of byName.get(fileName)?.imports ?? []) visit(dep);
  };
  for (const root of roots) visit(root.fileName);
  return files;
}

/**
 * dist/web-ssr/landing-template.html: the built index.html with the two marks the server fills;
 * landing-boot.ts in place of the app's entry and its preloads; on <html>, data-app-entry (the
 * entry landing-boot.ts starts) and data-lazy-sections (features/landing/below-the-fold.ts). The
 * app's code (the entry and the landing page, with what they import) is prefetched: downloaded at
 * low priority, not run, until landing-boot.ts starts it.
 */
function writeLandingTemplate(webDist: string, ssrDist: string, clientChunks: TChunk[]) {
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  const boot = chunkOf(clientChunks, '/src/web/landing-boot.ts');
  const entryScript = /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)"><\/script>/;
  const entryFile = entryScript.exec(indexHtml)?.[1];
  const entry = clientChunks.find((c) => c.fileName === entryFile);
  if (!entry) throw new Error('landing build: index.html has no entry script');
  if (boot.imports?.length) throw new Error('landing build: landing-boot.ts must import nothing');
  const prefetches = [...importClosure(clientChunks, [entry, chunkOf(clientChunks, '/src/web/features/landing/landing-page.tsx')])]
    .map((file) => `<link rel="prefetch" as="script" crossorigin href="/${file}">`)
    .join('');
  const root = '<div id="root"></div>';
  const preloads = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
  const html = '<html lang="en">';
  if (!indexHtml.includes(root) || !indexHtml.includes(html))
    throw new Error('landing build: index.html has no empty #root or no <html lang="en">');
  const template = indexHtml
    .replace(html, `<html lang="en" data-lazy-sections data-app-entry="/${entry.fileName}">`)
    .replace(preloads, '')
    .replace(entryScript, `<script type="module" crossorigin src="/${boot.fileName}"></script>`)
    .replace('</head>', `${prefetches}</head>`)
    .replace(
      root,
      `<div id="root">${LANDING_HTML_MARK}</div><script type="application/json" id="landing-data">${LANDING_DATA_MARK}</script>`,
    );
  writeFileSync(join(ssrDist, 'landing-template.html'), template);
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * name.br and name.gz next to every text file of 1 KB or more: @fastify/static serves them
 * (preCompressed) to a browser that accepts them, with no compression work per request.
 */
async function precompress(dir: string) {
  const files = listFiles(dir).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= 1024);
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const body = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipped);
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * In the browser's bundle, awesome-phonenumber is src/web/lib/phone-lite.ts (decisions/048): the
 * library's world metadata was the largest file of every signed-in page, for a check the server
 * makes again with the library itself. The server and the tests keep the real library.
 */
function browserChecksPhonesLightly() {
  const lite = fromRoot('./src/web/lib/phone-lite.ts');
  return {
    name: 'ccsl-phone-lite',
    enforce: 'pre' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    resolveId(source: string) {
      return source === 'awesome-phonenumber' ? lite : null;
    },
  };
}

const NOT_RENDERED = '\0ssr-not-rendered';

/**
 * In the server bundle, every lazy import except the landing page resolves to a stub: the server
 * renders only the landing page, so the other pages (charts, forms) need not be built for it.
 */
function serverRendersLandingOnly() {
  return {
    name: 'ccsl-ssr-landing-only',
    applyToEnvironment: (environment: { name: string }) => environment.name === 'ssr',
    resolveDynamicImport(specifier: unknown, importer: string | undefined) {
      // The landing feature's index.ts loads its page as './landing-page'.
      const isLandingPage =
        typeof specifier === 'string' && specifier.endsWith('landing-page') && !!importer?.includes('/features/landing/');
      if (typeof specifier !== 'string' || isLandingPage) return null;
      return NOT_RENDERED;
    },
    load(id: string) {
      if (id !== NOT_RENDERED) return null;
      return "export default function NotRenderedOnTheServer() { throw new Error('only the landing page is rendered on the server'); }\nexport const Toaster = NotRenderedOnTheServer;\nexport const PublicLayout = NotRenderedOnTheServer;\nexport const RoleLayout = NotRenderedOnTheServer;\nexport const BusinessDocumentsSection = NotRenderedOnTheServer;";
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss(), serverRendersLandingOnly(), browserChecksPhonesLightly()],
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: WEB_DIST,
    emptyOutDir: true,
    sourcemap: false,
  },
  environments: {
    client: {
      // landing-boot.ts: the server-rendered landing page's script (decisions/018).
      build: {
        rolldownOptions: { input: { index: fromRoot('./src/web/index.html'), 'landing-boot': fromRoot('./src/web/landing-boot.ts') } },
      },
    },
    // The landing page's server render (decisions/018): one file with React and every library
    // bundled in, so the server needs none of the web's (dev) dependencies at run time.
    ssr: {
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: SSR_DIST,
        emptyOutDir: true,
        copyPublicDir: false,
        // One file, next to the template the server reads with it (web-app-landing.ts).
        rolldownOptions: { input: { 'entry-server': fromRoot('./src/web/entry-server.tsx') }, output: { codeSplitting: false } },
      },
    },
  },
  // `vite build` builds both, then the landing template and the compressed copies.
  builder: {
    async buildApp(builder) {
      const client = await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
      const outputs = Array.isArray(client) ? client : [client];
      const chunks = outputs.flatMap((o) => ('output' in o ? o.output : []));
      writeLandingTemplate(WEB_DIST, SSR_DIST, chunks);
      await precompress(WEB_DIST);
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/metrics': 'http://localhost:3000' },
  },
});
