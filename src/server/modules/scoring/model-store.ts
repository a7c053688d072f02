import { readFileSync } from 'node:fs';
import { parseScorecardModel, type ScorecardModel } from './scorecard-model';

/**
 * Model files live in ./models as scorecard-<version>.json; models/active.json names the one new
 * scores use. Old versions stay so any stored score can be reproduced with the model that made it.
 */
const MODELS_DIR = new URL('./models/', import.meta.url);
const cache = new Map<string, ScorecardModel>();
let activeVersion: string | undefined;

/** Read once per process: switching the active model takes a restart, so every instance switches cleanly. */
export function readActiveModelVersion(): string {
  if (activeVersion) return activeVersion;
  const manifest = JSON.parse(readFileSync(new URL('active.json', MODELS_DIR), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error('models/active.json has no version');
  activeVersion = manifest.version;
  return activeVersion;
}

/** The model of a version, parsed and checked once per process. */
export function loadModel(version: string): ScorecardModel {
  const cached = cache.get(version);
  if (cached) return cached;
  if (!/^[A-Za-z0-9._-]+$/.test(version)) throw new Error(`not a model version: ${version}`);
  const model = parseScorecardModel(JSON.parse(readFileSync(new URL(`scorecard-${version}.json`, MODELS_DIR), 'utf8')));
  if (model.version !== version) throw new Error(`scorecard-${version}.json holds version ${model.version}`);
  cache.set(version, model);
  return model;
}

export function loadActiveModel(): ScorecardModel {
  return loadModel(readActiveModelVersion());
}
