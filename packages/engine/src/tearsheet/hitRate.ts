import type { NumericArray } from "../_internal/validate.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";

/**
 * Hit rate: the fraction of periods in which the portfolio beat the benchmark, `#{t : r_t > b_t} / n`;
 * without a benchmark, the fraction of periods with a positive return, `#{t : r_t > 0} / n`
 * (ties count as misses). In [0, 1].
 *
 * @see docs/maths.md#hit-rate
 * Cost: O(n).
 * @param returns at least 1 finite value.
 * @param benchmarkReturns optional, the same periods' benchmark returns (same length).
 * @throws EngineError INVALID_INPUT when an array is empty, holds a non-finite value, or the lengths differ.
 * @example
 * hitRate([0.02, -0.01, 0.01, 0.00]) // => 0.5
 * hitRate([0.02, -0.01, 0.01, 0.00], [0.01, -0.02, 0.02, -0.01]) // => 0.75
 */
export function hitRate(returns: NumericArray, benchmarkReturns?: NumericArray): number {
  if (benchmarkReturns === undefined) {
    const r = toFiniteFloat64("returns", returns, 1);
    let hits = 0;
    for (let t = 0; t < r.length; t++) if (r[t]! > 0) hits++;
    return hits / r.length;
  }
  const { r, b } = pairedReturns(returns, benchmarkReturns, 1);
  let hits = 0;
  for (let t = 0; t < r.length; t++) if (r[t]! > b[t]!) hits++;
  return hits / r.length;
}
