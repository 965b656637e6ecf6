import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Time in market (exposure): the fraction of periods with a non-zero return,
 * `|{t : r_t ≠ 0}| / n`. quantstats convention (`exposure`): that fraction rounded *up* to a
 * whole percent, `⌈100 x⌉ / 100` (so 0.281 shows as 0.29).
 *
 * @see docs/maths.md#time-in-market
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ convention }`: "engine" (default), "empyrical" (the same) or "quantstats".
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or `convention` is unknown.
 * @example
 * timeInMarket([0.01, 0, -0.02, 0.03, 0, 0]) // => 0.5
 */
export function timeInMarket(returns: NumericArray, options?: ConventionOptions): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const convention = conventionOf(options);
  let active = 0;
  for (let t = 0; t < r.length; t++) if (r[t] !== 0) active++;
  const x = active / r.length;
  return convention === "quantstats" ? Math.ceil(x * 100) / 100 : x;
}
