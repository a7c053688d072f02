import { createHash } from 'node:crypto';
import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';
import { applyScorecard } from '../apply-scorecard';
import { FEATURE_DEFINITIONS, type FeatureVector } from '../feature-definitions';
import { parseScorecardModel, type ScorecardModel } from '../scorecard-model';
import { labelBin } from './bin-labels';
import { classCoarsely, countFineBins, informationValue, weightOfEvidence, type CoarseBins } from './binning';
import { fitNonNegativeLogisticRegression } from './logistic-regression';
import { computeAuc, computeGini, computeKs, computePsi } from './metrics';

/** One person at the observation date: their features and whether they went bad in the outcome window. */
export interface TrainingRow {
  id: string;
  features: FeatureVector;
  isBad: boolean;
}

export interface FitConfig {
  version: string;
  createdAt: string;
  /** Decides the train/holdout split (by a hash of each row id, so row order does not matter). */
  seed: string;
  holdoutShare: number;
  scaling: { baseScore: number; baseOdds: number; pdo: number };
  /** Band limits as the chance of going bad: Good at or below `good`, Poor above `poor`. */
  bandBadRates: { good: number; poor: number };
  minBinShare: number;
  l2: number;
  sleRates: Record<string, number>;
  /** Where the rows came from, for the model card. */
  data: Record<string, unknown>;
}

export interface SampleFigures {
  rows: number;
  bads: number;
  badRate: number;
  auc: number;
  ks: number;
  gini: number;
}

export interface FitResult {
  model: ScorecardModel;
  train: SampleFigures;
  holdout: SampleFigures;
  /** Population stability of the holdout's scores against the training sample's. */
  psi: number;
  /** Features whose coefficient would have been negative given the others. */
  droppedFeatures: string[];
  /** Features with one value for everybody in the training sample (no information). */
  flatFeatures: string[];
  bandFigures: { band: string; minScore: number; holdoutRows: number; holdoutShare: number; holdoutBadRate: number }[];
}

/**
 * Fits the scorecard: coarse monotone bins and their WoE on the training part, a logistic
 * regression on the WoE with non-negative coefficients, points on the stated scale (rounded per
 * bin, so the model file adds up exactly), bands from bad-rate limits, and the figures of the
 * integer scorecard on the training and holdout parts.
 */
