import { scaledByLargestVariance } from "../_internal/symmetricMatrix.ts";
import { bareCovarianceWarning } from "../_internal/readEstimates.ts";
import { readCovariance, type CovarianceInput } from "../data/covariance.ts";
import { performanceOf } from "../portfolio/portfolioPerformance.ts";
import { portfolioResult } from "../portfolio/PortfolioResult.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import { leafOrder, orderedSingleLinkage, type LinkageStep } from "./_internal/singleLinkage.ts";

export type { LinkageStep };

/**
 * Result of {@link hierarchicalRiskParity}: the one portfolio result (docs/maths.md#portfolio-result;
 * certificate status "closed-form", solver "recursive-bisection"; performance annual, expected
 * return null) with, beside it, the dendrogram.
 */
export type HierarchicalRiskParityResult = PortfolioResult<"hierarchical-risk-parity"> & {
  /** The quasi-diagonal order: the asset ids left to right along the dendrogram. */
  order: string[];
  /**
   * The n − 1 single-linkage merges in SciPy's numbering: leaf i (i < n) is `assets[i]`, merge k is
   * cluster n + k.
   */
  linkage: LinkageStep[];
};

/**
 * Hierarchical risk parity (López de Prado 2016, "Building Diversified Portfolios that Outperform
 * Out of Sample", J. Portfolio Management 42(4)):
 * 1. correlation distance `d_ij = sqrt((1 − ρ_ij) / 2)` from the correlations of the covariance;
 * 2. single-linkage clustering on d, children in a canonical order (so the weights do not depend
 *    on how the assets are numbered; docs/maths.md#hierarchical-risk-parity);
 * 3. quasi-diagonalisation: the assets in dendrogram leaf order;
 * 4. recursive bisection: split each list of the order into halves L and R (L the first
 *    ⌊m/2⌋), give each half the inverse-variance portfolio `w̃_i ∝ 1/Σ_ii` and its variance
 *    `V = w̃ᵀΣw̃`, and share the list's weight as `α = 1 − V_L / (V_L + V_R)` to L and `1 − α`
 *    to R (α = ½ when both are 0).
 *
 * @see docs/maths.md#hierarchical-risk-parity
 * Cost: O(n²) for the distances and the clustering, O(n² log n) for the bisection (plus O(n³/3)
 * to check a bare covariance).
 * @param covariance a labelled `Covariance`, or a bare matrix (rows, n·n values, `{ size, values }`;
 *   assets "0", "1", …): symmetric, PSD, every variance > 0 (docs/maths.md#covariance-rules). Never mutated.
 * @throws EngineError INVALID_INPUT when the covariance breaks a rule.
 * @example
 * const r = hierarchicalRiskParity(covariance([[0.04, 0], [0, 0.01]], { assets: ["A", "B"], frequency: "annual" }));
 * [r.vector, r.order] // => [Float64Array [0.19999999999999996, 0.8], ["B", "A"]]
 */
export function hierarchicalRiskParity(covariance: CovarianceInput): HierarchicalRiskParityResult {
  const bare = bareCovarianceWarning(covariance);
  const cov = readCovariance("covariance", covariance);
  const { n, data: sigma } = scaledByLargestVariance(cov.values, cov.size);
  const variance = new Float64Array(n);
  for (let i = 0; i < n; i++) variance[i] = sigma[i * n + i]!;
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let rho = sigma[i * n + j]! / Math.sqrt(variance[i]! * variance[j]!);
      if (rho > 1) rho = 1;
      else if (rho < -1) rho = -1;
      const dist = Math.sqrt(0.5 * (1 - rho));
      d[i * n + j] = dist;
      d[j * n + i] = dist;
    }
  }
  const linkage = orderedSingleLinkage(d, n, variance);
  const order = leafOrder(linkage, n);
  const weights = new Float64Array(n).fill(1);
  const lists: number[][] = [order];
  while (lists.length > 0) {
    const list = lists.pop()!;
    if (list.length < 2) continue;
    const half = Math.floor(list.length / 2);
    const left = list.slice(0, half);
    const right = list.slice(half);
    const vl = clusterVariance(sigma, n, left);
    const vr = clusterVariance(sigma, n, right);
    const alpha = vl + vr > 0 ? 1 - vl / (vl + vr) : 0.5;
    for (const i of left) weights[i] = weights[i]! * alpha;
    for (const i of right) weights[i] = weights[i]! * (1 - alpha);
    lists.push(left, right);
  }
  const performance = performanceOf(weights, {
    sigma: cov.values,
    mu: undefined,
    riskFreeRate: 0,
    periodsPerYear: cov.periodsPerYear,
    frequency: cov.frequency,
  });
  const result = portfolioResult(
    "hierarchical-risk-parity",
    cov.assets,
    weights,
    { status: "closed-form", solver: "recursive-bisection", objective: null, gap: 0, residuals: null, iterations: 0 },
    performance,
    bare === undefined ? [] : [bare],
  );
  return { ...result, order: order.map((i) => cov.assets[i]!), linkage };
}

/** Variance of the inverse-variance portfolio of the assets `members`: `w̃ᵀΣw̃`, `w̃_i = (1/Σ_ii) / Σ_k (1/Σ_kk)`. */
function clusterVariance(sigma: Float64Array, n: number, members: readonly number[]): number {
  let total = 0;
  for (const i of members) total += 1 / sigma[i * n + i]!;
  let v = 0;
  for (const i of members) {
    const wi = 1 / sigma[i * n + i]! / total;
    for (const j of members) v += wi * sigma[i * n + j]! * (1 / sigma[j * n + j]! / total);
  }
  return Math.max(0, v);
}
