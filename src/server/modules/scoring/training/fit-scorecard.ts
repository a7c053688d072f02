import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';
import { applyScorecard } from '../apply-scorecard';
import { FEATURE_DEFINITION_BY_KEY, MODEL_FEATURE_KEYS, type FeatureVector, type TFeatureKey } from '../feature-definitions';
import { parseScorecardModel, type ScorecardModel } from '../scorecard-model';
import { labelBin } from './bin-labels';
import { classCoarsely, countFineBins, informationValue, weightOfEvidence, type CoarseBins } from './binning';
import { chooseScale, scoreAtBadRate, type ScaleTarget } from './choose-scale';
import { fitNonNegativeLogisticRegression } from './logistic-regression';
import { computePsi } from './metrics';
import { figuresOf, hashToUnit, round, type SampleFigures } from './sample-figures';

/** One person at an observation date: their features and whether they went bad in the outcome window. */
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
  /** Where the scale puts the fitted population (choose-scale.ts). */
  scale: ScaleTarget;
  /** The serious-delinquency rule's range top and compression (scorecard-model.ts). */
  rule: { to: number; divisor: number };
  /** Band limits as the chance of going bad: Good at or below `good`, Poor above `poor`. */
  bandBadRates: { good: number; poor: number };
  minBinShare: number;
  l2: number;
  sleRates: Record<string, number>;
  /** The features offered to the fit; scorecard 2's by default. */
  featureKeys?: readonly TFeatureKey[];
  /** Where the rows came from, for the model card. */
  data: Record<string, unknown>;
}

export interface FitResult {
  model: ScorecardModel;
  /** The fitted population (not in default or 90 days late at the observation date). */
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

/** Whether a row falls in the holdout part of the split. */
export const isHoldoutRow = (config: Pick<FitConfig, 'seed' | 'holdoutShare'>, row: TrainingRow) =>
  hashToUnit(`${config.seed}:${row.id}`) < config.holdoutShare;

/** Whether a row is left out of the fit and scored by the rule (in default or 90 days late). */
export const isRuleRow = (row: TrainingRow) => row.features.seriousDelinquency === 1;

/**
 * Fits scorecard 2 on the rows not in default or 90 days late at the observation date: coarse
 * monotone bins and their WoE on the training part, a logistic regression on the WoE with
 * non-negative coefficients, a scale chosen to use the whole range, points rounded per bin (so the
 * model file adds up exactly), bands from bad-rate limits, and the figures of the integer
 * scorecard on the training and holdout parts.
 */
export function fitScorecard(allRows: readonly TrainingRow[], config: FitConfig): FitResult {
  const rows = allRows.filter((r) => !isRuleRow(r));
  const trainRows = rows.filter((r) => !isHoldoutRow(config, r));
  const holdoutRows = rows.filter((r) => isHoldoutRow(config, r));
  const trainBad = trainRows.map((r) => r.isBad);
  const keys = config.featureKeys ?? MODEL_FEATURE_KEYS;

  const classes = keys.map((key) => {
    const definition = FEATURE_DEFINITION_BY_KEY[key];
    const fine = countFineBins(
      trainRows.map((r) => r.features[key]),
      trainBad,
      definition.fineCuts,
    );
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

  const logOdds = trainRows.map((_, r) => fit.intercept + classes.reduce((s, _c, j) => s + fit.coefficients[j] * columns[j][r], 0));
  const scale = chooseScale(logOdds, config.scale);
  const { factor, offset } = scale;

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

  const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
  const odds = (badRate: number) => `${round((1 - badRate) / badRate, 1)}:1`;
  const { good, poor } = config.bandBadRates;
  const draft: ScorecardModel = {
    format: 'ccsl-scorecard/2',
    version: config.version,
    createdAt: config.createdAt,
    scaling: {
      baseScore: scale.baseScore,
      baseOdds: scale.baseOdds,
      pdo: scale.pdo,
      factor: round(factor, 6),
      offset: round(offset, 6),
      min: SCORE_MIN,
      max: SCORE_MAX,
    },
    intercept: round(fit.intercept, 6),
    basePoints: Math.round(offset + factor * fit.intercept),
    sleRates: config.sleRates,
    bands: [
      {
        name: 'Good',
        minScore: scoreAtBadRate(scale, good),
        description: `Good:bad odds of ${odds(good)} or better: an estimated chance of going 90 days late or defaulting within 12 months of ${percent(good)} or less`,
      },
      {
        name: 'Fair',
        minScore: Math.max(config.rule.to + 1, scoreAtBadRate(scale, poor)),
        description: `Odds from ${odds(poor)} to ${odds(good)}: an estimated chance of ${percent(good)} to ${percent(poor)}`,
      },
      {
        name: 'Poor',
        minScore: SCORE_MIN,
        description: `Odds below ${odds(poor)}: an estimated chance of more than ${percent(poor)}; every file in default or 90 days late`,
      },
    ],
    features,
    rule: {
      from: SCORE_MIN,
      to: config.rule.to,
      divisor: config.rule.divisor,
      description: `A file with a default on it (within the retention period) or an account 90 days or more late is left out of the fit and scored by this rule: its scorecard points, clipped to ${config.rule.to + 1}..${SCORE_MAX}, are compressed into ${SCORE_MIN}..${config.rule.to} (${SCORE_MIN} + (points - ${config.rule.to + 1}) / ${config.rule.divisor}, rounded down), so it sits below every other file and in the same order among such files.`,
    },
    training: {},
  };
  const scoreRows = (sample: readonly TrainingRow[]) => sample.map((r) => applyScorecard(draft, r.features).value);
  const trainScores = scoreRows(trainRows);
  const holdoutScores = scoreRows(holdoutRows);
  const train = figuresOf(trainScores, trainBad);
  const holdout = figuresOf(
    holdoutScores,
    holdoutRows.map((r) => r.isBad),
  );
  const psi = round(computePsi(trainScores, holdoutScores), 4);
  const droppedFeatures = fit.dropped.map((j) => classes[j].definition.key);
  const bandFigures = draft.bands.map((band) => {
    const inBand = holdoutRows.filter((r) => applyScorecard(draft, r.features).band === band.name);
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
      scaleTarget: config.scale,
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

/** The figures of a model on the rows `filter` keeps. */
export function evaluateRows(model: ScorecardModel, rows: readonly TrainingRow[], filter: (row: TrainingRow) => boolean): SampleFigures {
  const kept = rows.filter(filter);
  return figuresOf(
    kept.map((r) => applyScorecard(model, r.features).value),
    kept.map((r) => r.isBad),
  );
}
