import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ROLE_API_SEGMENT } from './src/shared/roles';

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
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
  code?: string;
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

/**
 * What a consumer page asks the API for as soon as it runs, by page: the consumer's "me" call of the
 * session check (lib/session.ts asks the page's own role first, the other three only when that one
 * says "not me") and, for the dashboard, its two reads (features/consumer/api). The page's HTML
 * preloads them (writeRoutePages), so they travel with the code instead of after it. A URL here
 * that the page no longer reads costs a wasted request, which tests/e2e/slow-network.spec.ts sees
 * (each URL is fetched once).
 */
const SESSION_READS = [`/api/${ROLE_API_SEGMENT.consumer}/me`];
const CONSUMER_PAGE_READS: Record<string, string[]> = {
  dashboard: ['/api/consumers/me/dashboard', '/api/consumers/me/scores'],
};

/**
 * dist/web/routes/consumer/<page>.html: index.html with a modulepreload of every file the page
 * loads (its static imports, and the "me" answer's schema the session check imports) and a preload
 * of the API reads it makes first (decisions/048); the server sends it for that path (web-app.ts).
 * The browser fetches them all at once with the entry instead of learning of each from the step
 * before: on 3G each step of that chain was a 562 ms round trip.
 */
function writeRoutePages(webDist: string, chunks: TChunk[]) {
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  const alreadyListed = new Set([...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const roleLayout = chunkOf(chunks, '/components/layout/role-layout.tsx');
  const meSchemas = chunkOf(chunks, '/src/shared/schemas/me.ts');
  const pageModules = chunks.flatMap((c) => c.moduleIds ?? []).filter((id) => /\/src\/web\/features\/consumer\/[\w-]+-page\.tsx$/.test(id));
  if (pageModules.length < 6 || !indexHtml.includes('</head>')) throw new Error('route pages: no consumer pages or no </head>');
  mkdirSync(join(webDist, 'routes', 'consumer'), { recursive: true });
  for (const pageModule of pageModules) {
    const name = /([\w-]+)-page\.tsx$/.exec(pageModule)![1];
    const modules = [...importClosure(chunks, [roleLayout, meSchemas, chunkOf(chunks, pageModule)])]
      .filter((file) => !alreadyListed.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    // credentials: 'include' in lib/api.ts: the preload must ask the same way to be the answer the page takes.
    const reads = [...SESSION_READS, ...(CONSUMER_PAGE_READS[name] ?? [])].map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
    );
    writeFileSync(
      join(webDist, 'routes', 'consumer', `${name}.html`),
      indexHtml.replace('</head>', `${[...modules, ...reads].join('')}</head>`),
    );
  }
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

/**
 * In the browser's bundle, zod's JSON Schema generation is left out (decisions/048): every schema
 * class carries a `toJSONSchema` method, so the generator (about 5 KB compressed) rode on every
 * signed-in page although only the server's OpenAPI document uses it. zod's classic schemas import
 * it from two modules; in the browser those resolve to stand-ins whose functions throw, except
 * `aggregateChecks` (a string schema's `minLength` and kin read it), taken from the real module.
 * The stand-ins list the real modules' exports when built, so a zod release that renames one
 * fails the build rather than the page.
 */
function browserSkipsJsonSchema() {
  const STUB = '\0ccsl-zod-json-schema:';
  const zodCore = fromRoot('./node_modules/zod/v4/core/');
  const exportsOf = (file: string) =>
    [...readFileSync(join(zodCore, file), 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
  const unavailable = "() => { throw new Error('zod JSON Schema is not in the browser build (vite.config.ts)'); }";
  return {
    name: 'ccsl-zod-json-schema',
    enforce: 'pre' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    resolveId(source: string, importer: string | undefined) {
      if (!importer?.replaceAll('\\', '/').endsWith('/zod/v4/classic/schemas.js')) return null;
      if (source === '../core/json-schema-processors.js') return `${STUB}json-schema-processors.js`;
      if (source === '../core/to-json-schema.js') return `${STUB}to-json-schema.js`;
      return null;
    },
    load(id: string) {
      if (!id.startsWith(STUB)) return null;
      const file = id.slice(STUB.length);
      const names = exportsOf(file);
      const kept = file === 'json-schema-processors.js' ? ['aggregateChecks'] : [];
      if (!kept.every((name) => names.includes(name)) || names.length < 2)
        throw new Error(`zod's ${file} no longer exports what vite.config.ts expects`);
      const lines = names.filter((name) => !kept.includes(name)).map((name) => `export const ${name} = ${unavailable};`);
      if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(join(zodCore, file))};`);
      return lines.join('\n');
    },
  };
}

/**
 * `english-catalogue:<namespace>` is that namespace of the English catalogue file as a module of
 * its own (decisions/048). A bundle's unit is the module: a page that named its namespaces in
 * en.json would still carry the whole file, every page's English. So the portal's first load
 * carries the shell's namespaces (src/shared/i18n/files-browser.ts) and each page brings its own
 * (lib/i18n.ts withEnglish; tests/unit/english-with-pages.test.ts checks none is missing).
 */
function englishByNamespace() {
  const PREFIX = 'english-catalogue:';
  const file = fromRoot('./src/shared/i18n/locales/en.json');
  return {
    name: 'ccsl-english-by-namespace',
    enforce: 'pre' as const,
    resolveId(source: string) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const namespace = id.slice(PREFIX.length + 1);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (namespace === 'language' || !catalogue[namespace]) throw new Error(`en.json has no namespace "${namespace}"`);
      return `export default ${JSON.stringify(catalogue[namespace])};`;
    },
  };
}

/** The files `roots` load, through their static imports. */
function staticClosure(chunks: TChunk[], roots: TChunk[]): TChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  return [...importClosure(chunks, roots)].flatMap((file) => byName.get(file) ?? []);
}

/**
 * The signed-in consumer's code in a few files instead of ~90 (decisions/048): on 3G each file is a
 * round trip and ~900 bytes of headers. A first build splits the code as Rolldown does by default;
 * from its files `plan` sorts the modules the consumer's pages load (their files and the role
 * layout's, with what those import) into groups, which the second build makes one chunk each of:
 * - shared: what the landing page loads too, the entry's code with it (the landing page loads this
 *   one file instead of several, and nothing it did not load before);
 * - portal: the role layout's own code, loaded by every signed-in role;
 * - consumer: what every one of the consumer's pages loads;
 * - consumer-<page>[-<page>...]: what only those pages load (the forms library goes with the pages
 *   that have forms, not with the dashboard). More files cost no round trip: each page's HTML
 *   preloads all of its files at once (writeRoutePages).
 */
/** Minified bytes under which code several consumer pages share joins the file every page loads. */
const SMALLEST_PAGE_GROUP_BYTES = 4096;

function signedInChunks() {
  // Vite loads this file more than once in a build: the groups' tests and the plan share the map through globalThis.
  const shared = globalThis as { ccslSignedInGroups?: Map<string, string> };
  const groupOf = (shared.ccslSignedInGroups ??= new Map<string, string>());
  const groups = [
    {
      name: (id: string) => groupOf.get(id) ?? null,
      test: (id: string) => groupOf.has(id),
      includeDependenciesRecursively: false,
    },
  ];
  function plan(chunks: TChunk[]) {
    groupOf.clear();
    const entry = chunkOf(chunks, '/src/web/main.tsx');
    const isLanding = (c: TChunk) =>
      c.moduleIds?.some((id) => /\/features\/landing\/|\/components\/ui\/toaster\.tsx$|\/components\/layout\/public-layout\.tsx$/.test(id));
    const landing = new Set(staticClosure(chunks, [entry, ...chunks.filter((c) => c.type === 'chunk' && isLanding(c))]));
    const roleLayout = chunkOf(chunks, '/components/layout/role-layout.tsx');
    const portal = new Set(staticClosure(chunks, [roleLayout]));
    const consumerPages = chunks.filter(
      (c) => c.type === 'chunk' && c.isDynamicEntry && /\/src\/web\/features\/consumer\/[\w-]+-page\.tsx$/.test(c.facadeModuleId ?? ''),
    );
    if (consumerPages.length < 6) throw new Error('signed-in chunks: the consumer pages were not found');
    const pagesLoading = new Map<TChunk, TChunk[]>();
    for (const page of consumerPages)
      for (const chunk of staticClosure(chunks, [page])) pagesLoading.set(chunk, [...(pagesLoading.get(chunk) ?? []), page]);
    const pageName = (page: TChunk) => `consumer-${/([\w-]+)-page\.tsx$/.exec(page.facadeModuleId!)![1]}`;
    const groupOfChunk = new Map<TChunk, string>();
    const groupBytes = new Map<string, number>();
    for (const chunk of staticClosure(chunks, [roleLayout, ...consumerPages])) {
      const pages = pagesLoading.get(chunk) ?? [];
      const group = landing.has(chunk)
        ? 'shared'
        : portal.has(chunk)
          ? 'portal'
          : pages.length === consumerPages.length
            ? 'consumer'
            : `consumer-${pages
                .map((page) => pageName(page).slice('consumer-'.length))
                .sort()
                .join('-')}`;
      groupOfChunk.set(chunk, group);
      groupBytes.set(group, (groupBytes.get(group) ?? 0) + (chunk.code?.length ?? 0));
    }
    for (const [chunk, planned] of groupOfChunk) {
      // A few hundred bytes of code are not worth a file's headers: they go where every page gets them.
      const group = planned.startsWith('consumer-') && groupBytes.get(planned)! < SMALLEST_PAGE_GROUP_BYTES ? 'consumer' : planned;
      // The entry's file keeps only main.tsx: the rest joins the shared file, which then never imports the entry back.
      for (const id of chunk.moduleIds ?? []) if (!id.endsWith('/src/web/main.tsx')) groupOf.set(id, group);
    }
  }
  return { groups, plan };
}
const signedIn = signedInChunks();

/**
 * src/shared holds declarations only (schemas, labels, formats: no module there does anything when
 * imported), so a module none of whose exports a page uses is left out of its files. Without this,
 * a page that imported one schema through a barrel (`@shared/schemas/credit`) carried every module
 * the barrel names: the consumer's header carried the lenders' CSV and monthly-file schemas (decisions/048).
 */
function hasSideEffects(id: string): boolean {
  return !/\/src\/shared\/(?!i18n\/locales\/).*\.ts$/.test(id);
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
  plugins: [
    react(),
    tailwindcss(),
    serverRendersLandingOnly(),
    browserChecksPhonesLightly(),
    browserSkipsJsonSchema(),
    englishByNamespace(),
  ],
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
        rolldownOptions: {
          input: { index: fromRoot('./src/web/index.html'), 'landing-boot': fromRoot('./src/web/landing-boot.ts') },
          output: { codeSplitting: { groups: signedIn.groups } },
          treeshake: { moduleSideEffects: hasSideEffects },
        },
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
      type TOutput = Awaited<ReturnType<typeof builder.build>>;
      const chunksOf = (built: TOutput): TChunk[] =>
        (Array.isArray(built) ? built : [built]).flatMap((o) => ('output' in o ? (o.output as TChunk[]) : []));
      // Twice: the default split shows which files each page loads, then the consumer's are grouped (signedInChunks).
      signedIn.plan(chunksOf(await builder.build(builder.environments.client)));
      rmSync(join(WEB_DIST, 'assets'), { recursive: true, force: true });
      const chunks = chunksOf(await builder.build(builder.environments.client));
      await builder.build(builder.environments.ssr);
      writeLandingTemplate(WEB_DIST, SSR_DIST, chunks);
      writeRoutePages(WEB_DIST, chunks);
      await precompress(WEB_DIST);
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/metrics': 'http://localhost:3000' },
  },
});
