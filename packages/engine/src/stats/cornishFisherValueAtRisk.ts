import { toFiniteFloat64, assertInRange, type NumericArray } from "../_internal/validate.ts";
import { normalQuantile } from "../_internal/normal.ts";
import { DEFAULT_CONFIDENCE } from "./conventions.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { centralMoments } from "./_internal/centralMoments.ts";

/**
 * Modified (Cornish–Fisher) value at risk (Favre & Galeano 2002, "Mean-modified value-at-risk
 * optimization with hedge funds", *Journal of Alternative Investments* 5(2)): the normal quantile
 * `z = Φ⁻¹(1 - β)` corrected for skewness S and excess kurtosis K,
 * `z_cf = z + (z² - 1) S/6 + (z³ - 3z) K/24 - (2z³ - 5z) S²/36`, and
 * `VaR = -(r̄ + z_cf · s)`, a positive number when it is a loss (docs/maths.md#signs). S and K
 * are the moment estimators ({@link skewness}, {@link kurtosis}); s is the sample standard
 * deviation (n - 1). With S = K = 0 it is the Gaussian VaR, quantstats' `value_at_risk`.
 * The expansion is reliable for moderate S and K only (Maillard 2012, "A user's guide to the
 * Cornish Fisher expansion"); it is returned as computed.
 *
 * @see docs/maths.md#cornish-fisher-var
 * Cost: O(n).
 * @param returns at least 4 finite values. Never mutated.
 * @param beta confidence level, 0 < beta < 1; default 0.95.
 * @throws EngineError INVALID_INPUT when `returns` is short or holds a non-finite value, `beta` is out of range, or the result overflows.
 * @example
 * cornishFisherValueAtRisk([0.01, -0.02, 0.015, -0.005, 0.02, -0.03], 0.95) // => 0.03730373493603894
 */
export function cornishFisherValueAtRisk(returns: NumericArray, beta: number = DEFAULT_CONFIDENCE): number {
  const r = toFiniteFloat64("returns", returns, 4);
  assertInRange("beta", beta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const m = centralMoments(r);
  const z = -normalQuantile(beta); // Φ⁻¹(1 - β), without rounding 1 - β
  const s = m.g1;
  const k = m.degenerate ? 0 : m.b2 - 3;
  const z2 = z * z;
  const zcf = z + ((z2 - 1) * s) / 6 + ((z2 * z - 3 * z) * k) / 24 - ((2 * z2 * z - 5 * z) * s * s) / 36;
  return assertRepresentable(-(m.mean + zcf * m.sampleSd), "returns", "the Cornish-Fisher VaR") + 0;
}
