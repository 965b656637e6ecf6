import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { powerOfTwoScale } from "./powerOfTwoScale.ts";

/**
 * Autocorrelation penalty of the "smart" Sharpe and Sortino ratios (quantstats `autocorr_penalty`;
 * the variance inflation of a mean under autocorrelation, after Lo 2002, "The statistics of Sharpe
 * ratios", *Financial Analysts Journal* 58(4)): with ρ the Pearson correlation of
 * `(r_1 … r_{n-1})` with `(r_2 … r_n)`,
 * `k = sqrt(1 + 2 Σ_{j=1}^{n-1} (n - j)/n · |ρ|^j)`, so `1 <= k`. The same in every convention.
 * Degenerate case: fewer than 3 returns, or either half constant to EPS (ρ undefined), gives 1.
 *
 * @see docs/maths.md#smart-ratios
 * Cost: O(n).
 * @param returns finite values (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * autocorrelationPenalty([0.01, 0.02, 0.03, 0.04]) // => 1.9999999999999998 (ρ = 1: sqrt(1 + 2 (3/4 + 2/4 + 1/4)))
 */
export function autocorrelationPenalty(returns: NumericArray): number {
  const raw = toFiniteFloat64("returns", returns, 1);
  const scale = powerOfTwoScale(raw); // exact: correlation is scale-free, and squares then neither overflow nor underflow
  const r = raw.map((x) => x / scale);
  const n = r.length;
  const rho = Math.abs(lagOneCorrelation(r));
  if (Number.isNaN(rho) || rho === 0) return 1;
  let sum = 0;
  for (let j = 1; j < n; j++) {
    const term = ((n - j) / n) * Math.pow(rho, j);
    if (term === 0) break;
    sum += term;
  }
  return Math.sqrt(1 + 2 * sum);
}

/** Pearson correlation of r[0..n-2] with r[1..n-1]; NaN when undefined (n < 3 or a half constant to EPS). */
function lagOneCorrelation(r: Float64Array): number {
  const m = r.length - 1;
  if (m < 2) return NaN;
  const x = r.subarray(0, m);
  const y = r.subarray(1);
  const mx = compensatedSum(x) / m;
  const my = compensatedSum(y) / m;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  let maxX = 0;
  let maxY = 0;
  for (let t = 0; t < m; t++) {
    const dx = x[t]! - mx;
    const dy = y[t]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
    maxX = Math.max(maxX, Math.abs(x[t]!));
    maxY = Math.max(maxY, Math.abs(y[t]!));
  }
  const sx = Math.sqrt(sxx / (m - 1));
  const sy = Math.sqrt(syy / (m - 1));
  if (!(sx > EPS * maxX) || !(sy > EPS * maxY)) return NaN;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
