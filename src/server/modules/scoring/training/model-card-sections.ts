import type { ScorecardModel } from '../scorecard-model';
import type { FitResult } from './fit-scorecard';
import type { Validation, ValidationFigures } from './validation';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const num = (v: number) => v.toLocaleString('en');

/** "What it is" and the scale, from the model file. */
export function describeModel(model: ScorecardModel): string[] {
  const s = model.scaling;
  const rule = model.rule!;
  return [
    '## What it is',
    `A logistic-regression scorecard over binned features (weight of evidence), scaled to points: ${s.min} to ${s.max}, higher is better. It estimates the chance that a person goes 90 days past due or defaults on any account within the next 12 months. Every score carries its band, up to four reasons and the model version, and is stored with its feature values so it can be reproduced.`,
    '',
    `**Files in default or 90 days late are scored by a rule, not by the fit.** ${rule.description} The development sample leaves them out (a default never cures in the data, so including them would flatter every figure); their score is labelled by the reason \`DEFAULTS\`.`,
    '',
    '## Scale and bands',
    `- ${s.baseScore} points at good:bad odds of ${s.baseOdds}:1; ${s.pdo} points double the odds. Factor = ${s.pdo} / ln 2 = ${s.factor.toFixed(4)}; offset = ${s.baseScore} - factor x ln ${s.baseOdds} = ${s.offset.toFixed(4)}. The anchor and the points to double the odds were chosen from the fit so that the 0.2nd percentile of the training sample's log-odds lands near 360 and the 99.8th near 830: the best files reach the 800s, the fitted population starts at ${rule.to + 1} and the rule's files fill ${rule.from} to ${rule.to}.`,
    `- Score = base points ${model.basePoints} (offset + factor x intercept ${model.intercept.toFixed(4)}) + the points of each feature's bin, clipped to ${rule.to + 1}..${s.max} (then the rule, for files in default or 90 days late). Bin points = round(factor x coefficient x WoE).`,
    '',
    '| Band | From score | Meaning (set by odds) |',
    '|---|---|---|',
    ...model.bands.map((b) => `| ${b.name} | ${b.minScore} | ${b.description} |`),
  ];
}

const row = (label: string, f: ValidationFigures, bold = false) => {
  const b = (v: string) => (bold ? `**${v}**` : v);
  return `| ${label} | ${num(f.rows)} | ${num(f.bads)} | ${pct(f.badRate)} | ${b(f.auc.toFixed(4))} | ${b(f.ks.toFixed(4))} | ${b(f.gini.toFixed(4))} |`;
};

/** Performance per population, the benchmark, the bands and the distribution. */
export function performanceSection(
  fit: FitResult,
  validation: Validation,
  targets: { auc: number; ks: number; maxValueShare: number },
): string[] {
  const find = (population: string, sample: string, model: ValidationFigures['model'] = 'scorecard') =>
    validation.figures.find((f) => f.population === population && f.sample === sample && f.model === model)!;
  const headline = find('not_in_default_at_observation', 'holdout');
  const plain = find('not_in_default_at_observation', 'holdout', 'plain_logistic_regression');
  const d = validation.distribution;
  const o = validation.outOfTimeDistribution;
  const lines = [
    '## Performance',
    `Targets (issue 19) on the holdout of people not in default at the observation date: AUC at least ${targets.auc}, KS at least ${targets.ks}. Every row names its population.`,
    '',
    '| Population (sample) | People | Bads | Bad rate | AUC | KS | Gini |',
    '|---|---|---|---|---|---|---|',
    row('Not in default at observation (training)', find('not_in_default_at_observation', 'training')),
    row('**Not in default at observation (holdout)**', headline, true),
    row('Everyone scored at observation, rule-scored files included (holdout)', find('all_scored', 'holdout')),
    row('**Out of time**: not in default at the later date (everyone then on file)', find('out_of_time', 'everyone'), true),
    row('Out of time, rule-scored files included', find('out_of_time_all_scored', 'everyone')),
    row('Benchmark: plain logistic regression, not in default at observation (holdout)', plain),
    row('Benchmark: plain logistic regression, out of time', find('out_of_time', 'everyone', 'plain_logistic_regression')),
    '',
    `The benchmark is an unconstrained logistic regression on the same features' raw values (standardised, a missing value given the mean and a 0/1 column), fitted on the same training rows: no bins, no sign constraint, no rounding. On the holdout its AUC is ${plain.auc.toFixed(4)} against the scorecard's ${headline.auc.toFixed(4)}: the scorecard's bins, monotone points and rounding, which make it a table anyone can add up, cost ${plain.auc > headline.auc ? (plain.auc - headline.auc).toFixed(4) : 'nothing'} here. Population stability index of the holdout's scores against the training sample's: ${fit.psi.toFixed(4)} (two halves of one date: it cannot show drift; the out-of-time row above is the test of time).`,
    '',
    `Bands on the holdout of the fitted population: ${fit.bandFigures.map((b) => `${b.band} ${pct(b.holdoutShare)} of people, bad rate ${pct(b.holdoutBadRate)}`).join('; ')}.`,
    '',
    '## Distribution of scores',
    `Everyone scored at the observation date (${num(d.people)} people, rule-scored files included): scores ${d.min} to ${d.max} (the points table reaches ${validation.reachable.worst} to ${validation.reachable.best}), ${num(d.distinctValues)} distinct values; the most common score, ${d.mostCommon.value}, is held by ${pct(d.mostCommon.share)} of people (the limit is ${pct(targets.maxValueShare)}). Out of time: ${o.min} to ${o.max}, most common ${o.mostCommon.value} held by ${pct(o.mostCommon.share)}.`,
    '',
    '| Scores | People | Share | |',
    '|---|---|---|---|',
    ...d.bins.map((b) => `| ${b.from}-${b.to} | ${num(b.count)} | ${pct(b.share)} | ${'#'.repeat(Math.round(b.share * 100))} |`),
    '',
  ];
  return lines;
}
