import type { FeatureDirection } from '../feature-definitions';

/** Goods and bads of one bin; `min` is its lowest value (inclusive), null for minus infinity. */
export interface BinCounts {
  min: number | null;
  goods: number;
  bads: number;
}

export interface CoarseBins {
  bins: BinCounts[];
  missing: { goods: number; bads: number };
}

export interface CoarseClassingOptions {
  /** A bin smaller than this share of the rows is pooled with a neighbour. */
  minBinShare: number;
}

/** Counts goods and bads in the fine bins given by `cuts` (lower bounds after the first bin). */
export function countFineBins(values: readonly (number | null)[], isBad: readonly boolean[], cuts: readonly number[]): CoarseBins {
  const bins: BinCounts[] = [{ min: null, goods: 0, bads: 0 }, ...cuts.map((min) => ({ min, goods: 0, bads: 0 }))];
  const missing = { goods: 0, bads: 0 };
  values.forEach((value, row) => {
    const target = value === null ? missing : bins[binIndexOf(cuts, value)];
    if (isBad[row]) target.bads += 1;
    else target.goods += 1;
  });
  return { bins, missing };
}

function binIndexOf(cuts: readonly number[], value: number): number {
  let index = 0;
  for (let i = 0; i < cuts.length; i++) if (value >= cuts[i]) index = i + 1;
  return index;
}

/**
 * Weight of evidence of a bin: ln(its share of all goods / its share of all bads). Half a count is
 * added to each side so a bin without bads (or goods) gets a large but finite weight.
 */
export function weightOfEvidence(goods: number, bads: number, totalGoods: number, totalBads: number): number {
  return Math.log((goods + 0.5) / totalGoods / ((bads + 0.5) / totalBads));
}

/** Information value of a feature's bins (the missing bin included when it has rows). */
export function informationValue(classes: CoarseBins): number {
  const all = [...classes.bins, classes.missing];
  const totalGoods = all.reduce((s, b) => s + b.goods, 0);
  const totalBads = all.reduce((s, b) => s + b.bads, 0);
  return all
    .filter((b) => b.goods + b.bads > 0)
    .reduce((iv, b) => iv + (b.goods / totalGoods - b.bads / totalBads) * weightOfEvidence(b.goods, b.bads, totalGoods, totalBads), 0);
}

/**
 * Coarse classing: pools empty and small bins into a neighbour, then pools adjacent bins until
 * the weight of evidence rises strictly in the feature's direction (falls for "decreasing"), so
 * the points can never reward a worse value. Totals for the WoE include the missing rows.
 */
export function classCoarsely(fine: CoarseBins, direction: FeatureDirection, options: CoarseClassingOptions): CoarseBins {
  let bins = fine.bins.map((b) => ({ ...b }));
  const totalGoods = bins.reduce((s, b) => s + b.goods, fine.missing.goods);
  const totalBads = bins.reduce((s, b) => s + b.bads, fine.missing.bads);
  const minRows = Math.max(1, Math.ceil(options.minBinShare * (totalGoods + totalBads)));
  const woe = (b: BinCounts) => weightOfEvidence(b.goods, b.bads, totalGoods, totalBads);
  const rate = (b: BinCounts) => (b.goods + b.bads === 0 ? 0 : b.bads / (b.goods + b.bads));

  for (;;) {
    if (bins.length === 1) break;
    const small = bins.findIndex((b) => b.goods + b.bads < minRows);
    if (small === -1) break;
    // Pool with the neighbour whose bad rate is nearer (an empty bin simply joins the one before).
    const left = small - 1;
    const right = small + 1;
    const isLeft =
      right >= bins.length ||
      (left >= 0 &&
        (bins[small].goods + bins[small].bads === 0 ||
          Math.abs(rate(bins[left]) - rate(bins[small])) <= Math.abs(rate(bins[right]) - rate(bins[small]))));
    bins = isLeft ? mergeAt(bins, left) : mergeAt(bins, small);
  }

  for (;;) {
    const violation = bins.findIndex(
      (b, i) => i + 1 < bins.length && (direction === 'increasing' ? woe(bins[i + 1]) <= woe(b) : woe(bins[i + 1]) >= woe(b)),
    );
    if (violation === -1) break;
    bins = mergeAt(bins, violation);
  }
  return { bins, missing: { ...fine.missing } };
}

/** Pools bin i with bin i + 1. */
function mergeAt(bins: BinCounts[], i: number): BinCounts[] {
  const merged = { min: bins[i].min, goods: bins[i].goods + bins[i + 1].goods, bads: bins[i].bads + bins[i + 1].bads };
  return [...bins.slice(0, i), merged, ...bins.slice(i + 2)];
}
