import { DEFAULT_CONFIDENCE } from "./conventions.ts";
import { lossTail } from "./_internal/lossTail.ts";
import type { NumericArray } from "../_internal/validate.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";
import { presetTail } from "./_internal/presetTail.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "./quantstatsVersion.ts";

/** Options of {@link conditionalValueAtRisk}. */
export interface ConditionalValueAtRiskOptions extends ConventionOptions {
  /** With convention "quantstats": the release followed, "0.0.84" (default) or "0.0.81" (docs/maths.md#convention-presets). */
  quantstatsVersion?: QuantstatsVersion;
}

/**
 * Historical conditional value at risk (expected shortfall) of the losses `L = -r` at confidence β,
 * equal to the Rockafellar–Uryasev LP value for N equally weighted scenarios:
 * `CVaR_β = min_α { α + 1/((1-β)N) Σ_i max(L_i - α, 0) }`. With losses sorted descending and
 * `k = (1-β)N` (within EPS = 1e-9 relative of an integer counts as that integer):
 * `CVaR = (Σ_{j<=⌊k⌋} L_(j) + (k - ⌊k⌋)·L_(⌊k⌋+1)) / k`; when k < 1 it is the largest loss.
 * Always `CVaR >= VaR`. Positive when it is a loss.
 *
 * @see docs/maths.md#cvar
 * Cost: O(N) expected (quickselect on a copy, then a compensated sum of the ⌊k⌋ largest losses).
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @param beta confidence level, 0 < beta < 1; default 0.95.
 * @param options `{ convention, quantstatsVersion }`: "engine" (default), "empyrical" or "quantstats"
 *   (docs/maths.md#convention-presets); quantstats 0.0.84 computes the Gaussian expected shortfall,
 *   0.0.81 the mean of the returns below the Gaussian VaR.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or `beta`
 *   is not in (0, 1), or `convention` is unknown, or `quantstatsVersion` is given without the quantstats convention.
 * @example
 * conditionalValueAtRisk([0.01, -0.04, 0.02, -0.01, 0.03], 0.8) // => 0.04
 */
export function conditionalValueAtRisk(
  returns: NumericArray,
  beta: number = DEFAULT_CONFIDENCE,
  options?: ConditionalValueAtRiskOptions,
): number {
  const convention = conventionOf(options, ["convention", "quantstatsVersion"]);
  const version = quantstatsVersionOf(options?.quantstatsVersion, convention);
  if (convention !== "engine") return presetTail(returns, beta, convention, "cvar", version);
  return lossTail(returns, beta).conditionalValueAtRisk;
}
