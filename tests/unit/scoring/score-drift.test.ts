// Issue 19, governance: the PSI of the drift job on known small distributions, the statuses'
// thresholds, and the accumulator on a fitted scorecard (its own training rows give 0; a shifted
// population alerts; the challenger is compared on the fitted people only).
import { describe, expect, it } from 'vitest';
import { DRIFT_MIN_PEOPLE, driftStatusOf, DRIFT_STATUS_LABELS } from '../../../src/shared/score-drift';
import { applyScorecard } from '../../../src/server/modules/scoring/apply-scorecard';
import { challengerLogOdds, challengerScore, type ChallengerModel } from '../../../src/server/modules/scoring/challenger-model';
import { binIndexOf, developmentCounts, DriftAccumulator, psiOfCounts } from '../../../src/server/modules/scoring/drift-psi';
import { MODEL_FEATURE_KEYS } from '../../../src/server/modules/scoring/feature-definitions';
import { isHoldoutRow, isRuleRow } from '../../../src/server/modules/scoring/training/fit-scorecard';
import { fitPlainLogistic } from '../../../src/server/modules/scoring/training/plain-logistic';
import { describeDistribution } from '../../../src/server/modules/scoring/training/score-distribution';
import { fitSyntheticScorecard, makeSyntheticRows, SYNTHETIC_FIT_CONFIG } from './synthetic-scorecard';

describe('psiOfCounts', () => {
  it('is 0 for the same shares, whatever the population sizes', () => {
    expect(psiOfCounts([50, 50], [50, 50])).toBe(0);
    expect(psiOfCounts([100, 300, 600], [1, 3, 6])).toBe(0);
  });

  it('is sum (a - e) ln(a / e) on a known distribution', () => {
    // e = 0.5, 0.5; a = 0.7, 0.3: 0.2 ln 1.4 + (-0.2) ln 0.6 = 0.0673 + 0.1022
    expect(psiOfCounts([50, 50], [70, 30])).toBeCloseTo(0.1695, 4);
    expect(psiOfCounts([100, 100], [7, 3])).toBeCloseTo(0.1695, 4);
    // e = 0.25 x 4, a = 0.1, 0.2, 0.3, 0.4
    const expected = [0.1, 0.2, 0.3, 0.4].reduce((s, a) => s + (a - 0.25) * Math.log(a / 0.25), 0);
    expect(psiOfCounts([25, 25, 25, 25], [10, 20, 30, 40])).toBeCloseTo(expected, 4);
    expect(expected).toBeCloseTo(0.2282, 4);
  });

  it('floors an empty bin at 0.01% instead of an infinite figure', () => {
    // e = 1, 0.0001 (floored); a = 0.5, 0.5
    const psi = (0.5 - 1) * Math.log(0.5 / 1) + (0.5 - 1e-4) * Math.log(0.5 / 1e-4);
    expect(psiOfCounts([10, 0], [5, 5])).toBeCloseTo(psi, 4);
  });

  it('gives no figure for an empty population, and refuses bins that differ', () => {
    expect(psiOfCounts([10, 10], [0, 0])).toBeNull();
    expect(psiOfCounts([0, 0], [1, 1])).toBeNull();
    expect(() => psiOfCounts([1, 2], [1, 2, 3])).toThrow();
  });
});

describe('driftStatusOf', () => {
  it('reads below 0.10 as Stable, 0.10 to 0.25 as Watch, above 0.25 as Drifted', () => {
    expect(driftStatusOf(0)).toBe('stable');
    expect(driftStatusOf(0.0999)).toBe('stable');
    expect(driftStatusOf(0.1)).toBe('watch');
    expect(driftStatusOf(0.25)).toBe('watch');
    expect(driftStatusOf(0.2501)).toBe('drifted');
    expect(DRIFT_STATUS_LABELS.drifted).toBe('Drifted, review the model');
  });
});

