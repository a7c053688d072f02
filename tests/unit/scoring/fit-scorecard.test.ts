import { describe, expect, it } from 'vitest';
import { MODEL_FEATURE_KEYS } from '../../../src/server/modules/scoring/feature-definitions';
import { findModelProblems } from '../../../src/server/modules/scoring/scorecard-model';
import { fitScorecard, isRuleRow } from '../../../src/server/modules/scoring/training/fit-scorecard';
import { fitSyntheticScorecard, makeSyntheticRows, SYNTHETIC_FIT_CONFIG } from './synthetic-scorecard';

describe('fitting a scorecard', () => {
  it('separates goods from bads on held-out rows, with monotone points and a valid model file', () => {
    const { model, holdout, psi } = fitSyntheticScorecard();
    expect(findModelProblems(model)).toEqual([]);
    expect(model.format).toBe('ccsl-scorecard/2');
    expect(model.features.map((f) => f.key)).toEqual([...MODEL_FEATURE_KEYS]);
    expect(holdout.auc).toBeGreaterThan(0.7);
    expect(holdout.gini).toBeCloseTo(2 * holdout.auc - 1, 3);
    expect(psi).toBeLessThan(0.1);
  });

  it('leaves files in default or 90 days late out of the fit: its figures count only the others', () => {
    const rows = makeSyntheticRows(6_000);
    const { train, holdout } = fitSyntheticScorecard();
    expect(rows.filter(isRuleRow).length).toBeGreaterThan(100);
    expect(train.rows + holdout.rows).toBe(rows.filter((r) => !isRuleRow(r)).length);
  });

  it('states its scale: the offset and factor follow from the anchor, its odds and the points to double them', () => {
    const { model } = fitSyntheticScorecard();
    const s = model.scaling;
    expect(Number.isInteger(s.pdo)).toBe(true);
    expect(s.offset + s.factor * Math.log(s.baseOdds)).toBeCloseTo(s.baseScore, 4);
    expect(s.factor * Math.log(2 * s.baseOdds) - s.factor * Math.log(s.baseOdds)).toBeCloseTo(s.pdo, 4);
    // The rule's range lies below the first band above Poor.
    expect(model.rule).toMatchObject({ from: 300, to: 349 });
    expect(model.bands[1].minScore).toBeGreaterThan(349);
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
    expect(b.model.scaling).toEqual(a.model.scaling);
    expect(b.model.basePoints).toBe(a.model.basePoints);
    expect(b.holdout).toEqual(a.holdout);
  });
});
