import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "./conventions.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * CAGR counted in periods, the empyrical and quantstats convention (`annual_return` / `cagr`):
 * the years are `n / p` for n returns at p periods a year, not calendar time,
 * `(Π (1 + r_t))^{p/n} - 1`, computed as `expm1((p/n) Σ log1p(r_t))`. The engine's own
 * {@link cagr} uses calendar years of 365.25 days; on weekly points of a 5-year backtest the two
 * differ in the fourth significant digit (260 weeks are 4.98 Julian years).
 *
 * @see docs/maths.md#convention-presets
 * Cost: O(n).
 * @param returns at least 1 finite value > -1. Never mutated.
 * @param periodsPerYear finite, > 0; default 252. Use 52 for weekly returns.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a value that is not finite and > -1,
 *   `periodsPerYear` is out of range, or the growth factor overflows.
 * @example
 * periodCagr([0.1, 0.1], 1) // => 0.1
 */
export function periodCagr(returns: NumericArray, periodsPerYear: number = PERIODS_PER_YEAR.daily): number {
  const r = toFiniteFloat64("returns", returns, 1);
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  let logSum = 0;
  let c = 0;
  for (let t = 0; t < r.length; t++) {
    if (!(r[t]! > -1)) assertInRange(`returns[${t}]`, r[t]!, { min: -1, minExclusive: true });
    const x = Math.log1p(r[t]!);
    const s = logSum + x;
    c += Math.abs(logSum) >= Math.abs(x) ? logSum - s + x : x - s + logSum;
    logSum = s;
  }
  return (
    assertRepresentable(Math.expm1(((logSum + c) * periodsPerYear) / r.length), "returns", "the annual growth factor") +
    0
  );
}
