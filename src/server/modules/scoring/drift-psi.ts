import { DRIFT_ALERT_PSI, DRIFT_MIN_PEOPLE } from '@shared/score-drift';
import { bandOf } from './apply-scorecard';
import { challengerScore, type ChallengerModel } from './challenger-model';
import type { FeatureVector } from './feature-definitions';
import type { ScorecardFeature, ScorecardModel } from './scorecard-model';

/**
 * The population stability index of counts in the same bins: sum over bins of (a - e) x ln(a / e),
 * a and e the shares of the actual and expected populations. An empty bin would make the logarithm
 * infinite; its share is floored at 0.01%, the usual convention (training/metrics.ts computePsi does
 * the same). Null when either population is empty: no figure rather than a made-up one.
 */
export function psiOfCounts(expected: readonly number[], actual: readonly number[]): number | null {
  if (expected.length !== actual.length) throw new Error('PSI needs the same bins on both sides');
  const expectedTotal = expected.reduce((s, c) => s + c, 0);
  const actualTotal = actual.reduce((s, c) => s + c, 0);
  if (expectedTotal === 0 || actualTotal === 0) return null;
  let psi = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = Math.max(expected[i] / expectedTotal, 1e-4);
    const a = Math.max(actual[i] / actualTotal, 1e-4);
    psi += (a - e) * Math.log(a / e);
  }
  return Math.round(psi * 10_000) / 10_000;
}

/** A feature's development-sample counts: its bins in order, then the missing bin when it has one. */
export function developmentCounts(feature: ScorecardFeature): number[] {
  return [...feature.bins.map((b) => b.count), ...(feature.missing ? [feature.missing.count] : [])];
}

/** Index of a value in developmentCounts' order; -1 when missing and the feature has no missing bin. */
export function binIndexOf(feature: ScorecardFeature, value: number | null | undefined): number {
  if (value === null || value === undefined) return feature.missing ? feature.bins.length : -1;
  let index = 0;
  for (let i = 1; i < feature.bins.length; i++) {
    const min = feature.bins[i].min;
    if (min !== null && value >= min) index = i;
  }
  return index;
}

/** The score distribution of the development sample (everyone scored at the observation date), if the model file has one. */
export function developmentScoreBins(model: ScorecardModel): { from: number; to: number; count: number }[] | null {
  const distribution = model.training.distribution as { bins?: { from: number; to: number; count: number }[] } | undefined;
  return distribution?.bins && distribution.bins.length > 0 ? distribution.bins : null;
}

export interface DriftFigures {
  people: number;
  fittedPeople: number;
  scorePsi: number | null;
  features: { key: string; psi: number | null }[];
  isAlert: boolean;
  challenger: { kind: string; people: number; bandAgreement: number | null; meanAbsoluteDifference: number | null } | null;
}

/**
 * Counts a population one stored score at a time (the job reads them a page at a time, so a large
 * registry never sits in memory), then gives the PSI of the score and of each feature against the
 * model file's development sample, and the challenger's agreement on the same people.
 */
export class DriftAccumulator {
  private readonly scoreBins: { from: number; to: number; count: number }[] | null;
  private readonly scoreCounts: number[];
  private readonly featureCounts: number[][];
  private people = 0;
  private fittedPeople = 0;
  private sameBand = 0;
  private scoreGap = 0;

  constructor(
    private readonly model: ScorecardModel,
    private readonly challenger: ChallengerModel | null,
  ) {
    this.scoreBins = developmentScoreBins(model);
    this.scoreCounts = new Array<number>(this.scoreBins?.length ?? 0).fill(0);
    this.featureCounts = model.features.map((f) => new Array<number>(developmentCounts(f).length).fill(0));
  }

  /** One person's latest score: its value and the feature values it was computed from. */
  add(value: number, features: Partial<FeatureVector>): void {
    this.people += 1;
    const scoreBin = this.scoreBins?.findIndex((b) => value >= b.from && value <= b.to) ?? -1;
    if (scoreBin >= 0) this.scoreCounts[scoreBin] += 1;
    // The features' development sample is the fitted population: files scored by the rule are not in it.
    if (features.seriousDelinquency === 1) return;
    this.fittedPeople += 1;
    this.model.features.forEach((feature, i) => {
      const bin = binIndexOf(feature, features[feature.key]);
      if (bin >= 0) this.featureCounts[i][bin] += 1;
    });
    if (this.challenger) {
      const other = challengerScore(this.model, this.challenger, features as FeatureVector);
      if (other.band === bandOf(this.model, value)) this.sameBand += 1;
      this.scoreGap += Math.abs(other.value - value);
    }
  }

  result(): DriftFigures {
    const scorePsi = this.scoreBins
      ? psiOfCounts(
          this.scoreBins.map((b) => b.count),
          this.scoreCounts,
        )
      : null;
    const features = this.model.features.map((feature, i) => ({
      key: feature.key,
      psi: psiOfCounts(developmentCounts(feature), this.featureCounts[i]),
    }));
    // Judged only on populations large enough to say something (DRIFT_MIN_PEOPLE).
    const judged = [
      ...(this.people >= DRIFT_MIN_PEOPLE ? [scorePsi] : []),
      ...(this.fittedPeople >= DRIFT_MIN_PEOPLE ? features.map((f) => f.psi) : []),
    ];
    const isAlert = judged.some((psi) => psi !== null && psi > DRIFT_ALERT_PSI);
    const fitted = this.fittedPeople;
    return {
      people: this.people,
      fittedPeople: fitted,
      scorePsi,
      features,
      isAlert,
      challenger: this.challenger
        ? {
            kind: this.challenger.kind,
            people: fitted,
            bandAgreement: fitted > 0 ? Math.round((this.sameBand / fitted) * 10_000) / 10_000 : null,
            meanAbsoluteDifference: fitted > 0 ? Math.round((this.scoreGap / fitted) * 10) / 10 : null,
          }
        : null,
    };
  }
}
