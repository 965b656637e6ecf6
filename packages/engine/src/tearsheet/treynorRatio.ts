import type { NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { periodOptions, type PeriodOptions } from "../stats/periodOptions.ts";
import { conventionOf, type ConventionOptions } from "../stats/statsConvention.ts";
import { betaOf } from "./beta.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";

/**
 * Treynor ratio (Treynor 1965, "How to rate management of investment funds", *Harvard Business
 * Review* 43): the annualised excess return per unit of {@link beta}, `TR = p (r̄ - r_f) / β`,
 * annualised arithmetically as the Sharpe ratio's and Jensen's alpha's mean. quantstats convention
 * (`treynor_ratio`): the compounded *total* return minus the annual rate, over beta,
 * `(Π (1 + r_t) - 1 - rf) / β`, whatever the length of the series (arguably a slip; kept under
 * the preset only). Degenerate case: β = 0 (a constant benchmark) gives 0.
 *
 * @see docs/maths.md#treynor-ratio
 * Cost: O(n).
 * @param returns at least 2 finite values > -1. Never mutated.
 * @param benchmarkReturns the benchmark's returns of the same periods.
 * @param options `{ riskFreeRate, periodsPerYear, convention }`.
 * @throws EngineError INVALID_INPUT as {@link beta}, for options out of range, or when the ratio overflows.
 * @example
 * treynorRatio([0.03, -0.01, 0.05], [0.01, -0.01, 0.02], { periodsPerYear: 52 }) // => 0.6066666666666667 (52 × 0.02333 / β = 2)
 */
export function treynorRatio(
  returns: NumericArray,
  benchmarkReturns: NumericArray,
  options?: PeriodOptions & ConventionOptions,
): number {
  const { r, b } = pairedReturns(returns, benchmarkReturns);
  const convention = conventionOf(options, ["convention", "riskFreeRate", "periodsPerYear"]);
  const { riskFreeRate, periodsPerYear, perPeriodRf } = periodOptions(options, ["convention"]);
  const beta = betaOf(r, b, 0, r.length);
  if (beta === 0) return 0;
  let excess: number;
  if (convention === "quantstats") {
    let log = 0;
    for (let t = 0; t < r.length; t++) log += Math.log1p(r[t]!);
    excess = Math.expm1(log) - riskFreeRate;
  } else excess = periodsPerYear * (compensatedSum(r) / r.length - perPeriodRf);
  return assertRepresentable(excess / beta, "returns", "the Treynor ratio") + 0;
}
