import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ScorecardModel } from './scorecard-model';
import { readCheckedModel, type CheckedModel } from './model-manifest';

/**
 * Model files live in ./models as scorecard-<version>.json, each recorded with the SHA-256 of its
 * bytes in models/manifest.json and refused when they differ (model-manifest.ts); models/active.json
 * names the one new scores use. Old versions stay so any stored score can be reproduced with the
 * model that made it.
 */
export const MODELS_DIR = fileURLToPath(new URL('./models/', import.meta.url));
const cache = new Map<string, CheckedModel>();
let activeVersion: string | undefined;

/** The version models/active.json (or a given folder's active.json) names. */
export function readActiveVersionIn(modelsDir: string): string {
  const active = JSON.parse(readFileSync(`${modelsDir.replace(/\/$/, '')}/active.json`, 'utf8')) as { version?: unknown };
  if (typeof active.version !== 'string') throw new Error('models/active.json has no version');
  return active.version;
}

/** Read once per process: switching the active model takes a restart, so every instance switches cleanly. */
export function readActiveModelVersion(): string {
  activeVersion ??= readActiveVersionIn(MODELS_DIR);
  return activeVersion;
}

/** The model of a version and its file's SHA-256, checked against the manifest once per process. */
export function loadCheckedModel(version: string): CheckedModel {
  const cached = cache.get(version);
  if (cached) return cached;
  const checked = readCheckedModel(MODELS_DIR, version);
  cache.set(version, checked);
  return checked;
}

export function loadModel(version: string): ScorecardModel {
  return loadCheckedModel(version).model;
}

/** The active model and its SHA-256; throws (and so stops the server at start) when its file is not the one recorded. */
export function loadActiveCheckedModel(): CheckedModel {
  return loadCheckedModel(readActiveModelVersion());
}

export function loadActiveModel(): ScorecardModel {
  return loadActiveCheckedModel().model;
}
