import { FEATURE_DEFINITION_BY_KEY } from '../feature-definitions';
import type { FitResult } from './fit-scorecard';

/** The "Limits" of the model card: the fixed ones, and those the fitted model shows. */
export function describeLimits(fit: FitResult): string[] {
  const title = (key: string) => FEATURE_DEFINITION_BY_KEY[key as keyof typeof FEATURE_DEFINITION_BY_KEY].title.toLowerCase();
  const limits = [
    "**Fitted on the generated demo registry, not on real people.** Its bins, points, bands and figures describe the generator's assumptions about behaviour. It must be refitted (`npm run model:train` on a snapshot of real bureau data) and validated again before any lender relies on it.",
    'Every feature looks back 12 months at most: the fit is made 24 months before the snapshot, where only 12 of the 36 kept months lie before the date. A late payment 13 to 36 months old is shown on the report but does not move the score.',
    'The rule for files in default or 90 days late is a policy, not an estimate: the development sample holds no such file, so the fit cannot say how risky one is compared with another; the rule only keeps them below every other file and in the order of their other evidence.',
    'No personal attribute (name, sex, age, district, religion or ethnicity suggested by a name) is a feature. Features can still be proxies for them; disparate impact has not been measured and must be on real data.',
    "A score is a summary for a lender's own decision; it is not a decision, and the report it comes with remains the record.",
    'Scorecards 1.0.0-demo and 2.0.0-demo stay committed so the scores they made can be reproduced; their cards are in the history of this file. 2.0.0-demo counted a closed month as on time and a file of paid-off accounts as recent; its most common score held 5.4% of people.',
  ];
  for (const key of fit.flatFeatures) limits.push(`"${title(key)}" carries no points in this version: everybody fell in one bin.`);
  for (const key of fit.droppedFeatures)
    limits.push(
      `"${title(key)}" was dropped by the fit: given the other features its coefficient would have been negative (it would have rewarded the worse value).`,
    );
  return limits;
}
