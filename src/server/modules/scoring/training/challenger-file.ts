import type { ChallengerModel } from '../challenger-model';
import type { ScorecardModel } from '../scorecard-model';
import { figuresFor, type Validation } from './validation';

/** models/challenger-<version>.json: the plain logistic regression of this fit, with its figures beside the scorecard's. */
export function challengerFileOf(model: ScorecardModel, validation: Validation): ChallengerModel {
  return {
    format: 'ccsl-challenger/1',
    kind: 'plain_logistic_regression',
    championVersion: model.version,
    createdAt: model.createdAt,
    intercept: validation.challenger.intercept,
    columns: validation.challenger.columns,
    training: {
      validation: validation.figures.filter((f) => f.model === 'plain_logistic_regression'),
      agreement: validation.agreement,
    },
  };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const num = (v: number) => v.toLocaleString('en');
const POPULATION_NAMES: Record<string, string> = {
  not_in_default_at_observation: 'Not in default at observation',
  out_of_time: 'Out of time: not in default at the later date',
};

/** The model card's challenger section: the two models on the same people. */
export function challengerCardSection(model: ScorecardModel, validation: Validation): string[] {
  const lines = ['## Monitoring'];
  lines.push(
    "Once a month (and when an administrator or the regulator asks), the registry's latest stored score of each person scored with this model is compared with this card's development sample: the population stability index (PSI) of the score against the distribution above, and of each feature against its training counts in the tables below (files scored by the rule left out, as they are here). Below 0.10 reads as stable, 0.10 to 0.25 as worth watching, above 0.25 as drifted: administrators and the regulator are alerted and the model should be reviewed (decisions/038). The train/holdout PSI above compares two halves of one date and cannot show drift.",
  );
  lines.push('');
  lines.push('## Challenger');
  lines.push(
    `A second model is kept beside the live scorecard: the plain logistic regression of the benchmark rows above, fitted on the same training rows, saved as \`src/server/modules/scoring/models/challenger-${model.version}.json\` by the same command. Its log-odds of "good" are put on the scorecard's points scale (offset + factor x log-odds, clipped as a fitted file is) and banded with the scorecard's bands, so the two can be compared person by person. **It is never shown to lenders**: no report, API answer or lender page carries it. It is compared here, on the same holdout and out-of-time people as the scorecard, and in each monthly drift run on the registry's stored feature values (administrators and the regulator see that; decisions/038). It would replace the scorecard only as a new model version, after the same validation.`,
  );
  lines.push('');
  lines.push(
    '| Population (sample) | People | AUC scorecard | AUC challenger | KS scorecard | KS challenger | Same band | Mean score gap |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const a of validation.agreement) {
    const live = figuresFor(validation, a.population, a.sample);
    const other = figuresFor(validation, a.population, a.sample, 'plain_logistic_regression');
    lines.push(
      `| ${POPULATION_NAMES[a.population] ?? a.population} (${a.sample}) | ${num(a.rows)} | ${live.auc.toFixed(4)} | ${other.auc.toFixed(4)} | ${live.ks.toFixed(4)} | ${other.ks.toFixed(4)} | ${pct(a.bandAgreement)} | ${a.meanAbsoluteDifference.toFixed(1)} points |`,
    );
  }
  lines.push('');
  const headline = validation.agreement[0];
  const isChallengerBetter =
    headline !== undefined &&
    figuresFor(validation, headline.population, headline.sample, 'plain_logistic_regression').auc >
      figuresFor(validation, headline.population, headline.sample).auc;
  lines.push(
    `"Same band": the share of people both models put in Good, Fair or Poor alike. ${
      isChallengerBetter
        ? 'The challenger ranks a little better here because it is not held to bins, monotone points and whole-point rounding; the scorecard is kept live because anyone can add up its points table and its reasons follow from it.'
        : 'The challenger does not rank better than the scorecard here.'
    }`,
  );
  lines.push('');
  return lines;
}
