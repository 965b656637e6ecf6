import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";
import { EPS } from "../_internal/tolerance.ts";
import { scaledMoments } from "./scaledMoments.ts";

/** Options of {@link sharpeRatio}: riskFreeRate (annual, > -1, default 0), periodsPerYear (> 0, default 252; 52 for weekly returns). */
export type SharpeRatioOptions = PeriodOptions;

/**
 * Annualised Sharpe ratio of periodic returns (Sharpe 1994, ex-post):
 * `SR = mean(e) / sd(e) · sqrt(p)` with excess returns `e_t = r_t - r_f`, the per-period
 * risk-free rate `r_f = (1 + rf)^(1/p) - 1` and `sd` the sample standard deviation (n - 1).
 *
 * Degenerate case: when `sd(e) <= EPS · max|e_t|` (EPS = 1e-9; this includes a constant series,
 * whose sd is exactly 0) the ratio is not meaningful and 0 is returned.
 *
 * @see docs/maths.md#sharpe-ratio
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @param options see {@link SharpeRatioOptions}.
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 2 values or holds a non-finite value,
 *   `options` is not an object, or an option is out of range.
 * @example
 * sharpeRatio([0.02, 0, 0.02, 0], { periodsPerYear: 52 }) // => 6.244997998398397
 */
export function sharpeRatio(returns: NumericArray, options: SharpeRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 2);
  const { periodsPerYear, perPeriodRf } = periodOptions(options);
  const m = scaledMoments(r, perPeriodRf);
  const sd = Math.sqrt(m.variance);
  if (!(sd > EPS * m.maxAbs)) return 0;
  return (m.mean / sd) * Math.sqrt(periodsPerYear) + 0;
}