describe('DriftAccumulator', () => {
  const fit = fitSyntheticScorecard();
  const rows = makeSyntheticRows(6_000);
  const training = rows.filter((r) => !isRuleRow(r) && !isHoldoutRow(SYNTHETIC_FIT_CONFIG, r));
  // The model file's score distribution is everyone scored at the development date.
  const model = {
    ...fit.model,
    training: { ...fit.model.training, distribution: describeDistribution(rows.map((r) => applyScorecard(fit.model, r.features).value)) },
  };

  it('puts a value in the bin of the model and a missing value in the missing bin', () => {
    const feature = model.features.find((f) => f.missing)!;
    expect(binIndexOf(feature, null)).toBe(feature.bins.length);
    expect(binIndexOf(feature, undefined)).toBe(feature.bins.length);
    expect(binIndexOf(feature, -1e9)).toBe(0);
    expect(binIndexOf(feature, 1e9)).toBe(feature.bins.length - 1);
    expect(developmentCounts(feature)).toHaveLength(feature.bins.length + 1);
  });

  it('finds no drift in the development sample itself', () => {
    const accumulator = new DriftAccumulator(model, null);
    for (const r of training) accumulator.add(applyScorecard(model, r.features).value, r.features);
    const result = accumulator.result();
    expect(result.people).toBe(training.length);
    expect(result.fittedPeople).toBe(training.length);
    for (const f of result.features) expect(f.psi, f.key).toBe(0);
    // The score's development distribution is everyone scored (holdout and rule-scored files too), so
    // the training part alone differs from it: the score PSI is only 0 on the whole population (below).
    expect(result.challenger).toBeNull();
  });

  it('scores the whole scored population against the whole score distribution (rule-scored files included)', () => {
    const accumulator = new DriftAccumulator(model, null);
    for (const r of rows) accumulator.add(applyScorecard(model, r.features).value, r.features);
    const result = accumulator.result();
    expect(result.scorePsi).toBe(0);
    // Files scored by the rule count in the score, not in the features (not in the development sample).
    expect(result.fittedPeople).toBe(rows.filter((r) => !isRuleRow(r)).length);
    expect(result.people).toBe(rows.length);
  });

  it('alerts when the population has moved: everyone six months late', () => {
    const accumulator = new DriftAccumulator(model, null);
    for (const r of training) {
      const features = { ...r.features, lateMonths12m: 6 };
      accumulator.add(applyScorecard(model, features).value, features);
    }
    const result = accumulator.result();
    expect(result.features.find((f) => f.key === 'lateMonths12m')!.psi).toBeGreaterThan(0.25);
    expect(result.isAlert).toBe(true);
  });

  it('does not alert on fewer people than DRIFT_MIN_PEOPLE, however far they are', () => {
    const accumulator = new DriftAccumulator(model, null);
    for (const r of training.slice(0, DRIFT_MIN_PEOPLE - 1)) {
      const features = { ...r.features, lateMonths12m: 6 };
      accumulator.add(applyScorecard(model, features).value, features);
    }
    const result = accumulator.result();
    expect(result.features.find((f) => f.key === 'lateMonths12m')!.psi).toBeGreaterThan(0.25);
    expect(result.isAlert).toBe(false);
  });

  it('compares the challenger with the live score on the fitted people', () => {
    const plain = fitPlainLogistic(training, MODEL_FEATURE_KEYS);
    const challenger: ChallengerModel = {
      format: 'ccsl-challenger/1',
      kind: 'plain_logistic_regression',
      championVersion: model.version,
      createdAt: model.createdAt,
      ...plain,
      training: {},
    };
    const accumulator = new DriftAccumulator(model, challenger);
    let same = 0;
    for (const r of training) {
      const live = applyScorecard(model, r.features);
      accumulator.add(live.value, r.features);
      if (challengerScore(model, challenger, r.features).band === live.band) same += 1;
    }
    const result = accumulator.result().challenger!;
    expect(result.people).toBe(training.length);
    expect(result.bandAgreement).toBeCloseTo(same / training.length, 4);
    expect(result.bandAgreement).toBeGreaterThan(0.5);
    expect(result.meanAbsoluteDifference).toBeGreaterThan(0);
    // Higher log-odds of good, never a lower score: the challenger is on the live model's scale.
    const ordered = [...training].sort((x, y) => challengerLogOdds(challenger, x.features) - challengerLogOdds(challenger, y.features));
    const values = ordered.map((r) => challengerScore(model, challenger, r.features).value);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
  });
});
