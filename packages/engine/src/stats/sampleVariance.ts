import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { scaledMoments } from "./scaledMoments.ts";

/**
 * Unbiased sample variance: `s² = Σ (r_t - r̄)² / (n - 1)`, by the corrected two-pass algorithm
 * over compensated sums. A constant series gives exactly 0.
 *
 * @see docs/maths.md#mean-and-variance
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 2 values, holds a non-finite value,
 *   or the variance overflows (returns of magnitude around 1e154 or more).
 * @example
 * sampleVariance([0.01, -0.02, 0.04]) // => 0.0009
 */
export function sampleVariance(returns: NumericArray): number {
  const r = toFiniteFloat64("returns", returns, 2);
  const m = scaledMoments(r);
  return assertRepresentable(m.scale * (m.scale * m.variance), "returns", "the sample variance");
}
