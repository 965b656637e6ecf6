import { EPS } from "../_internal/tolerance.ts";
import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { powerOfTwoScale } from "../stats/powerOfTwoScale.ts";
import { periodOptions, type PeriodOptions } from "../stats/periodOptions.ts";

/**
 * Annualised Sortino ratio (Sortino & Price 1994) with the risk-free rate as the target:
 * `SoR = ē / DD · sqrt(p)`, excess returns `e_t = r_t - r_f` (`r_f = (1 + rf)^(1/p) - 1`) and
 * downside deviation `DD = sqrt(Σ min(e_t, 0)² / n)` over all n periods.
 * Degenerate case: `DD <= EPS · max|e_t|` (no period below the target, or only rounding noise)
 * gives 0, as the Sharpe ratio's (never Infinity).
 *
 * @see docs/maths.md#sortino-ratio
 * Cost: O(n).
 * @param returns at least 2 finite values.
 * @throws EngineError INVALID_INPUT when `returns` is short or holds a non-finite value, or an option is out of range.
 * @example
 * sortinoRatio([0.02, -0.01, 0.03, -0.02], { periodsPerYear: 52 }) // => 3.224903099319419
 */
export function sortinoRatio(returns: NumericArray, options?: PeriodOptions): number {
  const r = toFiniteFloat64("returns", returns, 2);
  const { periodsPerYear, perPeriodRf } = periodOptions(options);
  return sortinoOf(r, 0, r.length, periodsPerYear, perPeriodRf);
}

/** Sortino ratio over [from, to) of checked returns. */
export function sortinoOf(
  r: Float64Array,
  from: number,
  to: number,
  periodsPerYear: number,
  perPeriodRf: number,
): number {
  const n = to - from;
  const e = new Float64Array(n);
  let maxAbs = 0;
  for (let t = 0; t < n; t++) {
    const v = r[from + t]! - perPeriodRf;
    e[t] = v;
    if (Math.abs(v) > maxAbs) maxAbs = Math.abs(v);
  }
  // Work on e / s (s a power of two, exact) so that squares neither overflow nor underflow.
  const s = powerOfTwoScale(e);
  let sq = 0;
  let c = 0;
  for (let t = 0; t < n; t++) {
    if (e[t]! < 0) {
      const d = e[t]! / s;
      const q = d * d;
      const u = sq + q;
      c += sq >= q ? sq - u + q : q - u + sq;
      sq = u;
    }
  }
  const dd = Math.sqrt((sq + c) / n); // in units of s
  if (!(dd * s > EPS * maxAbs) || dd === 0) return 0;
  const mean = compensatedSum(e) / n / s;
  return (mean / dd) * Math.sqrt(periodsPerYear) + 0;
}
