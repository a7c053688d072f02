import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue "Operable from day one", item 9: `npm run model:train -- --no-activate` still rewrote
// docs/scoring.md, the card of the ACTIVE model, with the figures of a model nobody activated. The
// reproduction: train a small model with --no-activate and compare docs/scoring.md and
// models/active.json byte for byte before and after. (--out keeps the trial model file out of the
// repository's models folder, which other tests read.)

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const out = mkdtempSync(join(tmpdir(), 'ccsl-train-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run model:train -- --no-activate', () => {
  it(
    'attack: a trial model trained with --no-activate leaves docs/scoring.md and models/active.json as they were; its card goes next to its file',
    { timeout: 300_000 },
    () => {
      const cardBefore = read('docs/scoring.md');
      const activeBefore = read('src/server/modules/scoring/models/active.json');
      const modelsBefore = readdirSync(new URL('src/server/modules/scoring/models/', root)).sort();
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/server/modules/scoring/training/train-cli.ts',
          '--people',
          '3000',
          '--seed',
          '7',
          '--version',
          '0.0.1-trial',
          '--no-activate',
          '--out',
          out,
        ],
        { cwd: new URL('.', root), encoding: 'utf8', timeout: 280_000 },
      );
      expect(run.error).toBeUndefined();
      expect(read('docs/scoring.md')).toBe(cardBefore);
      expect(read('src/server/modules/scoring/models/active.json')).toBe(activeBefore);
      expect(readdirSync(new URL('src/server/modules/scoring/models/', root)).sort()).toEqual(modelsBefore);
      expect(existsSync(join(out, 'scorecard-0.0.1-trial.json'))).toBe(true);
      expect(existsSync(join(out, 'active.json'))).toBe(false);
      const card = readFileSync(join(out, 'scorecard-0.0.1-trial.md'), 'utf8');
      expect(card).toContain('# Credit score model card: scorecard 0.0.1-trial');
      expect(card).toContain('--no-activate');
      expect(run.stdout).toMatch(/not activated/);
    },
  );
});
