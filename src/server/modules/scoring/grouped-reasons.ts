import { MAX_SCORE_REASONS, MIN_REASON_POINTS, SCORE_FACTOR_GROUPS } from '@shared/scoring';
import { FEATURE_DEFINITION_BY_KEY, type FeatureVector, type TFeatureKey } from './feature-definitions';
import { reasonParams, reasonSentence } from './reason-sentences';

/** Points a feature lost against its own best bin. */
export interface FeatureLoss {
  key: TFeatureKey;
  loss: number;
  isMissing: boolean;
}

/**
 * Scorecard 2's reasons: at most one per factor group (the feature that lost most in it), none
 * worth under MIN_REASON_POINTS, ordered by points lost, four at most. A file scored by the
 * serious-delinquency rule gets that reason first, in place of its payment-history one. A missing
 * value is neutral and gives no reason. Ties keep the groups' and the model's order, so the same
 * inputs always give the same reasons.
 */
export function selectGroupedReasons(losses: readonly FeatureLoss[], features: FeatureVector, isRuleScored: boolean) {
  const bestOfGroup = new Map<string, FeatureLoss>();
  for (const l of losses) {
    if (l.isMissing || l.loss < MIN_REASON_POINTS) continue;
    const group = FEATURE_DEFINITION_BY_KEY[l.key].group;
    if (isRuleScored && group === 'payment_history') continue;
    const current = bestOfGroup.get(group);
    if (!current || l.loss > current.loss) bestOfGroup.set(group, l);
  }
  const groupOrder = (key: TFeatureKey) => SCORE_FACTOR_GROUPS.indexOf(FEATURE_DEFINITION_BY_KEY[key].group as never);
  const ordered = [...bestOfGroup.values()].sort((a, b) => b.loss - a.loss || groupOrder(a.key) - groupOrder(b.key));
  const codes = ordered.map((l) => FEATURE_DEFINITION_BY_KEY[l.key].reasonCode);
  const chosen = isRuleScored ? (['DEFAULTS', ...codes] as const) : codes;
  return chosen.slice(0, MAX_SCORE_REASONS).map((code) => {
    const params = reasonParams(code, features);
    return { code, text: reasonSentence(code, params), params };
  });
}
