import {
  MODEL_CAVEAT,
  VALIDATION_POPULATION_TEXTS,
  VALIDATION_SAMPLE_TEXTS,
  type TModelValidation,
  type TScorecardSummary,
} from '@shared/scoring';
import type { TDriftSummary } from '@shared/score-drift';
import { FEATURE_DEFINITION_BY_KEY } from './feature-definitions';
import type { CheckedModel } from './model-manifest';

/** A line of the model file's training.validation (written by training/validation.ts). */
interface StoredValidation {
  population: string;
  sample: string;
  model: string;
  rows: number;
  badRate: number;
  auc: number;
  ks: number;
  gini: number;
}

/**
 * The scorecard's own validation figures, each with its population in words. The benchmark
 * (a plain logistic regression) stays in the model card: the API describes the model that scores.
 */
function validationOf(training: Record<string, unknown>): TModelValidation[] {
  const figures = (training.validation as StoredValidation[] | undefined) ?? [];
  return figures
    .filter((f) => f.model === 'scorecard')
    .map((f) => ({
      population: f.population,
      sample: f.sample,
      description: `${VALIDATION_POPULATION_TEXTS[f.population] ?? f.population}; ${VALIDATION_SAMPLE_TEXTS[f.sample] ?? f.sample}; generated data`,
      people: f.rows,
      badRate: f.badRate,
      auc: f.auc,
      ks: f.ks,
      gini: f.gini,
    }));
}

/**
 * The public view of a model file: its version and hash, scale, bands, validation on named
 * populations, the latest drift check, the caveat, and what each feature is with the points of each bin.
 * The train/holdout PSI of the file is left out: two halves of one date cannot show drift; `drift` can.
 */
export function summarizeScorecard({ model, sha256 }: CheckedModel, drift: TDriftSummary | null): TScorecardSummary {
  return {
    version: model.version,
    sha256,
    createdAt: model.createdAt,
    scale: { min: model.scaling.min, max: model.scaling.max },
    bands: model.bands,
    validation: validationOf(model.training),
    drift,
    caveat: MODEL_CAVEAT,
    scaling: {
      baseScore: model.scaling.baseScore,
      baseOdds: model.scaling.baseOdds,
      pdo: model.scaling.pdo,
      min: model.scaling.min,
      max: model.scaling.max,
    },
    basePoints: model.basePoints,
    features: model.features.map((f) => ({
      key: f.key,
      title: FEATURE_DEFINITION_BY_KEY[f.key].title,
      description: FEATURE_DEFINITION_BY_KEY[f.key].description,
      direction: f.direction,
      bins: f.bins.map((b) => ({ label: b.label, points: b.points })),
      missingPoints: f.missing?.points ?? null,
    })),
  };
}
