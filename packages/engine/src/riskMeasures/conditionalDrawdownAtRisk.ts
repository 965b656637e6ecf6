import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { DEFAULT_CONFIDENCE } from "../stats/conventions.ts";
import { seriesRisk } from "./_internal/seriesRisk.ts";

/**
 * Conditional drawdown at risk at confidence β (Chekhlov, Uryasev & Zabarankin 2005): the CVaR_β of
 * the T uncompounded drawdowns D_t of {@link uncompoundedDrawdowns}, each period equally likely,
 * `CDaR_β = min_ζ ζ + 1/((1−β)T)·Σ_t max(0, D_t − ζ)`: the mean of the k = (1−β)T largest drawdowns
 * (the fractional part weighting the next one, as `conditionalValueAtRisk` on the losses D_t).
 * β → 1 gives the maximum drawdown, β → 0 the mean drawdown.
 *
 * @see docs/maths.md#cdar
 * Cost: O(T) expected.
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @param confidence β, 0 < β < 1; default 0.95.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or β is not in (0, 1).
 * @example
 * conditionalDrawdownAtRisk([0.02, -0.03, 0.02, -0.04], 0.5) // => 0.04
 */
export function conditionalDrawdownAtRisk(returns: NumericArray, confidence: number = DEFAULT_CONFIDENCE): number {
  const r = toFiniteFloat64("returns", returns, 1);
  assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  return seriesRisk("cdar", r, confidence);
}
