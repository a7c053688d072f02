/**
 * Logistic regression by Newton's method (iteratively reweighted least squares) with an L2
 * penalty on the coefficients (not the intercept). A dozen WoE columns and tens of thousands of
 * rows converge in a few iterations; no library needed.
 */

export interface LogisticFit {
  intercept: number;
  coefficients: number[];
  iterations: number;
  isConverged: boolean;
}

export interface LogisticOptions {
  l2: number;
  maxIterations?: number;
  tolerance?: number;
}

/** Fits P(y = 1) = sigmoid(intercept + x . coefficients). */
export function fitLogisticRegression(rows: readonly number[][], y: readonly number[], options: LogisticOptions): LogisticFit {
  const p = rows[0]?.length ?? 0;
  const theta = new Array<number>(p + 1).fill(0);
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const gradient = new Array<number>(p + 1).fill(0);
    const hessian = Array.from({ length: p + 1 }, () => new Array<number>(p + 1).fill(0));
    for (let r = 0; r < rows.length; r++) {
      const x = rows[r];
      let eta = theta[0];
      for (let j = 0; j < p; j++) eta += theta[j + 1] * x[j];
      const prob = sigmoid(eta);
      const w = prob * (1 - prob);
      const residual = y[r] - prob;
      gradient[0] += residual;
      hessian[0][0] += w;
      for (let j = 0; j < p; j++) {
        gradient[j + 1] += residual * x[j];
        hessian[0][j + 1] += w * x[j];
        for (let k = j; k < p; k++) hessian[j + 1][k + 1] += w * x[j] * x[k];
      }
    }
    for (let j = 0; j <= p; j++) for (let k = 0; k < j; k++) hessian[j][k] = hessian[k][j];
    for (let j = 1; j <= p; j++) {
      gradient[j] -= options.l2 * theta[j];
      hessian[j][j] += options.l2;
    }
    const step = solveSymmetric(hessian, gradient);
    let largest = 0;
    for (let j = 0; j <= p; j++) {
      theta[j] += step[j];
      largest = Math.max(largest, Math.abs(step[j]));
    }
    if (largest < tolerance) return { intercept: theta[0], coefficients: theta.slice(1), iterations: iteration, isConverged: true };
  }
  return { intercept: theta[0], coefficients: theta.slice(1), iterations: maxIterations, isConverged: false };
}

/**
 * The same fit with every coefficient at least 0: a column whose coefficient comes out negative
 * (it would turn a monotone WoE upside down, usually because another column says the same) is
 * dropped, the most negative first, and the rest refitted. Dropped columns get 0.
 */
export function fitNonNegativeLogisticRegression(
  rows: readonly number[][],
  y: readonly number[],
  options: LogisticOptions,
): LogisticFit & { dropped: number[] } {
  const p = rows[0]?.length ?? 0;
  let active = Array.from({ length: p }, (_, j) => j);
  const dropped: number[] = [];
  for (;;) {
    const fit = fitLogisticRegression(
      rows.map((x) => active.map((j) => x[j])),
      y,
      options,
    );
    const worst = fit.coefficients.reduce((w, c, i) => (c < 0 && (w === -1 || c < fit.coefficients[w]) ? i : w), -1);
    if (worst === -1) {
      const coefficients = new Array<number>(p).fill(0);
      active.forEach((j, i) => (coefficients[j] = fit.coefficients[i]));
      return { ...fit, coefficients, dropped };
    }
    dropped.push(active[worst]);
    active = active.filter((_, i) => i !== worst);
  }
}

export function sigmoid(eta: number): number {
  return eta >= 0 ? 1 / (1 + Math.exp(-eta)) : Math.exp(eta) / (1 + Math.exp(eta));
}

/** Solves A x = b for a symmetric positive definite A (Cholesky). */
function solveSymmetric(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      if (i === j) {
        // A column with no variation (every row in one bin) leaves a zero pivot; a tiny ridge keeps it solvable.
        l[i][i] = Math.sqrt(Math.max(s, 1e-12));
      } else {
        l[i][j] = s / l[j][j];
      }
    }
  }
  const z = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * z[k];
    z[i] = s / l[i][i];
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}
