import { FEATURE_KEYS, type FeatureVector } from '../../../src/server/modules/scoring/feature-definitions';
import { fitScorecard, type FitConfig, type TrainingRow } from '../../../src/server/modules/scoring/training/fit-scorecard';

/** A small seeded generator (mulberry32), so the synthetic sample is the same on every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Feature vectors driven by one hidden risk per person, and an outcome drawn from that risk: a
 * sample on which a correct fit must find every feature's direction. About 5% are in default or
 * 90 days late (seriousDelinquency 1): the fit must leave them out.
 */
export function makeSyntheticRows(count: number, seed = 1): TrainingRow[] {
  const random = seededRandom(seed);
  const rows: TrainingRow[] = [];
  for (let i = 0; i < count; i++) {
    const risk = random();
    const lateMonths = random() < risk * 0.7 ? 1 + Math.floor(random() * 6 * risk) : 0;
    const features = Object.fromEntries(FEATURE_KEYS.map((k) => [k, 0])) as FeatureVector;
    Object.assign(features, {
      worstLate12m: lateMonths === 0 ? 0 : 1 + Math.floor(random() * 3 * risk),
      monthsSinceLastLate: lateMonths === 0 ? 12 : Math.floor(random() * 12 * (1 - risk)),
      lateMonths12m: lateMonths,
      onTimeMonths12m: Math.floor(random() * 24 * (1.2 - risk)),
      lateAccountsNow: lateMonths > 0 && random() < risk ? 1 : 0,
      amountPastDueSle: lateMonths > 0 && random() < risk ? Math.floor(random() * 5_000) : 0,
      creditUtilisation: random() < 0.3 ? null : Math.round(Math.min(2, risk * 1.2 * random() + 0.1 * random()) * 10_000) / 10_000,
      balanceTrend6m: random() < 0.3 ? null : Math.round((risk * 0.6 * random() - 0.2) * 10_000) / 10_000,
      openAccountsNow: Math.floor(random() * 3 + risk * 2),
      hardInquiries12m: Math.floor(random() * 2 + risk * 4 * random()),
      monthsSinceNewestAccount: Math.floor((1.1 - risk) * 60 * random()),
      alternativeOnTimeShare12m: random() < 0.4 ? null : Math.round(Math.max(0, 1 - risk * random() * 0.5) * 10_000) / 10_000,
      oldestAccountMonths: Math.floor((1 - risk) * 120 * random()) + 6,
      seriousDelinquency: random() < 0.05 ? 1 : 0,
    });
    const logit = -3.2 + 5 * risk;
    rows.push({ id: `person-${i}`, features, isBad: features.seriousDelinquency === 1 || random() < 1 / (1 + Math.exp(-logit)) });
  }
  return rows;
}

export const SYNTHETIC_FIT_CONFIG: FitConfig = {
  version: 'synthetic-test',
  createdAt: '2026-01-01T00:00:00.000Z',
  seed: 'synthetic',
  holdoutShare: 0.3,
  scale: { baseScore: 600, low: { quantile: 0.002, score: 360 }, high: { quantile: 0.998, score: 830 } },
  rule: { to: 349, divisor: 5 },
  bandBadRates: { good: 0.03, poor: 0.15 },
  minBinShare: 0.01,
  l2: 1,
  sleRates: { SLE: 1, USD: 22.75 },
  data: { source: 'synthetic rows in tests' },
};

let cached: ReturnType<typeof fitScorecard> | undefined;

/** The scorecard fitted on 6,000 synthetic rows (fitted once per test file). */
export function fitSyntheticScorecard() {
  cached ??= fitScorecard(makeSyntheticRows(6_000), SYNTHETIC_FIT_CONFIG);
  return cached;
}
