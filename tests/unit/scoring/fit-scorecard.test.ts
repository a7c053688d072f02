import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../../src/server/modules/scoring/feature-definitions';
import { findModelProblems } from '../../../src/server/modules/scoring/scorecard-model';
import { fitScorecard } from '../../../src/server/modules/scoring/training/fit-scorecard';
import { fitSyntheticScorecard, makeSyntheticRows, SYNTHETIC_FIT_CONFIG } from './synthetic-scorecard';

describe('fitting a scorecard', () => {
  it('separates goods from bads on held-out rows, with monotone points and a valid model file', () => {
    const { model, holdout, psi } = fitSyntheticScorecard();
    expect(findModelProblems(model)).toEqual([]);
    expect(model.features.map((f) => f.key)).toEqual([...FEATURE_KEYS]);
    expect(holdout.auc).toBeGreaterThan(0.7);
    expect(holdout.gini).toBeCloseTo(2 * holdout.auc - 1, 3);
    expect(psi).toBeLessThan(0.1);
  });

  it('puts 600 points at 30:1 odds with 20 points to double the odds', () => {
    const { model } = fitSyntheticScorecard();
    expect(model.scaling.offset + model.scaling.factor * Math.log(30)).toBeCloseTo(600, 4);
    expect(model.scaling.factor * Math.log(60) - model.scaling.factor * Math.log(30)).toBeCloseTo(20, 4);
  });

  it('gives missing values neutral points', () => {
    const { model } = fitSyntheticScorecard();
    for (const feature of model.features.filter((f) => f.missing)) {
      const points = feature.bins.map((b) => b.points);
      expect(feature.missing!.points).toBe(Math.min(Math.max(0, Math.min(...points)), Math.max(...points)));
    }
  });

  it('is deterministic: the same rows in another order give the same model', () => {
    const rows = makeSyntheticRows(2_000, 3);
    const a = fitScorecard(rows, SYNTHETIC_FIT_CONFIG);
    const b = fitScorecard([...rows].reverse(), SYNTHETIC_FIT_CONFIG);
    expect(b.model.features).toEqual(a.model.features);
    expect(b.model.basePoints).toBe(a.model.basePoints);
    expect(b.holdout).toEqual(a.holdout);
  });
});
