import type { NumericArray } from "../_internal/validate.ts";
import { cagr } from "../stats/cagr.ts";
import { maxDrawdown } from "../stats/maxDrawdown.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";

/**
 * Calmar ratio (Young 1991): CAGR over the magnitude of the maximum drawdown of the same values,
 * `CR = CAGR / |MDD|` (`cagr` over `years`, `maxDrawdown`). Degenerate case: no drawdown gives 0.
 *
 * @see docs/maths.md#calmar-ratio
 * Cost: O(n).
 * @param values at least 2 finite values > 0 (a NAV or price series).
 * @param years the calendar time they span (>= 0), e.g. `yearsBetween(t_0, t_last)`.
 * @throws EngineError INVALID_INPUT when `values` is short, holds a non-finite or non-positive value,
 *   `years` is negative or not finite, or the result overflows.
 * @example
 * calmarRatio([100, 120, 90, 130], 1) // => 1.2 (CAGR 30 %, drawdown -25 %)
 */
export function calmarRatio(values: NumericArray, years: number): number {
  const v = toFiniteFloat64("values", values, 2);
  const mdd = maxDrawdown(v);
  const growth = cagr(v[0]!, v[v.length - 1]!, years);
  if (mdd === 0) return 0;
  return assertRepresentable(growth / -mdd, "values", "the Calmar ratio") + 0;
}
