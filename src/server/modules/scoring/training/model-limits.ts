import { FEATURE_DEFINITION_BY_KEY } from '../feature-definitions';
import type { FitResult } from './fit-scorecard';

/** The "Limits" of the model card: the fixed ones, and those the fitted model shows. */
export function describeLimits(fit: FitResult): string[] {
  const title = (key: string) => FEATURE_DEFINITION_BY_KEY[key as keyof typeof FEATURE_DEFINITION_BY_KEY].title.toLowerCase();
  const flat = fit.model.features
    .filter((f) => f.bins.every((b) => b.points === 0) && !fit.droppedFeatures.includes(f.key))
    .map((f) => f.key);
  const limits = [
    "**Fitted on the generated demo registry, not on real people.** Its bins, points, bands and figures describe the generator's assumptions about behaviour. It must be refitted (`npm run model:train` on a snapshot of real bureau data) and validated again before any lender relies on it.",
    'The outcome is read from the same 24 monthly codes the features come from: with 12 months kept for the outcome, only 12 months of history exist at the observation date, so in training "worst delinquency in 24 months" equalled "in 12 months" and the fit shared one weight between the two. When scoring today both see their own window: a delinquency 13 to 24 months old costs about half what a recent one does. Keeping 36 monthly codes (or monthly snapshots) would let the 24-month feature be fitted on its own.',
    'The scorecard was fitted when the registry kept one balance per account (the latest), so utilisation could not be rebuilt at a past date: in training it was missing for everyone and carries no points. Each account now keeps the balance, amount past due and status of every month it is reported (`credit_account_months`, the last 36 months read; the generator writes them too), so utilisation and balance trends at the observation date can be computed and fitted at the next refit; this version does not use them.',
    'People already in default at the observation date stay in default in the generated data (default is absorbing), so all of them are bads and their default bins sit at the bottom of the scale; the holdout figures without them are shown above for a fair reading of the rest.',
    'No personal attribute (name, sex, age, district, religion or ethnicity suggested by a name) is a feature. Features can still be proxies for them; disparate impact has not been measured and must be on real data.',
    "A score is a summary for a lender's own decision; it is not a decision, and the report it comes with remains the record.",
  ];
  for (const key of flat) {
    const reason =
      key === 'inquiries6m'
        ? 'the generated registry holds inquiries only for the 12 months before the snapshot, so none fall before the observation date'
        : key === 'utilisation'
          ? 'see above'
          : fit.flatFeatures.includes(key)
            ? 'its weight of evidence did not run in the common-sense direction in the generated data, so its bins were pooled into one'
            : 'its coefficient came out at 0';
    if (key !== 'utilisation') limits.push(`"${title(key)}" carries no points in this version: ${reason}.`);
  }
  for (const key of fit.droppedFeatures)
    limits.push(
      `"${title(key)}" was dropped by the fit: given the other features its coefficient would have been negative (it would have rewarded the worse value).`,
    );
  return limits;
}