export function fitScorecard(rows: readonly TrainingRow[], config: FitConfig): FitResult {
  const isHoldout = rows.map((r) => hashToUnit(`${config.seed}:${r.id}`) < config.holdoutShare);
  const trainRows = rows.filter((_, i) => !isHoldout[i]);
  const holdoutRows = rows.filter((_, i) => isHoldout[i]);
  const trainBad = trainRows.map((r) => r.isBad);

  const classes = FEATURE_DEFINITIONS.map((definition) => {
    const values = trainRows.map((r) => r.features[definition.key]);
    const fine = countFineBins(values, trainBad, definition.fineCuts);
    return { definition, coarse: classCoarsely(fine, definition.direction, { minBinShare: config.minBinShare }) };
  });
  const totalGoods = trainBad.filter((b) => !b).length;
  const totalBads = trainBad.length - totalGoods;
  const woeOfValue = (coarse: CoarseBins, value: number | null) => {
    // Missing values get WoE 0 in the fit too, the neutral weight they get when scored.
    if (value === null) return 0;
    const bin = [...coarse.bins].reverse().find((b) => b.min === null || value >= b.min)!;
    return weightOfEvidence(bin.goods, bin.bads, totalGoods, totalBads);
  };

  const columns = classes.map((c) => trainRows.map((r) => woeOfValue(c.coarse, r.features[c.definition.key])));
  // A column with one value for everybody (every row in one bin) says nothing; it stays out of the
  // fit (coefficient 0) rather than let rounding noise give it a sign.
  const informative = columns.map((column, j) => j).filter((j) => columns[j].some((v) => v !== columns[j][0]));
  const flatFeatures = classes.filter((_, j) => !informative.includes(j)).map((c) => c.definition.key);
  const informativeFit = fitNonNegativeLogisticRegression(
    trainRows.map((_, r) => informative.map((j) => columns[j][r])),
    trainRows.map((r) => (r.isBad ? 0 : 1)),
    { l2: config.l2 },
  );
  if (!informativeFit.isConverged) throw new Error('the logistic regression did not converge');
  const fit = {
    ...informativeFit,
    coefficients: classes.map((_, j) => (informative.includes(j) ? informativeFit.coefficients[informative.indexOf(j)] : 0)),
    dropped: informativeFit.dropped.map((i) => informative[i]),
  };

  const factor = config.scaling.pdo / Math.LN2;
  const offset = config.scaling.baseScore - factor * Math.log(config.scaling.baseOdds);
  const scoreAtBadRate = (badRate: number) => Math.ceil(offset + factor * Math.log((1 - badRate) / badRate));

  const features = classes.map((c, j) => {
    const beta = fit.coefficients[j];
    const stats = (goods: number, bads: number) => {
      // A bin without rows carries no evidence either way.
      const woe = goods + bads === 0 ? 0 : weightOfEvidence(goods, bads, totalGoods, totalBads);
      return { woe: round(woe, 6), count: goods + bads, badRate: goods + bads === 0 ? 0 : round(bads / (goods + bads), 6) };
    };
    const bins = c.coarse.bins.map((b, i) => {
      const s = stats(b.goods, b.bads);
      return {
        min: b.min,
        label: labelBin(c.definition.unit, b.min, c.coarse.bins[i + 1]?.min ?? null, c.definition.maxValue),
        points: Math.round(factor * beta * s.woe) || 0,
        ...s,
      };
    });
    const binPoints = bins.map((b) => b.points);
    const missing = c.definition.canBeMissing
      ? {
          label: 'not reported',
          points: Math.min(Math.max(0, Math.min(...binPoints)), Math.max(...binPoints)),
          ...stats(c.coarse.missing.goods, c.coarse.missing.bads),
          woe: 0,
        }
      : null;
    return {
      key: c.definition.key,
      direction: c.definition.direction,
      coefficient: round(beta, 6),
      informationValue: round(informationValue(c.coarse), 6),
      bins,
      missing,
    };
  });

  const draft: ScorecardModel = {
    format: 'ccsl-scorecard/1',
    version: config.version,
    createdAt: config.createdAt,
    scaling: { ...config.scaling, factor: round(factor, 6), offset: round(offset, 6), min: SCORE_MIN, max: SCORE_MAX },
    intercept: round(fit.intercept, 6),
    basePoints: Math.round(offset + factor * fit.intercept),
    sleRates: config.sleRates,
    bands: [
      {
        name: 'Good',
        minScore: scoreAtBadRate(config.bandBadRates.good),
        description: `Estimated chance of going 90 days late or defaulting within 12 months: ${percent(config.bandBadRates.good)} or less`,
      },
      {
        name: 'Fair',
        minScore: scoreAtBadRate(config.bandBadRates.poor),
        description: `Estimated chance: ${percent(config.bandBadRates.good)} to ${percent(config.bandBadRates.poor)}`,
      },
      { name: 'Poor', minScore: SCORE_MIN, description: `Estimated chance: more than ${percent(config.bandBadRates.poor)}` },
    ],
    features,
    training: {},
  };
  const scoreRows = (sample: readonly TrainingRow[]) => sample.map((r) => applyScorecard(draft, r.features).value);
  const trainScores = scoreRows(trainRows);
  const holdoutScores = scoreRows(holdoutRows);
  const holdoutBad = holdoutRows.map((r) => r.isBad);
  const train = figuresOf(trainScores, trainBad);
  const holdout = figuresOf(holdoutScores, holdoutBad);
  const psi = round(computePsi(trainScores, holdoutScores), 4);
  const droppedFeatures = fit.dropped.map((j) => classes[j].definition.key);
  const bandFigures = draft.bands.map((band) => {
    const inBand = holdoutRows
      .map((r, i) => ({ isBad: r.isBad, band: applyScorecard(draft, r.features).band, score: holdoutScores[i] }))
      .filter((x) => x.band === band.name);
    return {
      band: band.name,
      minScore: band.minScore,
      holdoutRows: inBand.length,
      holdoutShare: round(inBand.length / Math.max(1, holdoutRows.length), 4),
      holdoutBadRate: round(inBand.filter((x) => x.isBad).length / Math.max(1, inBand.length), 4),
    };
  });

  const model = parseScorecardModel({
    ...draft,
    training: {
      data: config.data,
      seed: config.seed,
      holdoutShare: config.holdoutShare,
      minBinShare: config.minBinShare,
      l2: config.l2,
      train,
      holdout,
      psi,
      droppedFeatures,
      flatFeatures,
      bandFigures,
      iterations: fit.iterations,
    },
  });
  return { model, train, holdout, psi, droppedFeatures, flatFeatures, bandFigures };
}

/** The holdout figures of a model on the rows `filter` keeps (same split as the fit). */
export function evaluateHoldout(
  model: ScorecardModel,
  rows: readonly TrainingRow[],
  config: Pick<FitConfig, 'seed' | 'holdoutShare'>,
  filter: (row: TrainingRow) => boolean,
): SampleFigures {
  const holdout = rows.filter((r) => hashToUnit(`${config.seed}:${r.id}`) < config.holdoutShare && filter(r));
  return figuresOf(
    holdout.map((r) => applyScorecard(model, r.features).value),
    holdout.map((r) => r.isBad),
  );
}

function figuresOf(scores: readonly number[], isBad: readonly boolean[]): SampleFigures {
  const bads = isBad.filter(Boolean).length;
  const auc = computeAuc(scores, isBad);
  return {
    rows: scores.length,
    bads,
    badRate: round(bads / Math.max(1, scores.length), 4),
    auc: round(auc, 4),
    ks: round(computeKs(scores, isBad), 4),
    gini: round(computeGini(auc), 4),
  };
}

/** A number in [0, 1) from a string, the same on every machine. */
export function hashToUnit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
