import { FEATURE_DEFINITION_BY_KEY, type FeatureVector, type TFeatureKey } from '../feature-definitions';
import { fitLogisticRegression } from './logistic-regression';
import type { TrainingRow } from './fit-scorecard';

/**
 * The benchmark the scorecard is compared with: a plain logistic regression on the same features'
 * raw values (standardised; a missing value gets the training mean and a 0/1 column of its own),
 * no bins, no sign constraint, no rounding. Its log-odds of "good" rank people like a score.
 */
export function fitPlainLogistic(trainRows: readonly TrainingRow[], keys: readonly TFeatureKey[]): (features: FeatureVector) => number {
  const columns = keys.flatMap((key) => {
    const values = trainRows.map((r) => r.features[key]).filter((v): v is number => v !== null);
    const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length)) || 1;
    const value = (f: FeatureVector) => ((f[key] ?? mean) - mean) / sd;
    return FEATURE_DEFINITION_BY_KEY[key].canBeMissing ? [value, (f: FeatureVector) => (f[key] === null ? 1 : 0)] : [value];
  });
  const row = (f: FeatureVector) => columns.map((c) => c(f));
  const fit = fitLogisticRegression(
    trainRows.map((r) => row(r.features)),
    trainRows.map((r) => (r.isBad ? 0 : 1)),
    { l2: 1 },
  );
  if (!fit.isConverged) throw new Error('the plain logistic regression did not converge');
  return (f) => row(f).reduce((s, x, j) => s + fit.coefficients[j] * x, fit.intercept);
}
