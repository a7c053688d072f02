import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ModelFileError,
  formatManifest,
  modelFileName,
  readCheckedModel,
  readManifest,
  sha256Of,
} from '../../../src/server/modules/scoring/model-manifest';
import { loadCheckedModel, MODELS_DIR, readActiveVersionIn } from '../../../src/server/modules/scoring/model-store';

// Issue 19, governance: model files named by version and content hash, checked at load. A copy of
// the models folder is tampered with in a temporary folder (other tests read the real one).

const versions = readdirSync(MODELS_DIR)
  .map((f) => /^scorecard-(.+)\.json$/.exec(f)?.[1])
  .filter((v): v is string => v !== undefined)
  .sort();
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfModels(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccsl-models-'));
  copies.push(dir);
  for (const file of readdirSync(MODELS_DIR)) copyFileSync(join(MODELS_DIR, file), join(dir, file));
  return dir;
}

describe('models/manifest.json', () => {
  it('records every committed model file, and only those, with the SHA-256 of its bytes', () => {
    const manifest = readManifest(MODELS_DIR);
    expect(Object.keys(manifest).sort()).toEqual(versions);
    for (const version of versions) expect(manifest[version]).toBe(sha256Of(readFileSync(join(MODELS_DIR, modelFileName(version)))));
    // Written as the training writes it, so a retrain shows as a one-line diff.
    expect(readFileSync(join(MODELS_DIR, 'manifest.json'), 'utf8')).toBe(formatManifest(manifest));
  });

  it('keeps every version that made stored scores loadable, each with its recorded hash', () => {
    expect(versions).toEqual(expect.arrayContaining(['1.0.0-demo', '2.0.0-demo', '2.1.0-demo']));
    for (const version of versions) {
      const { model, sha256 } = loadCheckedModel(version);
      expect(model.version).toBe(version);
      expect(sha256).toBe(readManifest(MODELS_DIR)[version]);
    }
  });

  it('attack: a model file changed by one byte after training is refused, naming both hashes', () => {
    const dir = copyOfModels();
    const file = join(dir, modelFileName('2.0.0-demo'));
    const bytes = readFileSync(file, 'utf8');
    // Same JSON, same model, one space more: still not the file that was trained and recorded.
    writeFileSync(file, bytes.replace('"version":', '"version" :'));
    const recorded = readManifest(dir)['2.0.0-demo'];
    let error: unknown;
    try {
      readCheckedModel(dir, '2.0.0-demo');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ModelFileError);
    expect((error as ModelFileError).foundSha256).toBe(sha256Of(readFileSync(file)));
    expect((error as Error).message).toContain(recorded);
    expect((error as Error).message).toContain((error as ModelFileError).foundSha256!);
    // The other versions still load.
    expect(readCheckedModel(dir, '1.0.0-demo').model.version).toBe('1.0.0-demo');
  });

  it('attack: the active model changed in place stops the load the server does at start', () => {
    const dir = copyOfModels();
    const active = readActiveVersionIn(dir);
    const file = join(dir, modelFileName(active));
    const model = JSON.parse(readFileSync(file, 'utf8'));
    model.basePoints += 10;
    writeFileSync(file, `${JSON.stringify(model, null, 2)}\n`);
    expect(() => readCheckedModel(dir, readActiveVersionIn(dir))).toThrow(/not the .* recorded in models\/manifest.json/);
  });

  it('attack: a model file the manifest does not record, or a recorded one that is missing, is refused', () => {
    const dir = copyOfModels();
    copyFileSync(join(dir, modelFileName('2.1.0-demo')), join(dir, modelFileName('9.9.9-copy')));
    expect(() => readCheckedModel(dir, '9.9.9-copy')).toThrow(ModelFileError);
    rmSync(join(dir, modelFileName('1.0.0-demo')));
    expect(() => readCheckedModel(dir, '1.0.0-demo')).toThrow(/missing/);
    expect(() => readCheckedModel(dir, '../active')).toThrow(/not a model version/);
  });

  it('a file whose bytes hash to the record but hold another version is refused', () => {
    const dir = copyOfModels();
    const manifest = readManifest(dir);
    copyFileSync(join(dir, modelFileName('2.1.0-demo')), join(dir, modelFileName('2.2.0-renamed')));
    writeFileSync(join(dir, 'manifest.json'), formatManifest({ ...manifest, '2.2.0-renamed': manifest['2.1.0-demo'] }));
    expect(() => readCheckedModel(dir, '2.2.0-renamed')).toThrow(/holds version 2.1.0-demo/);
  });
});

describe('migration 0032', () => {
  it('fills the hash of scores stored before it with the hash the manifest records for their version', () => {
    const migration = readFileSync(
      new URL('../../../src/server/db/migrations/0032_credit_scores_model_sha256.sql', import.meta.url),
      'utf8',
    );
    const filled = Object.fromEntries([...migration.matchAll(/WHEN '([^']+)' THEN '([0-9a-f]{64})'/g)].map((m) => [m[1], m[2]]));
    expect(filled).toEqual(readManifest(MODELS_DIR));
  });
});

describe('the model card', () => {
  it('names the active model file and its SHA-256, and says training never overwrites a version', () => {
    const card = readFileSync(new URL('../../../docs/scoring.md', import.meta.url), 'utf8');
    const active = readActiveVersionIn(MODELS_DIR);
    expect(card).toContain(`Model file \`scorecard-${active}.json\`, SHA-256 \`${readManifest(MODELS_DIR)[active]}\``);
    expect(card).toContain(`without \`--out\` it refuses ${active}`);
  });
});
