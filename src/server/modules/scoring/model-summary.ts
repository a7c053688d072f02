import type { TScorecardSummary } from '@shared/scoring';
import { FEATURE_DEFINITION_BY_KEY } from './feature-definitions';
import type { ScorecardModel } from './scorecard-model';

/** The public view of a model file: what each feature is and the points of each bin. */
export function summarizeScorecard(model: ScorecardModel): TScorecardSummary {
  const holdout = model.training.holdout as { auc?: number; ks?: number; gini?: number } | undefined;
  const psi = model.training.psi as number | undefined;
  return {
    version: model.version,
    createdAt: model.createdAt,
    scaling: {
      baseScore: model.scaling.baseScore,
      baseOdds: model.scaling.baseOdds,
      pdo: model.scaling.pdo,
      min: model.scaling.min,
      max: model.scaling.max,
    },
    basePoints: model.basePoints,
    bands: model.bands,
    features: model.features.map((f) => ({
      key: f.key,
      title: FEATURE_DEFINITION_BY_KEY[f.key].title,
      description: FEATURE_DEFINITION_BY_KEY[f.key].description,
      direction: f.direction,
      bins: f.bins.map((b) => ({ label: b.label, points: b.points })),
      missingPoints: f.missing?.points ?? null,
    })),
    holdout:
      holdout?.auc !== undefined && holdout.ks !== undefined && holdout.gini !== undefined && psi !== undefined
        ? { auc: holdout.auc, ks: holdout.ks, gini: holdout.gini, psi }
        : null,
  };
}
