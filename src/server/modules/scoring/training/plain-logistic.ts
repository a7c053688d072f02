import type { ChallengerColumn } from '../challenger-model';
import { FEATURE_DEFINITION_BY_KEY, type TFeatureKey } from '../feature-definitions';
import { fitLogisticRegression } from './logistic-regression';
import type { TrainingRow } from './fit-scorecard';

/** A fitted plain logistic regression, as the challenger file stores it (challenger-model.ts). */
export interface PlainLogistic {
  intercept: number;
  columns: ChallengerColumn[];
}

/** A column before the fit gives it its coefficient (Omit does not distribute over a union). */
type ColumnWithoutCoefficient = ChallengerColumn extends infer C ? (C extends ChallengerColumn ? Omit<C, 'coefficient'> : never) : never;

/**
 * The benchmark the scorecard is compared with, kept as its challenger: a plain logistic regression
 * on the same features' raw values (standardised; a missing value gets the training mean and a 0/1
 * column of its own), no bins, no sign constraint, no rounding. Its log-odds of "good"
 * (challengerLogOdds) rank people like a score.
 */
export function fitPlainLogistic(trainRows: readonly TrainingRow[], keys: readonly TFeatureKey[]): PlainLogistic {
  const columns = keys.flatMap((key): ColumnWithoutCoefficient[] => {
    const values = trainRows.map((r) => r.features[key]).filter((v): v is number => v !== null);
    const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length)) || 1;
    return FEATURE_DEFINITION_BY_KEY[key].canBeMissing
      ? [
          { kind: 'value', key, mean, sd },
          { kind: 'missing', key },
        ]
      : [{ kind: 'value', key, mean, sd }];
  });
  const row = (r: TrainingRow) =>
    columns.map((c) => {
      const value = r.features[c.key];
      return c.kind === 'value' ? ((value ?? c.mean) - c.mean) / c.sd : value === null ? 1 : 0;
    });
  const fit = fitLogisticRegression(
    trainRows.map(row),
    trainRows.map((r) => (r.isBad ? 0 : 1)),
    { l2: 1 },
  );
  if (!fit.isConverged) throw new Error('the plain logistic regression did not converge');
  return {
    intercept: fit.intercept,
    columns: columns.map((c, j) => ({ ...c, coefficient: fit.coefficients[j] }) as ChallengerColumn),
  };
}
