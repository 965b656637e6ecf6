import { meanReturn, sampleVariance } from "../../stats/index.ts";
import type { Frequency } from "../../data/Frequency.ts";
import { performanceOf } from "../../portfolio/portfolioPerformance.ts";
import type { Performance } from "../../portfolio/PortfolioResult.ts";

/**
 * The performance block of weights held over return scenarios (docs/maths.md#portfolio-performance),
 * with μ the scenarios' mean and Σ their sample covariance: `μᵀw·P` and `√(wᵀΣw·P)`. wᵀΣw is
 * computed as the sample variance of the portfolio's returns r_t = Σ_i w_i·R[t, col_i], the same
 * number without forming Σ (O(T·n) instead of O(T·n²)).
 *
 * @param returns T×N row-major; `cols[h]` is the column of `w[h]` (all N columns in order when omitted).
 * @example
 * scenarioPerformance(Float64Array.of(0.01, 0.03), 2, 1, Float64Array.of(1), 0, 252, "daily").expectedReturn // => 5.04
 */
export function scenarioPerformance(
  returns: Float64Array,
  periods: number,
  width: number,
  w: ArrayLike<number>,
  riskFreeRate: number,
  periodsPerYear: number,
  frequency: Frequency,
  cols?: ArrayLike<number>,
): Performance {
  const r = new Float64Array(periods);
  const held = w.length;
  for (let t = 0; t < periods; t++) {
    const row = t * width;
    let s = 0;
    for (let h = 0; h < held; h++) {
      const wh = w[h]!;
      if (wh !== 0) s += wh * returns[row + (cols === undefined ? h : cols[h]!)]!;
    }
    r[t] = s;
  }
  return performanceOf(Float64Array.of(1), {
    sigma: Float64Array.of(sampleVariance(r)),
    mu: Float64Array.of(meanReturn(r)),
    riskFreeRate,
    periodsPerYear,
    frequency,
  });
}
