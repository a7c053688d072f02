/**
 * Discrimination and stability measures of a score, higher score meaning lower risk:
 * AUC (chance a random good outscores a random bad, ties count half), KS (largest gap between
 * the score distributions of goods and bads), Gini (2 AUC - 1) and the population stability index.
 */

export function computeAuc(scores: readonly number[], isBad: readonly boolean[]): number {
  const order = scores.map((s, i) => i).sort((a, b) => scores[a] - scores[b]);
  let rankSumGoods = 0;
  let goods = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]] === scores[order[i]]) j++;
    const averageRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (!isBad[order[k]]) {
        rankSumGoods += averageRank;
        goods += 1;
      }
    }
    i = j + 1;
  }
  const bads = order.length - goods;
  if (goods === 0 || bads === 0) return Number.NaN;
  return (rankSumGoods - (goods * (goods + 1)) / 2) / (goods * bads);
}

export function computeKs(scores: readonly number[], isBad: readonly boolean[]): number {
  const order = scores.map((s, i) => i).sort((a, b) => scores[a] - scores[b]);
  const bads = isBad.filter(Boolean).length;
  const goods = isBad.length - bads;
  if (goods === 0 || bads === 0) return Number.NaN;
  let seenGoods = 0;
  let seenBads = 0;
  let ks = 0;
  for (let i = 0; i < order.length; i++) {
    if (isBad[order[i]]) seenBads += 1;
    else seenGoods += 1;
    const isLastOfTie = i + 1 === order.length || scores[order[i + 1]] !== scores[order[i]];
    if (isLastOfTie) ks = Math.max(ks, Math.abs(seenBads / bads - seenGoods / goods));
  }
  return ks;
}

export const computeGini = (auc: number) => 2 * auc - 1;

/**
 * PSI of `actual` against `expected`, over `binCount` bins cut at the quantiles of `expected`:
 * sum of (a - e) ln(a / e). Below 0.10 is usually read as stable.
 */
export function computePsi(expected: readonly number[], actual: readonly number[], binCount = 10): number {
  const sorted = [...expected].sort((a, b) => a - b);
  const cuts = [...new Set(Array.from({ length: binCount - 1 }, (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / binCount)]))];
  const shares = (values: readonly number[]) => {
    const counts = new Array<number>(cuts.length + 1).fill(0);
    for (const v of values) {
      let bin = 0;
      while (bin < cuts.length && v >= cuts[bin]) bin++;
      counts[bin] += 1;
    }
    // An empty bin would make the logarithm infinite; a floor of 0.01% is the usual convention.
    return counts.map((c) => Math.max(c / values.length, 1e-4));
  };
  const e = shares(expected);
  const a = shares(actual);
  return e.reduce((psi, ei, i) => psi + (a[i] - ei) * Math.log(a[i] / ei), 0);
}
