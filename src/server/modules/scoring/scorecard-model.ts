import { z } from 'zod';
import { SCORE_BANDS, SCORE_MAX, SCORE_MIN } from '@shared/scoring';
import { FEATURE_DEFINITION_BY_KEY, FEATURE_KEYS } from './feature-definitions';

/**
 * The model file: everything needed to compute and explain a score, readable by a regulator
 * (models/scorecard-<version>.json). Written by `npm run model:train`, committed, never edited by
 * hand: a changed model is a new version, and old versions stay so past scores can be reproduced.
 */

const ZBinStatsSchema = z.object({
  label: z.string(),
  /** Integer points this bin adds to the base points. */
  points: z.number().int(),
  /** ln(share of goods / share of bads) in the training sample. */
  woe: z.number(),
  /** Training rows in the bin and their bad rate. */
  count: z.number().int().nonnegative(),
  badRate: z.number().min(0).max(1),
});

const ZBinSchema = ZBinStatsSchema.extend({
  /** Lowest value of the bin (inclusive); null is minus infinity. A bin ends where the next begins. */
  min: z.number().nullable(),
});

const ZFeatureSchema = z.object({
  key: z.enum(FEATURE_KEYS),
  direction: z.enum(['increasing', 'decreasing']),
  /** Logistic-regression coefficient on the WoE (0: the feature was dropped by the fit). */
  coefficient: z.number().min(0),
  informationValue: z.number(),
  bins: z.array(ZBinSchema).min(1),
  /** Points when the value is missing: neutral (WoE 0), so missing data never counts against a person. */
  missing: ZBinStatsSchema.nullable(),
});

/**
 * Scorecard 2's rule for files in default or 90 days late (left out of the fit): the points the
 * scorecard gives them, clipped to [to + 1, max], are compressed into [from, to], so they sit below
 * every other file and in the same order among themselves.
 */
const ZSeriousDelinquencyRuleSchema = z.object({
  from: z.literal(SCORE_MIN),
  to: z.number().int(),
  /** rule score = from + floor((scorecard score - (to + 1)) / divisor), at most `to`. */
  divisor: z.number().int().positive(),
  description: z.string(),
});

export const ZScorecardModelSchema = z.object({
  /** 1: the first scorecard (reasons by feature); 2: issue 19's (grouped reasons, the rule above). */
  format: z.enum(['ccsl-scorecard/1', 'ccsl-scorecard/2']),
  version: z.string().min(1),
  createdAt: z.string(),
  /** score = offset + factor * ln(good:bad odds), factor = pdo / ln 2. */
  scaling: z.object({
    baseScore: z.number(),
    baseOdds: z.number().positive(),
    pdo: z.number().positive(),
    factor: z.number().positive(),
    offset: z.number(),
    min: z.literal(SCORE_MIN),
    max: z.literal(SCORE_MAX),
  }),
  intercept: z.number(),
  /** Points every score starts from (the intercept on the points scale). */
  basePoints: z.number().int(),
  /** New Leones per major unit of each currency, for amount features. */
  sleRates: z.record(z.string(), z.number().positive()),
  /** Best first; a score is in the first band whose minScore it reaches. */
  bands: z.array(z.object({ name: z.enum(SCORE_BANDS), minScore: z.number().int(), description: z.string() })).length(SCORE_BANDS.length),
  features: z.array(ZFeatureSchema).min(1),
  rule: ZSeriousDelinquencyRuleSchema.optional(),
  /** What the model was fitted on and how it did; the model card (docs/scoring.md) is written from it. */
  training: z.record(z.string(), z.unknown()),
});
export type ScorecardModel = z.infer<typeof ZScorecardModelSchema>;
export type ScorecardFeature = ScorecardModel['features'][number];

/**
 * Checks what the schema cannot: bins in order, points monotone in each feature's declared
 * direction, missing points within the range of the bins, bands in order. A model failing these is
 * refused at load, so no score is ever computed with it.
 */
export function findModelProblems(model: ScorecardModel): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const f of model.features) {
    if (seen.has(f.key)) problems.push(`${f.key}: listed twice`);
    seen.add(f.key);
    if (f.direction !== FEATURE_DEFINITION_BY_KEY[f.key].direction) problems.push(`${f.key}: direction differs from its definition`);
    if (f.bins[0].min !== null) problems.push(`${f.key}: the first bin must start at minus infinity`);
    for (let i = 1; i < f.bins.length; i++) {
      const prev = f.bins[i - 1];
      const bin = f.bins[i];
      if (bin.min === null || (prev.min !== null && bin.min <= prev.min))
        problems.push(`${f.key}: bin ${i} does not start above bin ${i - 1}`);
      const isOrdered = f.direction === 'increasing' ? bin.points >= prev.points : bin.points <= prev.points;
      if (!isOrdered) problems.push(`${f.key}: points of bin ${i} break the ${f.direction} direction`);
    }
    if (f.missing) {
      const points = f.bins.map((b) => b.points);
      if (f.missing.points < Math.min(...points) || f.missing.points > Math.max(...points))
        problems.push(`${f.key}: missing points outside the bins' range`);
    } else if (FEATURE_DEFINITION_BY_KEY[f.key].canBeMissing) {
      problems.push(`${f.key}: can be missing but has no missing bin`);
    }
  }
  if (model.format === 'ccsl-scorecard/2') {
    if (!model.rule) problems.push('format 2 needs its serious-delinquency rule');
    else if (model.bands.length > 1 && model.bands[model.bands.length - 2].minScore <= model.rule.to)
      problems.push('the rule scores must all fall in the last band');
    for (const f of model.features)
      if (FEATURE_DEFINITION_BY_KEY[f.key].isRuleInput) problems.push(`${f.key}: a rule input cannot be fitted`);
  }
  for (let i = 1; i < model.bands.length; i++) {
    if (model.bands[i].minScore >= model.bands[i - 1].minScore)
      problems.push(`band ${model.bands[i].name} must start below ${model.bands[i - 1].name}`);
  }
  if (model.bands.at(-1)?.minScore !== SCORE_MIN) problems.push(`the last band must start at ${SCORE_MIN}`);
  return problems;
}

/** Parses and checks a model file's JSON; throws with every problem found. */
export function parseScorecardModel(json: unknown): ScorecardModel {
  const model = ZScorecardModelSchema.parse(json);
  const problems = findModelProblems(model);
  if (problems.length > 0) throw new Error(`scorecard ${model.version} is not valid: ${problems.join('; ')}`);
  return model;
}
