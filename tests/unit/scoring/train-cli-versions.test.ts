import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modelFileName, readCheckedModel, readManifest, sha256Of } from '../../../src/server/modules/scoring/model-manifest';
import { loadModel, MODELS_DIR, readActiveVersionIn } from '../../../src/server/modules/scoring/model-store';
import { ExistingVersionError, refuseExistingVersion, writeModelFile } from '../../../src/server/modules/scoring/training/write-model';

// Issue 19, governance: "retraining under an existing version name overwrote the model file
// silently, after which 35 of 301 stored scores still reproduced". Training now refuses a version
// the folder has, before any work and again at the write, and --version has no default.

const root = new URL('../../../', import.meta.url);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ccsl-train-versions-'));
  dirs.push(dir);
  return dir;
};
/** Every file of a folder and its bytes' hash: to show nothing was touched. */
const fingerprint = (dir: string) => readdirSync(dir).map((f) => [f, sha256Of(readFileSync(join(dir, f)))]);

describe('the training write step', () => {
  it('writes a new version, records its SHA-256 in the manifest and the file loads with it', () => {
    const dir = tempDir();
    const model = { ...loadModel('2.1.0-demo'), version: '0.0.2-test' };
    const { file, sha256 } = writeModelFile(dir, model, { activate: true });
    expect(sha256).toBe(sha256Of(readFileSync(file)));
    expect(readManifest(dir)).toEqual({ '0.0.2-test': sha256 });
    expect(readCheckedModel(dir, '0.0.2-test').sha256).toBe(sha256);
    expect(JSON.parse(readFileSync(join(dir, 'active.json'), 'utf8'))).toEqual({ version: '0.0.2-test' });
  });

  it('attack: the same version again is refused and the first file, manifest and active.json stay as they were', () => {
    const dir = tempDir();
    const model = { ...loadModel('2.1.0-demo'), version: '0.0.3-test' };
    writeModelFile(dir, model, { activate: true });
    const before = fingerprint(dir);
    const retrained = { ...model, basePoints: model.basePoints + 1 };
    expect(() => writeModelFile(dir, retrained, { activate: true })).toThrow(ExistingVersionError);
    expect(fingerprint(dir)).toEqual(before);
  });

  it('attack: a version with a file but no manifest entry, or an entry but no file, is refused too', () => {
    const dir = tempDir();
    copyFileSync(join(MODELS_DIR, modelFileName('1.0.0-demo')), join(dir, modelFileName('1.0.0-demo')));
    expect(() => refuseExistingVersion(dir, '1.0.0-demo')).toThrow(ExistingVersionError);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ '7.0.0-gone': 'a'.repeat(64) }));
    expect(() => refuseExistingVersion(dir, '7.0.0-gone')).toThrow(/already exists/);
    expect(() => refuseExistingVersion(dir, '../escape')).toThrow(/letters, digits/);
    expect(() => refuseExistingVersion(dir, '7.0.1-new')).not.toThrow();
  });
});

describe('npm run model:train', () => {
  const train = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/modules/scoring/training/train-cli.ts', '--people', '200', ...args], {
      cwd: new URL('.', root),
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('attack: refuses every existing version before any work, exits non-zero and overwrites nothing', { timeout: 300_000 }, () => {
    // A copy of the models folder (the write would go to --out): the same refusal as in the repository's folder.
    const dir = tempDir();
    for (const f of readdirSync(MODELS_DIR)) copyFileSync(join(MODELS_DIR, f), join(dir, f));
    const before = fingerprint(dir);
    const repositoryBefore = fingerprint(MODELS_DIR);
    for (const version of ['1.0.0-demo', readActiveVersionIn(MODELS_DIR)]) {
      const run = train(['--version', version, '--out', dir]);
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`Model version ${version} already exists`);
      // Refused before the registry is generated.
      expect(run.stdout).not.toMatch(/Generating/);
    }
    expect(fingerprint(dir)).toEqual(before);
    expect(fingerprint(MODELS_DIR)).toEqual(repositoryBefore);
  });

  it('attack: without --version it refuses (there is no default that could name an existing model)', { timeout: 120_000 }, () => {
    const dir = tempDir();
    const run = train(['--out', dir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--version is required');
    expect(readdirSync(dir)).toEqual([]);
  });
});
