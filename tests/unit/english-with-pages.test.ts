import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES } from '../../src/shared/i18n/files-browser';

// decisions/048: the web's first load carries the English of the shell (SHELL_NAMESPACES) and each
// page brings the rest of its English with its own code (`withEnglish` at the top of the page's
// module). A page that shows text of a namespace it did not bring would show the keys: this test
// reads each page's code and what it imports and fails first.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const NAMESPACES = Object.keys(JSON.parse(readFileSync(join(SRC, 'shared/i18n/locales/en.json'), 'utf8'))).filter(
  (key) => key !== 'language',
);
const SHELL = new Set<string>(SHELL_NAMESPACES);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@web/')
    ? join(SRC, 'web', specifier.slice(5))
    : specifier.startsWith('.')
      ? normalize(join(dirname(from), specifier))
      : null;
  if (!base) return null;
  return (
    [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (c) => existsSync(c) && statSync(c).isFile(),
    ) ?? null
  );
}

/** The web modules a module loads, statically or lazily (a lazy part of a page runs after the page's registration). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
    ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.flatMap((s) => resolve(file, s) ?? []).filter((f) => f.startsWith(join(SRC, 'web')));
}

/** The namespaces a module reads: useT('x'), useT(['x', 'y']) and keys written 'x:…'. */
function namespacesReadBy(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const read = new Set<string>();
  for (const call of text.matchAll(/useT\(\s*(\[[^\]]*\]|'[a-z]+')/g)) for (const ns of call[1].matchAll(/'([a-z]+)'/g)) read.add(ns[1]);
  // Keys written with their namespace, in code that translates (an API key's scope 'reports:read' is no key).
  if (/useT\(|TFunction|i18n/.test(text))
    for (const key of text.matchAll(/['`]([a-z]+):/g)) if (NAMESPACES.includes(key[1])) read.add(key[1]);
  return read;
}

/** What a page module brings: the namespaces of its `withEnglish({...})`. */
function namespacesBroughtBy(file: string): Set<string> {
  const call = /withEnglish\(\{([^}]*)\}\)/.exec(readFileSync(file, 'utf8'));
  return new Set(call ? [...call[1].matchAll(/(\w+):/g)].map((m) => m[1]) : []);
}

/** Everything the page runs, except the shell's own modules (lib, layout), which the next test holds to the shell's namespaces. */
function pageClosure(page: string): string[] {
  const seen = new Set([page]);
  const queue = [page];
  for (let file = queue.pop(); file; file = queue.pop())
    for (const next of importsOf(file))
      if (!seen.has(next) && !/\/web\/(lib|components\/layout|app)\//.test(next)) {
        seen.add(next);
        queue.push(next);
      }
  return [...seen];
}

const PAGES = filesUnder(join(SRC, 'web/features')).filter((f) => /-page\.tsx$/.test(f));

describe("each page's English", () => {
  it('the pages were found, and the shell names namespaces of the catalogue', () => {
    expect(PAGES.length).toBeGreaterThan(30);
    for (const ns of SHELL) expect(NAMESPACES).toContain(ns);
  });

  it.each(PAGES.map((page) => [page.slice(SRC.length), page]))('%s brings every namespace it reads beyond the shell', (_name, page) => {
    const read = new Set(pageClosure(page).flatMap((file) => [...namespacesReadBy(file)]));
    const missing = [...read].filter((ns) => !SHELL.has(ns) && !namespacesBroughtBy(page).has(ns));
    expect(missing, 'add them to the page\'s withEnglish({...}) with `import x from "english-catalogue:x"`').toEqual([]);
  });

  it("the shell's own code (app, lib, layout) reads only the shell's namespaces", () => {
    const shellFiles = ['web/app', 'web/lib', 'web/components/layout'].flatMap((dir) => filesUnder(join(SRC, dir)));
    const outside = shellFiles.flatMap((file) =>
      [...namespacesReadBy(file)].filter((ns) => !SHELL.has(ns)).map((ns) => `${file.slice(SRC.length)}: ${ns}`),
    );
    expect(outside).toEqual([]);
  });
});
