import { assertAllPositive, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Ulcer index (Martin & McCann 1989, *The Investor's Guide to Fidelity Funds*): the root mean
 * square of the drawdowns, `UI = sqrt(Σ_{t=1..n} D_t² / n)` with `D_t = V_t / max_{s<=t} V_s - 1`
 * over the n periods after the first value (a fraction, not Martin's percent). quantstats
 * convention (`ulcer_index`): the same sum over `n - 1`, `sqrt(Σ D_t² / (n - 1))`. 0 for a series
 * that never falls.
 *
 * @see docs/maths.md#ulcer-index
 * Cost: O(n).
 * @param values at least 2 finite values > 0 (a NAV or price series; n = values.length - 1
 *   periods), at least 3 with the quantstats convention.
 * @param options `{ convention }`: "engine" (default) or "quantstats" ("empyrical" has no ulcer index and gives the engine's).
 * @throws EngineError INVALID_INPUT when `values` is short or holds a non-finite or non-positive value, or `convention` is unknown.
 * @example
 * ulcerIndex([100, 90, 100, 120]) // => 0.05773502691896256 (drawdowns -0.1, 0, 0)
 */
export function ulcerIndex(values: NumericArray, options?: ConventionOptions): number {
  const convention = conventionOf(options);
  const v = toFiniteFloat64("values", values, convention === "quantstats" ? 3 : 2);
  assertAllPositive("values", v);
  const n = v.length - 1;
  const squares = new Float64Array(n);
  let peak = v[0]!;
  for (let t = 1; t <= n; t++) {
    const x = v[t]!;
    if (x > peak) peak = x;
    const d = x / peak - 1;
    squares[t - 1] = d * d;
  }
  return Math.sqrt(compensatedSum(squares) / (convention === "quantstats" ? n - 1 : n)) + 0;
}
