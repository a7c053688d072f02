import { createHash } from 'node:crypto';
import { computeAuc, computeGini, computeKs } from './metrics';

/** How a score did on one population: its size, bads, AUC, KS and Gini. */
export interface SampleFigures {
  rows: number;
  bads: number;
  badRate: number;
  auc: number;
  ks: number;
  gini: number;
}

/** The figures of scores (higher = better) against outcomes. */
export function figuresOf(scores: readonly number[], isBad: readonly boolean[]): SampleFigures {
  const bads = isBad.filter(Boolean).length;
  const auc = computeAuc(scores, isBad);
  return {
    rows: scores.length,
    bads,
    badRate: round(bads / Math.max(1, scores.length), 4),
    auc: round(auc, 4),
    ks: round(computeKs(scores, isBad), 4),
    gini: round(computeGini(auc), 4),
  };
}

/** A number in [0, 1) from a string, the same on every machine. */
export function hashToUnit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
