import { assertAllPositive, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { maxDrawdown } from "./maxDrawdown.ts";
import { simpleReturns } from "./simpleReturns.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Recovery factor: the total return over the magnitude of the maximum drawdown,
 * `RF = (V_n / V_0 - 1) / |MDD|`. quantstats convention (`recovery_factor`): the absolute sum of
 * the simple returns instead of the compounded total, `|Σ r_t| / |MDD|` (its `rf` argument is
 * left at 0). Degenerate case: no drawdown gives 0.
 *
 * @see docs/maths.md#recovery-factor
 * Cost: O(n).
 * @param values at least 2 finite values > 0 (a NAV or price series).
 * @param options `{ convention }`: "engine" (default) or "quantstats" ("empyrical" has none and gives the engine's).
 * @throws EngineError INVALID_INPUT when `values` is short or holds a non-finite or non-positive value, `convention` is unknown, or the ratio overflows.
 * @example
 * recoveryFactor([100, 120, 90, 130]) // => 1.1999999999999966 (total return 30 %, drawdown -25 %: 1.2 to rounding)
 */
export function recoveryFactor(values: NumericArray, options?: ConventionOptions): number {
  const convention = conventionOf(options);
  const v = toFiniteFloat64("values", values, 2);
  assertAllPositive("values", v);
  const mdd = maxDrawdown(v);
  if (mdd === 0) return 0;
  if (convention === "quantstats") {
    const g = gainsAndLosses(simpleReturns(v));
    return assertRepresentable((Math.abs(g.total) * g.scale) / -mdd, "values", "the recovery factor") + 0;
  }
  const total = Math.expm1(Math.log(v[v.length - 1]!) - Math.log(v[0]!));
  return assertRepresentable(total / -mdd, "values", "the recovery factor") + 0;
}
