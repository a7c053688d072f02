import { applyScorecard } from '../apply-scorecard';
import { challengerLogOdds, challengerScore } from '../challenger-model';
import { MODEL_FEATURE_KEYS } from '../feature-definitions';
import type { ScorecardModel } from '../scorecard-model';
import { isHoldoutRow, isRuleRow, type FitConfig, type TrainingRow } from './fit-scorecard';
import { fitPlainLogistic, type PlainLogistic } from './plain-logistic';
import { figuresOf, round, type SampleFigures } from './sample-figures';
import { describeDistribution, type ScoreDistribution } from './score-distribution';

/** One line of the validation table: which model, on whom, how it did. */
export interface ValidationFigures extends SampleFigures {
  /** not_in_default_at_observation | all_scored | out_of_time | out_of_time_all_scored */
  population: string;
  /** training | holdout | everyone (out of time: every scored person at the later date) */
  sample: string;
  model: 'scorecard' | 'plain_logistic_regression';
}

export interface Validation {
  figures: ValidationFigures[];
  /** Scores of every scored person at the observation date (rule-scored files included). */
  distribution: ScoreDistribution;
  /** The same at the out-of-time date. */
  outOfTimeDistribution: ScoreDistribution;
  /** The highest and lowest scores the points table allows. */
  reachable: { best: number; worst: number };
  /** The plain logistic regression, kept as the challenger (challenger-model.ts). */
  challenger: PlainLogistic;
  /** How the challenger agrees with the scorecard person by person. */
  agreement: ChallengerAgreement[];
}

/** On one population: the share of people the two models put in the same band, and their mean score gap. */
export interface ChallengerAgreement {
  population: string;
  sample: string;
  rows: number;
  bandAgreement: number;
  meanAbsoluteDifference: number;
}

/**
 * Validates a fitted scorecard: the holdout of people not in default at the observation date
 * (the headline), everyone scored (rule-scored files too), the out-of-time sample (people observed
 * a year later, with their own following 12 months), and the plain logistic regression on the same
 * features and the same split, as a benchmark.
 */
export function validate(
  model: ScorecardModel,
  config: Pick<FitConfig, 'seed' | 'holdoutShare'>,
  rows: readonly TrainingRow[],
  outOfTimeRows: readonly TrainingRow[],
): Validation {
  const score = (r: TrainingRow) => applyScorecard(model, r.features).value;
  const figures: ValidationFigures[] = [];
  const add = (
    population: string,
    sample: string,
    kept: readonly TrainingRow[],
    scorer = score,
    name: ValidationFigures['model'] = 'scorecard',
  ) =>
    figures.push({
      population,
      sample,
      model: name,
      ...figuresOf(
        kept.map(scorer),
        kept.map((r) => r.isBad),
      ),
    });
  const fitted = rows.filter((r) => !isRuleRow(r));
  add(
    'not_in_default_at_observation',
    'training',
    fitted.filter((r) => !isHoldoutRow(config, r)),
  );
  add(
    'not_in_default_at_observation',
    'holdout',
    fitted.filter((r) => isHoldoutRow(config, r)),
  );
  add(
    'all_scored',
    'holdout',
    rows.filter((r) => isHoldoutRow(config, r)),
  );
  add(
    'out_of_time',
    'everyone',
    outOfTimeRows.filter((r) => !isRuleRow(r)),
  );
  add('out_of_time_all_scored', 'everyone', outOfTimeRows);

  const plain = fitPlainLogistic(
    fitted.filter((r) => !isHoldoutRow(config, r)),
    MODEL_FEATURE_KEYS,
  );
  const plainScore = (r: TrainingRow) => challengerLogOdds(plain, r.features);
  add(
    'not_in_default_at_observation',
    'holdout',
    fitted.filter((r) => isHoldoutRow(config, r)),
    plainScore,
    'plain_logistic_regression',
  );
  add(
    'out_of_time',
    'everyone',
    outOfTimeRows.filter((r) => !isRuleRow(r)),
    plainScore,
    'plain_logistic_regression',
  );

  const best = model.features.reduce(
    (s, f) => s + Math.max(...f.bins.map((b) => b.points), f.missing?.points ?? -Infinity),
    model.basePoints,
  );
  const agreementOn = (population: string, sample: string, kept: readonly TrainingRow[]): ChallengerAgreement => {
    let same = 0;
    let gap = 0;
    for (const r of kept) {
      const live = applyScorecard(model, r.features);
      const other = challengerScore(model, plain, r.features);
      if (live.band === other.band) same += 1;
      gap += Math.abs(live.value - other.value);
    }
    const rows = Math.max(1, kept.length);
    return { population, sample, rows: kept.length, bandAgreement: round(same / rows, 4), meanAbsoluteDifference: round(gap / rows, 1) };
  };
  return {
    challenger: plain,
    agreement: [
      agreementOn(
        'not_in_default_at_observation',
        'holdout',
        fitted.filter((r) => isHoldoutRow(config, r)),
      ),
      agreementOn(
        'out_of_time',
        'everyone',
        outOfTimeRows.filter((r) => !isRuleRow(r)),
      ),
    ],
    figures,
    distribution: describeDistribution(rows.map(score)),
    outOfTimeDistribution: describeDistribution(outOfTimeRows.map(score)),
    reachable: { best: Math.min(model.scaling.max, best), worst: model.scaling.min },
  };
}

/** The figures of one population and sample of the scorecard (or the benchmark). */
export function figuresFor(validation: Validation, population: string, sample: string, model: ValidationFigures['model'] = 'scorecard') {
  const found = validation.figures.find((f) => f.population === population && f.sample === sample && f.model === model);
  if (!found) throw new Error(`no figures for ${model} ${population} ${sample}`);
  return found;
}
