import { assertAllPositive, assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";
import { conventionOf, type StatsConvention } from "./statsConvention.ts";
import { cagr } from "./cagr.ts";
import { ulcerIndex } from "./ulcerIndex.ts";

/** Options of {@link ulcerPerformanceIndex} and {@link serenityIndex}. */
export interface DrawdownRatioOptions extends PeriodOptions {
  /** Years the values span, for the engine's CAGR (finite, >= 0); default n / periodsPerYear. A tear sheet passes its calendar years. */
  years?: number;
  /** "engine" (default), "empyrical" (the same) or "quantstats" (docs/maths.md#convention-presets). */
  convention?: StatsConvention;
}

/**
 * Ulcer performance index (Martin's "Martin ratio", Martin & McCann 1989): the annual excess
 * return over the {@link ulcerIndex}, `UPI = (CAGR - rf) / UI`, CAGR over `years`.
 * quantstats convention (`ulcer_performance_index`): the compounded *total* return minus the
 * annual rate over its ulcer index (n − 1 denominator), `(V_n / V_0 - 1 - rf) / UI_qs`, which
 * mixes a total with an annual rate (arguably a slip; kept under the preset only).
 * Degenerate case: a series that never falls (UI = 0) gives 0 (quantstats: NaN).
 *
 * @see docs/maths.md#ulcer-performance-index-and-serenity-index
 * Cost: O(n).
 * @param values at least 2 finite values > 0 (3 under quantstats), a NAV or price series.
 * @param options `{ riskFreeRate, periodsPerYear, years, convention }`.
 * @throws EngineError INVALID_INPUT when `values` is short or holds a non-finite or non-positive
 *   value, an option is out of range, or the index overflows.
 * @example
 * ulcerPerformanceIndex([100, 90, 100, 120], { periodsPerYear: 3 }) // => 3.4641016151377553
 */
export function ulcerPerformanceIndex(values: NumericArray, options: DrawdownRatioOptions = {}): number {
  const convention = conventionOf(options, ["convention", "riskFreeRate", "periodsPerYear", "years"]);
  const v = toFiniteFloat64("values", values, convention === "quantstats" ? 3 : 2);
  assertAllPositive("values", v);
  const { riskFreeRate, periodsPerYear } = periodOptions(options, ["convention", "years"]);
  const n = v.length - 1;
  const years = options.years === undefined ? n / periodsPerYear : options.years;
  assertInRange("years", years, { min: 0 });
  const ui = ulcerIndex(v, { convention });
  if (ui === 0) return 0;
  const first = v[0]!;
  const last = v[n]!;
  const excess =
    convention === "quantstats" ? (last - first) / first - riskFreeRate : cagr(first, last, years) - riskFreeRate;
  return assertRepresentable(excess / ui, "values", "the ulcer performance index") + 0;
}
