import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatManifest, MANIFEST_FILE, MODEL_VERSION_PATTERN, modelFileName, readManifest, sha256Of } from '../model-manifest';
import type { ScorecardModel } from '../scorecard-model';

/**
 * Training never replaces a model: a version that is in the folder's manifest or has a file there
 * is refused before any work (and again at the write, which creates the file exclusively), so the
 * scores stored with that version keep the model that made them (issue 19: a retrain under an
 * existing name once overwrote the file, after which 35 of 301 stored scores still reproduced).
 */
export class ExistingVersionError extends Error {
  constructor(readonly version: string) {
    super(
      `Model version ${version} already exists (${modelFileName(version)} or its entry in ${MANIFEST_FILE}); a model is never replaced, because the scores stored with it must stay reproducible. Train under a new version, e.g. --version ${nextVersionHint(version)}.`,
    );
    this.name = 'ExistingVersionError';
  }
}

/** "2.1.0-demo" -> "2.1.1-demo": a hint only; the person training chooses the name. */
function nextVersionHint(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)(.*)$/.exec(version);
  return match ? `${match[1]}.${match[2]}.${Number(match[3]) + 1}${match[4]}` : `${version}-2`;
}

/** The bytes of a model file, as training writes them: their SHA-256 is the model's hash. */
export const modelFileBytes = (model: ScorecardModel) => `${JSON.stringify(model, null, 2)}\n`;

/** Throws when the version cannot name a new model in this folder. */
export function refuseExistingVersion(modelsDir: string, version: string): void {
  if (!MODEL_VERSION_PATTERN.test(version)) throw new Error(`--version ${version}: letters, digits, dots, dashes and underscores only`);
  if (existsSync(join(modelsDir, modelFileName(version))) || readManifest(modelsDir)[version] !== undefined)
    throw new ExistingVersionError(version);
}

/**
 * Writes scorecard-<version>.json (never over an existing file), records its SHA-256 in the
 * folder's manifest, and with `activate` names it in active.json.
 */
export function writeModelFile(modelsDir: string, model: ScorecardModel, options: { activate: boolean }): { file: string; sha256: string } {
  refuseExistingVersion(modelsDir, model.version);
  mkdirSync(modelsDir, { recursive: true });
  const file = join(modelsDir, modelFileName(model.version));
  const bytes = modelFileBytes(model);
  try {
    writeFileSync(file, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ExistingVersionError(model.version);
    throw error;
  }
  const sha256 = sha256Of(bytes);
  writeFileSync(join(modelsDir, MANIFEST_FILE), formatManifest({ ...readManifest(modelsDir), [model.version]: sha256 }));
  if (options.activate) writeFileSync(join(modelsDir, 'active.json'), `${JSON.stringify({ version: model.version }, null, 2)}\n`);
  return { file, sha256 };
}
