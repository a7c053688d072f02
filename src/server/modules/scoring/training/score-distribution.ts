import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';

/** How scores spread over the scale: counts per band of 50 points, the range and the most common value. */
export interface ScoreDistribution {
  people: number;
  min: number;
  max: number;
  distinctValues: number;
  /** The most common score and its share of the people. */
  mostCommon: { value: number; share: number };
  bins: { from: number; to: number; count: number; share: number }[];
}

export const DISTRIBUTION_BIN_WIDTH = 50;

export function describeDistribution(scores: readonly number[]): ScoreDistribution {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  let mostCommon = { value: SCORE_MIN, count: 0 };
  for (const [value, count] of counts)
    if (count > mostCommon.count || (count === mostCommon.count && value < mostCommon.value)) mostCommon = { value, count };
  const bins: ScoreDistribution['bins'] = [];
  for (let from = SCORE_MIN; from <= SCORE_MAX; from += DISTRIBUTION_BIN_WIDTH) {
    const to = Math.min(SCORE_MAX, from + DISTRIBUTION_BIN_WIDTH - 1);
    const count = scores.filter((s) => s >= from && s <= to).length;
    bins.push({ from, to, count, share: count / Math.max(1, scores.length) });
  }
  return {
    people: scores.length,
    min: Math.min(...scores),
    max: Math.max(...scores),
    distinctValues: counts.size,
    mostCommon: { value: mostCommon.value, share: mostCommon.count / Math.max(1, scores.length) },
    bins,
  };
}
