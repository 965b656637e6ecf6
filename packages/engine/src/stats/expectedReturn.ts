import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { periodCagr } from "./periodCagr.ts";

/**
 * Expected return per period, the geometric mean of the returns (quantstats `expected_return`,
 * its "geometric holding period return"): `(Π (1 + r_t))^{1/n} - 1`, computed as
 * `expm1(Σ log1p(r_t) / n)`. Applied to the monthly or calendar-year returns
 * ({@link monthlyReturns}, {@link annualReturns}) it gives the expected monthly and yearly return,
 * `(V_end / V_start)^{1/m} - 1` over m months (years). The same in every convention.
 *
 * @see docs/maths.md#expected-return
 * Cost: O(n).
 * @param returns at least 1 finite value > -1. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a value that is not finite and > -1.
 * @example
 * expectedReturn([0.21, 0]) // => 0.09999999999999999
 */
export function expectedReturn(returns: NumericArray): number {
  return periodCagr(toFiniteFloat64("returns", returns, 1), 1);
}
