import { describe, expect, it } from 'vitest';
import { classCoarsely, countFineBins, weightOfEvidence } from '../../../src/server/modules/scoring/training/binning';
import {
  fitLogisticRegression,
  fitNonNegativeLogisticRegression,
  sigmoid,
} from '../../../src/server/modules/scoring/training/logistic-regression';
import { computeAuc, computeGini, computeKs, computePsi } from '../../../src/server/modules/scoring/training/metrics';
import { seededRandom } from './synthetic-scorecard';

describe('metrics', () => {
  it('AUC is 1 when every good outscores every bad, 0.5 when all tie, and counts ties half', () => {
    expect(computeAuc([1, 2, 3, 4], [true, true, false, false])).toBe(1);
    expect(computeAuc([5, 5, 5, 5], [true, false, true, false])).toBe(0.5);
    // goods 2 and 3, bads 1 and 2: pairs (2,1) win, (2,2) tie, (3,1) win, (3,2) win -> 3.5 / 4
    expect(computeAuc([2, 3, 1, 2], [false, false, true, true])).toBe(0.875);
    expect(computeGini(0.875)).toBe(0.75);
  });

  it('KS is the largest gap between the cumulative score distributions of bads and goods', () => {
    expect(computeKs([1, 2, 3, 4], [true, true, false, false])).toBe(1);
    expect(computeKs([1, 2, 3, 4], [true, false, true, false])).toBe(0.5);
  });

  it('PSI is 0 for the same distribution and grows as it shifts', () => {
    const base = Array.from({ length: 1000 }, (_, i) => i);
    expect(computePsi(base, base)).toBeCloseTo(0, 10);
    const shifted = base.map((v) => v + 200);
    expect(computePsi(base, shifted)).toBeGreaterThan(0.1);
  });
});

describe('logistic regression', () => {
  it('recovers the coefficients it was generated with', () => {
    const random = seededRandom(7);
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = [random() * 2 - 1, random() * 2 - 1];
      rows.push(x);
      y.push(random() < sigmoid(0.5 + 1.5 * x[0] - 1 * x[1]) ? 1 : 0);
    }
    const fit = fitLogisticRegression(rows, y, { l2: 0 });
    expect(fit.isConverged).toBe(true);
    expect(fit.intercept).toBeCloseTo(0.5, 1);
    expect(fit.coefficients[0]).toBeCloseTo(1.5, 1);
    expect(fit.coefficients[1]).toBeCloseTo(-1, 1);
  });

  it('the non-negative fit drops a column that comes out negative and refits the rest', () => {
    const random = seededRandom(8);
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      const x = [random() * 2 - 1, random() * 2 - 1];
      rows.push(x);
      y.push(random() < sigmoid(x[0] - x[1]) ? 1 : 0);
    }
    const fit = fitNonNegativeLogisticRegression(rows, y, { l2: 0 });
    expect(fit.dropped).toEqual([1]);
    expect(fit.coefficients[1]).toBe(0);
    expect(fit.coefficients[0]).toBeGreaterThan(0.8);
  });
});

describe('binning', () => {
  it('gives a bin without bads a large finite weight of evidence', () => {
    expect(Number.isFinite(weightOfEvidence(100, 0, 1000, 100))).toBe(true);
    expect(weightOfEvidence(100, 0, 1000, 100)).toBeGreaterThan(weightOfEvidence(100, 10, 1000, 100));
  });

  it('pools adjacent bins until the weight of evidence is monotone in the stated direction', () => {
    // Bad rates by value 0..4: 5%, 20%, 10%, 40%, 60%: bin 2 breaks "decreasing" and is pooled with bin 1.
    const values: number[] = [];
    const bad: boolean[] = [];
    const rates = [0.05, 0.2, 0.1, 0.4, 0.6];
    rates.forEach((rate, value) => {
      for (let i = 0; i < 1000; i++) {
        values.push(value);
        bad.push(i < rate * 1000);
      }
    });
    const coarse = classCoarsely(countFineBins(values, bad, [1, 2, 3, 4]), 'decreasing', { minBinShare: 0.01 });
    expect(coarse.bins.map((b) => b.min)).toEqual([null, 1, 3, 4]);
    expect(coarse.bins[1]).toEqual({ min: 1, goods: 800 + 900, bads: 200 + 100 });
  });

  it('pools a bin smaller than the minimum share into a neighbour and keeps missing values apart', () => {
    const values = [0, 0, 0, 0, 0, 0, 0, 0, 0, 5, null, null];
    const bad = [false, false, false, true, false, false, false, false, true, true, false, true];
    const coarse = classCoarsely(countFineBins(values, bad, [1, 2]), 'decreasing', { minBinShare: 0.2 });
    expect(coarse.bins).toHaveLength(1);
    expect(coarse.missing).toEqual({ goods: 1, bads: 1 });
  });
});
