import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { SCORE_MAX, SCORE_MIN, type TScoreBand } from '@shared/scoring';
import { bandOf } from './apply-scorecard';
import { FEATURE_KEYS, type FeatureVector } from './feature-definitions';
import type { ScorecardModel } from './scorecard-model';

/**
 * The challenger: a second model fitted by `npm run model:train` on the same training rows as the
 * live scorecard (a plain logistic regression on the features' raw values), kept beside it as
 * models/challenger-<live version>.json. It is compared with the live model in the model card and
 * in each drift run, and never scores anyone a lender sees (decisions/038).
 */

const ZColumnSchema = z.discriminatedUnion('kind', [
  /** (value - mean) / sd, a missing value taking the mean. */
  z.object({ kind: z.literal('value'), key: z.enum(FEATURE_KEYS), mean: z.number(), sd: z.number().positive(), coefficient: z.number() }),
  /** 1 when the value is missing, else 0. */
  z.object({ kind: z.literal('missing'), key: z.enum(FEATURE_KEYS), coefficient: z.number() }),
]);
export type ChallengerColumn = z.infer<typeof ZColumnSchema>;

export const ZChallengerModelSchema = z.object({
  format: z.literal('ccsl-challenger/1'),
  kind: z.literal('plain_logistic_regression'),
  /** The live model it challenges: fitted on that model's training rows. */
  championVersion: z.string().min(1),
  createdAt: z.string(),
  /** Log-odds of "good" = intercept + sum of coefficient x column. */
  intercept: z.number(),
  columns: z.array(ZColumnSchema).min(1),
  /** Its figures beside the live model's (the model card's challenger section is written from them). */
  training: z.record(z.string(), z.unknown()),
});
export type ChallengerModel = z.infer<typeof ZChallengerModelSchema>;

/** The challenger's log-odds of "good" for a feature vector. */
export function challengerLogOdds(model: Pick<ChallengerModel, 'intercept' | 'columns'>, features: FeatureVector): number {
  let sum = model.intercept;
  for (const c of model.columns) {
    const value = features[c.key];
    sum += c.coefficient * (c.kind === 'value' ? ((value ?? c.mean) - c.mean) / c.sd : value === null ? 1 : 0);
  }
  return sum;
}

/**
 * The challenger's log-odds put on the live model's points scale (offset + factor x log-odds),
 * clipped as the live model clips a fitted file, and its band by the live model's bands: so the
 * two can be compared person by person.
 */
export function challengerScore(
  champion: ScorecardModel,
  challenger: Pick<ChallengerModel, 'intercept' | 'columns'>,
  features: FeatureVector,
): { value: number; band: TScoreBand } {
  const floor = champion.rule ? champion.rule.to + 1 : SCORE_MIN;
  const raw = Math.round(champion.scaling.offset + champion.scaling.factor * challengerLogOdds(challenger, features));
  const value = Math.min(SCORE_MAX, Math.max(floor, raw));
  return { value, band: bandOf(champion, value) };
}

const MODELS_DIR = new URL('./models/', import.meta.url);
const cache = new Map<string, ChallengerModel | null>();

/** The challenger of a live model version, or null when training wrote none. Read once per process. */
export function loadChallengerFor(championVersion: string): ChallengerModel | null {
  if (cache.has(championVersion)) return cache.get(championVersion) ?? null;
  if (!/^[A-Za-z0-9._-]+$/.test(championVersion)) throw new Error(`not a model version: ${championVersion}`);
  const file = new URL(`challenger-${championVersion}.json`, MODELS_DIR);
  const model = existsSync(file) ? ZChallengerModelSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null;
  if (model && model.championVersion !== championVersion)
    throw new Error(`challenger-${championVersion}.json challenges ${model.championVersion}`);
  cache.set(championVersion, model);
  return model;
}
