import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "./conventions.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { scaledMoments } from "./scaledMoments.ts";

/**
 * Annualised volatility: `σ = sqrt(s² · p)`, with `s²` the sample variance ({@link sampleVariance})
 * and `p` periods per year.
 *
 * @see docs/maths.md#volatility
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @param periodsPerYear finite, > 0; default 252 (daily). Use 52 for weekly returns.
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 2 values or holds a non-finite value,
 *   `periodsPerYear` is not finite and > 0, or the result overflows.
 * @example
 * volatility([0.01, -0.01, 0.01, -0.01], 52) // => 0.08326663997864531
 */
export function volatility(returns: NumericArray, periodsPerYear: number = PERIODS_PER_YEAR.daily): number {
  const r = toFiniteFloat64("returns", returns, 2);
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  const m = scaledMoments(r);
  return assertRepresentable(m.scale * Math.sqrt(m.variance * periodsPerYear), "returns", "the volatility");
}
