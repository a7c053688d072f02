import type { FeatureVector } from '../../../src/server/modules/scoring/feature-definitions';
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
 * sample on which a correct fit must find every feature's direction.
 */
export function makeSyntheticRows(count: number, seed = 1): TrainingRow[] {
  const random = seededRandom(seed);
  const rows: TrainingRow[] = [];
  for (let i = 0; i < count; i++) {
    const risk = random();
    const late = (p: number) => (random() < p ? 1 + Math.floor(random() * 4) : 0);
    const worst12 = late(risk * 0.6);
    const defaults = random() < risk * risk * 0.4 ? 1 + Math.floor(random() * 2) : 0;
    const features: FeatureVector = {
      worstDelinquency12m: defaults > 0 ? 4 : worst12,
      worstDelinquency24m: Math.max(defaults > 0 ? 4 : worst12, late(risk * 0.5)),
      defaultCount: defaults,
      defaultAmountSle: defaults * Math.floor(random() * 20_000),
      onTimeShare: random() < 0.05 ? null : Math.round(Math.max(0, 1 - risk * random() * 0.8) * 10_000) / 10_000,
      utilisation: random() < 0.1 ? null : Math.round(Math.min(2, risk * 1.2 * random() + 0.1 * random()) * 10_000) / 10_000,
      oldestAccountMonths: Math.floor((1 - risk) * 120 * random()) + 3,
      openAccounts: Math.floor(random() * 4 + risk * 3),
      inquiries6m: Math.floor(random() * 2 + risk * 4 * random()),
      creditTypeCount: Math.floor(random() * 3),
      alternativeAccountsInGoodStanding: Math.floor(random() * 3 * (1 - risk)),
    };
    const logit = -3.2 + 5 * risk;
    rows.push({ id: `person-${i}`, features, isBad: random() < 1 / (1 + Math.exp(-logit)) });
  }
  return rows;
}

export const SYNTHETIC_FIT_CONFIG: FitConfig = {
  version: 'synthetic-test',
  createdAt: '2026-01-01T00:00:00.000Z',
  seed: 'synthetic',
  holdoutShare: 0.3,
  scaling: { baseScore: 600, baseOdds: 30, pdo: 20 },
  bandBadRates: { good: 0.05, poor: 0.2 },
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
