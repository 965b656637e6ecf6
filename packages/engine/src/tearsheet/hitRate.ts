import type { NumericArray } from "../_internal/validate.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";
import { conventionOf, type ConventionOptions } from "../stats/statsConvention.ts";

/**
 * Hit rate: the fraction of periods in which the portfolio beat the benchmark, `#{t : r_t > b_t} / n`;
 * without a benchmark, the fraction of periods with a positive return, `#{t : r_t > 0} / n`
 * (ties count as misses). In [0, 1].
 *
 * @see docs/maths.md#hit-rate
 * Cost: O(n).
 * @param returns at least 1 finite value.
 * @param benchmarkReturns optional, the same periods' benchmark returns (same length).
 * @param options `{ convention }`: "quantstats" (`win_rate`) leaves ties out of the count,
 *   `#{r_t > 0} / #{r_t ≠ 0}` (and `#{r_t > b_t} / #{r_t ≠ b_t}` with a benchmark, the same rule on
 *   active returns; 0 when every period is a tie); "engine" and "empyrical" (`batting_average`)
 *   count ties as misses (docs/maths.md#convention-presets).
 * @throws EngineError INVALID_INPUT when an array is empty, holds a non-finite value, the lengths differ, or `convention` is unknown.
 * @example
 * hitRate([0.02, -0.01, 0.01, 0.00]) // => 0.5
 * hitRate([0.02, -0.01, 0.01, 0.00], [0.01, -0.02, 0.02, -0.01]) // => 0.75
 */
export function hitRate(returns: NumericArray, benchmarkReturns?: NumericArray, options?: ConventionOptions): number {
  const tiesOut = conventionOf(options) === "quantstats";
  if (benchmarkReturns === undefined) {
    const r = toFiniteFloat64("returns", returns, 1);
    let hits = 0;
    let ties = 0;
    for (let t = 0; t < r.length; t++) {
      if (r[t]! > 0) hits++;
      else if (r[t] === 0) ties++;
    }
    return ratio(hits, tiesOut ? r.length - ties : r.length);
  }
  const { r, b } = pairedReturns(returns, benchmarkReturns, 1);
  let hits = 0;
  let ties = 0;
  for (let t = 0; t < r.length; t++) {
    if (r[t]! > b[t]!) hits++;
    else if (r[t] === b[t]) ties++;
  }
  return ratio(hits, tiesOut ? r.length - ties : r.length);
}

function ratio(hits: number, periods: number): number {
  return periods === 0 ? 0 : hits / periods;
}
