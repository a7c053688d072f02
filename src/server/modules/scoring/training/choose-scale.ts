/**
 * The points scale of scorecard 2, chosen from the fit so the whole 300..850 range is used: the
 * file at the `low` quantile of the training sample's log-odds gets `lowScore`, the one at the
 * `high` quantile gets `highScore`; points to double the odds are rounded to a whole number and the
 * odds at 600 to one decimal, and the offset follows from those two rounded figures.
 */
export interface ScaleTarget {
  baseScore: number;
  low: { quantile: number; score: number };
  high: { quantile: number; score: number };
}

export interface Scale {
  baseScore: number;
  baseOdds: number;
  pdo: number;
  factor: number;
  offset: number;
}

export function chooseScale(logOdds: readonly number[], target: ScaleTarget): Scale {
  const sorted = [...logOdds].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];
  const lo = at(target.low.quantile);
  const hi = at(target.high.quantile);
  const pdo = Math.max(1, Math.round(((target.high.score - target.low.score) / (hi - lo)) * Math.LN2));
  const factor = pdo / Math.LN2;
  const offsetWanted = target.low.score - factor * lo;
  const baseOdds = Math.max(0.1, Math.round(Math.exp((target.baseScore - offsetWanted) / factor) * 10) / 10);
  const offset = target.baseScore - factor * Math.log(baseOdds);
  return { baseScore: target.baseScore, baseOdds, pdo, factor, offset };
}

/** The score at which the estimated bad rate is `badRate` (higher scores, lower rates). */
export function scoreAtBadRate(scale: Scale, badRate: number): number {
  return Math.ceil(scale.offset + scale.factor * Math.log((1 - badRate) / badRate));
}
