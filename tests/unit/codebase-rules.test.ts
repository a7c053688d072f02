import { ESLint } from 'eslint';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The codebase's own rules (issue 16, decisions/026), held by tests so a change that breaks them is
// refused even when nobody reads the lint configuration: small files, modules opened through their
// door, no import cycles. The lint rules are checked against text that breaks them, linted as if it
// stood at a real path, so nothing is written to the tree.

const ROOT = join(__dirname, '../..');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('codebase rules', () => {
  it(`no file in src/ is over ${MAX_LINES} lines`, () => {
    const long = sourceFiles(join(ROOT, 'src'))
      .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  const eslint = new ESLint({ cwd: ROOT });
  const messagesOf = async (text: string, filePath: string) =>
    (await eslint.lintText(text, { filePath: join(ROOT, filePath) }))[0].messages.map((m) => `${m.ruleId}: ${m.message}`);

  it("refuses a server module's import of another module's internal file", async () => {
    const messages = await messagesOf(
      "import { buildCreditReport } from '../credit-file/report';\nexport const probe = buildCreditReport;\n",
      'src/server/modules/disputes/probe.ts',
    );
    expect(messages.join('\n')).toMatch(/import-x\/no-restricted-paths/);
    // Through the module's door it is allowed.
    const allowed = await messagesOf(
      "import { buildCreditReport } from '../credit-file';\nexport const probe = buildCreditReport;\n",
      'src/server/modules/disputes/probe.ts',
    );
    expect(allowed.filter((m) => m.startsWith('import-x/'))).toEqual([]);
  }, 60_000);

  it('refuses an import cycle between server files', async () => {
    // lib/business-actor.ts is imported by modules (billing, businesses…); importing a module back closes a cycle.
    const actor = readFileSync(join(ROOT, 'src/server/lib/business-actor.ts'), 'utf8');
    const messages = await messagesOf(`import '../modules/billing';\n${actor}`, 'src/server/lib/business-actor.ts');
    expect(messages.join('\n')).toMatch(/import-x\/no-cycle/);
  }, 60_000);

  it('refuses raw SQL rows typed by a cast in the server; a row schema passes', async () => {
    const head = "import { sql } from 'drizzle-orm';\nimport { z } from 'zod';\nimport type { Database } from '../../db/client';\n";
    const cast = await messagesOf(
      `${head}import { queryRows } from '../../db/query';\nexport const probe = (db: Database) => queryRows<{ n: number }>(db, sql\`SELECT 1 AS n\`);\nexport const unused = z;\n`,
      'src/server/modules/disputes/probe.ts',
    );
    expect(cast.join('\n')).toMatch(/no-restricted-syntax: Read raw SQL rows with queryParsedRows/);
    const parsed = await messagesOf(
      `${head}import { queryParsedRows } from '../../db/query';\nexport const probe = (db: Database) => queryParsedRows(db, z.object({ n: z.number() }), sql\`SELECT 1 AS n\`);\n`,
      'src/server/modules/disputes/probe.ts',
    );
    expect(parsed.filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  }, 60_000);

  it("refuses a web feature's import of another feature's internal file", async () => {
    const messages = await messagesOf(
      "import { CsvDropzone } from '@web/features/business/monthly-file';\nexport const probe = CsvDropzone;\n",
      'src/web/features/consumer/probe.tsx',
    );
    expect(messages.join('\n')).toMatch(/import-x\/no-restricted-paths/);
  }, 60_000);
});
