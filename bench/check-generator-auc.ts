// `npm run bench:generator-auc -- [--people 100000] [--seed 42]`: checks that the synthetic registry
// carries a plausible amount of signal. Payment behaviour in the older 12 of the 24 months shown
// (and the account mix, age and file thickness) predicts 90+ days late or default in the recent 12
// months; a logistic regression fitted on 70% of people is scored on the other 30%. The generator
// aims at a holdout AUC near 0.75: a real scorecard's range, neither noise nor a perfect oracle.
import { LENDERS } from '../src/server/db/seed/registry/lenders';
import { generatePerson, indexLenders, type GeneratedPerson } from '../src/server/db/seed/registry/generate';
import { argValue } from './lib/args';

const people = Number(argValue('people', '100000'));
const seed = Number(argValue('seed', '42'));
const asOf = new Date(argValue('as-of', '2026-10-31') + 'T12:00:00Z');

const OBSERVATION_START = 12; // history index: months ago
const lenders = indexLenders(LENDERS);

interface Row {
  x: number[];
  y: number;
}

const SEVERITY: Record<string, number> = { '0': 0, '1': 1, '2': 2, '3': 3, D: 4, C: 0, '-': 0 };

/** Features as of 12 months ago, and whether the person went 90+ days late or defaulted since. */
function toRow(p: GeneratedPerson): Row | null {
  let observedAccounts = 0;
  let worstBefore = 0;
  let lateMonthsBefore = 0;
  let worstAfter = 0;
  let altAccounts = 0;
  let openBefore = 0;
  for (const a of p.accounts) {
    const h = a.paymentHistory;
    const before = h.slice(OBSERVATION_START);
    const after = h.slice(0, OBSERVATION_START);
    if (before.length === 0) continue;
    observedAccounts++;
    if (['mobile_money_loan', 'utility', 'telecom_postpaid'].includes(a.type)) altAccounts++;
    if (before[0] !== 'C') openBefore++;
    for (const c of before) {
      worstBefore = Math.max(worstBefore, SEVERITY[c]);
      if ('123D'.includes(c)) lateMonthsBefore++;
    }
    for (const c of after) worstAfter = Math.max(worstAfter, SEVERITY[c]);
  }
  // Thin files and people already in default a year ago are not scored.
  if (observedAccounts === 0 || worstBefore === 4) return null;
  const age = p.dateOfBirth ? asOf.getUTCFullYear() - Number(p.dateOfBirth.slice(0, 4)) : 35;
  const x = [
    1,
    worstBefore === 1 ? 1 : 0,
    worstBefore === 2 ? 1 : 0,
    worstBefore === 3 ? 1 : 0,
    Math.log1p(lateMonthsBefore),
    Math.log1p(observedAccounts),
    altAccounts === observedAccounts ? 1 : 0,
    Math.log1p(openBefore),
    (age - 35) / 10,
  ];
  return { x, y: worstAfter >= 3 ? 1 : 0 };
}

function fitLogistic(rows: Row[], iterations = 300, rate = 0.5): number[] {
  const k = rows[0].x.length;
  const w = new Array<number>(k).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(k).fill(0);
    for (const r of rows) {
      let s = 0;
      for (let j = 0; j < k; j++) s += w[j] * r.x[j];
      const err = 1 / (1 + Math.exp(-s)) - r.y;
      for (let j = 0; j < k; j++) grad[j] += err * r.x[j];
    }
    for (let j = 0; j < k; j++) w[j] -= (rate * grad[j]) / rows.length;
  }
  return w;
}

/** Area under the ROC curve by the rank-sum formula, ties averaged. */
export function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i]] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let positives = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && order[j][0] === order[i][0]) j++;
    const avgRank = (i + j + 1) / 2;
    for (let t = i; t < j; t++)
      if (order[t][1] === 1) {
        rankSum += avgRank;
        positives++;
      }
    i = j;
  }
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

const rows: Row[] = [];
let thin = 0;
let altOnly = 0;
for (let i = 0; i < people; i++) {
  const p = generatePerson({ seed, asOf }, i, lenders);
  if (p.segment === 'thin') thin++;
  if (p.segment === 'alternative_only') altOnly++;
  const row = toRow(p);
  if (row) rows.push(row);
}
const train = rows.filter((_, i) => i % 10 < 7);
const holdout = rows.filter((_, i) => i % 10 >= 7);
const w = fitLogistic(train);
const score = (r: Row) => r.x.reduce((s, v, j) => s + v * w[j], 0);
const badRate = rows.reduce((s, r) => s + r.y, 0) / rows.length;
console.log(`people ${people}, scorable ${rows.length} (thin-file ${thin}, mobile-money/utility only ${altOnly})`);
console.log(`bad rate (90+ or default in the last 12 months): ${(badRate * 100).toFixed(1)}%`);
console.log(
  `train AUC ${auc(
    train.map(score),
    train.map((r) => r.y),
  ).toFixed(3)}, holdout AUC ${auc(
    holdout.map(score),
    holdout.map((r) => r.y),
  ).toFixed(3)}`,
);
