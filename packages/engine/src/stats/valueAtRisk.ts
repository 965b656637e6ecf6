import { DEFAULT_CONFIDENCE } from "./conventions.ts";
import { lossTail } from "./_internal/lossTail.ts";
import type { NumericArray } from "../_internal/validate.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";
import { presetTail } from "./_internal/presetTail.ts";

/**
 * Historical value at risk of the losses `L = -r` at confidence β: the lower β-quantile of L,
 * i.e. the ⌈βN⌉-th smallest loss, and the smallest minimiser α of the Rockafellar–Uryasev
 * function `α + 1/((1-β)N) Σ max(L_i - α, 0)`. Computed as `L_(min(⌊k⌋+1, N))` of the losses
 * sorted descending, with `k = (1-β)N` counted as an integer when within EPS = 1e-9 relative of
 * one (the same k as {@link conditionalValueAtRisk}, so the two always agree). Positive when it
 * is a loss.
 *
 * @see docs/maths.md#value-at-risk
 * Cost: O(N) expected (quickselect on a copy; the input is never sorted or mutated).
 * @param returns at least 1 finite value (simple returns).
 * @param beta confidence level, 0 < beta < 1; default 0.95.
 * @param options `{ convention }`: "engine" (default), "empyrical" or "quantstats" (docs/maths.md#convention-presets).
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or `beta`
 *   is not in (0, 1), or `convention` is unknown.
 * @example
 * valueAtRisk([0.01, -0.04, 0.02, -0.01, 0.03], 0.8) // => 0.01
 */
export function valueAtRisk(
  returns: NumericArray,
  beta: number = DEFAULT_CONFIDENCE,
  options?: ConventionOptions,
): number {
  const convention = conventionOf(options);
  if (convention !== "engine") return presetTail(returns, beta, convention, "var");
  return lossTail(returns, beta, false).valueAtRisk;
}
