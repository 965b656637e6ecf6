import { assertInRange } from "../../_internal/validate.ts";

/**
 * The exponential weights of docs/maths.md#exponentially-weighted-covariance: `α = 2/(span + 1)`,
 * `w_t ∝ (1 − α)^(T−1−t)` (the last period heaviest), normalised to sum 1 (computed from the last
 * period backwards so that no power underflows to a 0/0). Checks `span` (finite, > 1).
 */
export function exponentialWeights(span: number, periods: number): Float64Array {
  assertInRange("span", span, { min: 1, minExclusive: true });
  const decay = 1 - 2 / (span + 1);
  const w = new Float64Array(periods);
  let v = 1;
  let sum = 0;
  for (let t = periods - 1; t >= 0; t--) {
    w[t] = v;
    sum += v;
    v *= decay;
  }
  for (let t = 0; t < periods; t++) w[t] = w[t]! / sum;
  return w;
}
