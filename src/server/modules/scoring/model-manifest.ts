import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseScorecardModel, type ScorecardModel } from './scorecard-model';

/**
 * The models folder's manifest (models/manifest.json): each model version and the SHA-256 of its
 * file's bytes. A model file is named by its version (scorecard-<version>.json) and loaded only
 * when its bytes hash to the recorded value, so a file edited or retrained in place is refused
 * instead of silently scoring, or re-scoring, with other points (decisions/038).
 */
export const MANIFEST_FILE = 'manifest.json';

const ZManifestSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex'));
export type ModelManifest = z.infer<typeof ZManifestSchema>;

/** A version name is a file name part: nothing that could reach outside the folder. */
export const MODEL_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const modelFileName = (version: string) => `scorecard-${version}.json`;

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A model file that is absent, unrecorded or not the file recorded: never loaded. */
export class ModelFileError extends Error {
  constructor(
    readonly version: string,
    message: string,
    /** The SHA-256 of the bytes found, when there is a file. */
    readonly foundSha256: string | null = null,
  ) {
    super(message);
    this.name = 'ModelFileError';
  }
}

/** The manifest of a models folder; an empty one when the folder has none yet (a new --out folder). */
export function readManifest(modelsDir: string): ModelManifest {
  const file = join(modelsDir, MANIFEST_FILE);
  if (!existsSync(file)) return {};
  return ZManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Versions in order, one a line: the file is read by people reviewing a model change. */
export function formatManifest(manifest: ModelManifest): string {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

export interface CheckedModel {
  model: ScorecardModel;
  /** SHA-256 of the file's bytes, equal to the manifest's record. */
  sha256: string;
}

/**
 * Reads scorecard-<version>.json from a models folder, checks its bytes against the manifest, then
 * parses and checks the model. Throws ModelFileError when the file is absent, not in the manifest,
 * or its bytes do not hash to the recorded SHA-256.
 */
export function readCheckedModel(modelsDir: string, version: string): CheckedModel {
  if (!MODEL_VERSION_PATTERN.test(version)) throw new ModelFileError(version, `not a model version: ${version}`);
  const recorded = readManifest(modelsDir)[version];
  if (!recorded) throw new ModelFileError(version, `model ${version} is not in models/${MANIFEST_FILE}`);
  const file = join(modelsDir, modelFileName(version));
  if (!existsSync(file)) throw new ModelFileError(version, `${modelFileName(version)} is missing`);
  const bytes = readFileSync(file);
  const sha256 = sha256Of(bytes);
  if (sha256 !== recorded)
    throw new ModelFileError(
      version,
      `${modelFileName(version)} has SHA-256 ${sha256}, not the ${recorded} recorded in models/${MANIFEST_FILE}: the file changed after it was trained, so it is not loaded`,
      sha256,
    );
  const model = parseScorecardModel(JSON.parse(bytes.toString('utf8')));
  if (model.version !== version) throw new ModelFileError(version, `${modelFileName(version)} holds version ${model.version}`, sha256);
  return { model, sha256 };
}
