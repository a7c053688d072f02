import { MAX_SCORE_REASONS, SCORE_MAX, SCORE_MIN, SCORE_REASON_TEXTS, type TScoreBand } from '@shared/scoring';
import { FEATURE_DEFINITION_BY_KEY, FEATURE_KEYS, type FeatureVector } from './feature-definitions';
import { selectGroupedReasons, type FeatureLoss } from './grouped-reasons';
import type { ScorecardFeature, ScorecardModel } from './scorecard-model';

export interface ScoreBreakdown {
  value: number;
  band: TScoreBand;
  /** The score before clipping to 300..850. */
  rawValue: number;
  /** Scorecard 2: the file is in default or 90 days late and its score comes from the rule. */
  isRuleScored: boolean;
  points: Record<string, number>;
  reasons: { code: string; text: string }[];
}

/** The bin a value falls in, or the missing bin (`isMissing`). */
export function findBin(feature: ScorecardFeature, value: number | null): { points: number; isMissing: boolean } {
  if (value === null) {
    if (!feature.missing) throw new Error(`${feature.key} has no missing bin`);
    return { points: feature.missing.points, isMissing: true };
  }
  let index = 0;
  for (let i = 1; i < feature.bins.length; i++) {
    const min = feature.bins[i].min;
    if (min !== null && value >= min) index = i;
  }
  return { points: feature.bins[index].points, isMissing: false };
}

/** Each feature's best points (what a reason's loss is measured against), found once per loaded model. */
const BEST_POINTS = new WeakMap<ScorecardFeature, number>();
function bestPointsOf(feature: ScorecardFeature): number {
  let best = BEST_POINTS.get(feature);
  if (best === undefined) BEST_POINTS.set(feature, (best = Math.max(...feature.bins.map((b) => b.points))));
  return best;
}

/**
 * Scores a feature vector: base points plus each feature's bin points, clipped to 300..850, its
 * band, and its reasons. Scorecard 1: the features that lost the most points against their own
 * best bin, at most four, then the inquiries reason when inquiries cost points and it is not
 * already there. Scorecard 2: the points are clipped above the rule's range; a file in default or
 * 90 days late gets the rule's score; reasons grouped (grouped-reasons.ts).
 */
export function applyScorecard(model: ScorecardModel, features: FeatureVector): ScoreBreakdown {
  const points: Record<string, number> = {};
  const losses: FeatureLoss[] = [];
  let rawValue = model.basePoints;
  for (const feature of model.features) {
    const bin = findBin(feature, features[feature.key]);
    points[feature.key] = bin.points;
    rawValue += bin.points;
    const best = bestPointsOf(feature);
    if (best > bin.points) losses.push({ key: feature.key, loss: best - bin.points, isMissing: bin.isMissing });
  }
  if (model.format === 'ccsl-scorecard/2' && model.rule) {
    const rule = model.rule;
    const fitted = Math.min(SCORE_MAX, Math.max(rule.to + 1, rawValue));
    const isRuleScored = features.seriousDelinquency === 1;
    const value = isRuleScored ? Math.min(rule.to, rule.from + Math.floor((fitted - (rule.to + 1)) / rule.divisor)) : fitted;
    return {
      value,
      band: bandOf(model, value),
      rawValue,
      isRuleScored,
      points,
      reasons: selectGroupedReasons(losses, features, isRuleScored),
    };
  }
  const value = Math.min(SCORE_MAX, Math.max(SCORE_MIN, rawValue));
  return { value, band: bandOf(model, value), rawValue, isRuleScored: false, points, reasons: selectReasons(losses) };
}

export function bandOf(model: ScorecardModel, value: number): TScoreBand {
  const band = model.bands.find((b) => value >= b.minScore) ?? model.bands[model.bands.length - 1];
  return band.name;
}

const FEATURE_ORDER = new Map(FEATURE_KEYS.map((k, i) => [k, i]));

function selectReasons(losses: FeatureLoss[]) {
  // Ties keep the definitions' order, so the same inputs always give the same reasons.
  const ordered = [...losses].sort((a, b) => b.loss - a.loss || FEATURE_ORDER.get(a.key)! - FEATURE_ORDER.get(b.key)!);
  const chosen = ordered.slice(0, MAX_SCORE_REASONS);
  const inquiries = ordered.find((l) => l.key === 'inquiries6m');
  if (inquiries && !chosen.includes(inquiries)) chosen.push(inquiries);
  return chosen.map((l) => {
    const definition = FEATURE_DEFINITION_BY_KEY[l.key];
    const code = l.isMissing && definition.missingReasonCode ? definition.missingReasonCode : definition.reasonCode;
    return { code, text: SCORE_REASON_TEXTS[code] };
  });
}
