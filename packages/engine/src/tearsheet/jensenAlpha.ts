import type { NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { EngineError } from "../errors/EngineError.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { betaOf } from "./beta.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";
import { periodOptions, type PeriodOptions } from "../stats/periodOptions.ts";
import { conventionOf, type ConventionOptions } from "../stats/statsConvention.ts";

/**
 * Jensen's alpha, annualised: `α = p · (ē_r - β · ē_b)` with excess returns `e = r - r_f`
 * (per-period risk-free rate `r_f = (1 + rf)^(1/p) - 1`), `β` = {@link beta}, `p` periods per
 * year. Arithmetic annualisation, as the Sharpe ratio's mean (empyrical compounds instead:
 * `(1 + α_period)^p - 1`; the two agree to first order).
 *
 * @see docs/maths.md#beta-and-alpha
 * Cost: O(n).
 * @param options `{ riskFreeRate, periodsPerYear, convention }`. Convention "empyrical" (`alpha`)
 *   compounds the mean per-period alpha, `(1 + ē_r - β ē_b)^p - 1`; "quantstats" (`greeks`) ignores
 *   the risk-free rate, `p · (r̄ - β b̄)` (docs/maths.md#convention-presets).
 * @throws EngineError INVALID_INPUT as {@link beta}, or for options out of range.
 * @example
 * jensenAlpha([0.03, -0.01, 0.05], [0.01, -0.01, 0.02], { periodsPerYear: 52 }) // => 0.52 (β = 2: 0.01 a week above 2 × the benchmark)
 */
export function jensenAlpha(
  returns: NumericArray,
  benchmarkReturns: NumericArray,
  options?: PeriodOptions & ConventionOptions,
): number {
  const { r, b } = pairedReturns(returns, benchmarkReturns);
  const { periodsPerYear, perPeriodRf } = periodOptions(options, ["convention"]);
  const convention = conventionOf(options, ["convention", "riskFreeRate", "periodsPerYear"]);
  if (convention === "quantstats") return alphaOf(r, b, periodsPerYear, 0);
  if (convention === "empyrical") return compoundedAlpha(alphaOf(r, b, 1, perPeriodRf), periodsPerYear);
  return alphaOf(r, b, periodsPerYear, perPeriodRf);
}

/**
 * empyrical's `(1 + α_period)^p - 1`: through `expm1(p · log1p(α))` (exact for small α) while
 * the growth factor `1 + α_period` is >= 0; below −100 % a period, as numpy's power does for an
 * integer `p` (a negative base to an even power is positive, to an odd power negative), so the
 * preset still gives empyrical's number (docs/maths.md#convention-presets).
 * @throws EngineError INVALID_INPUT when `1 + α_period < 0` and `p` is not an integer (no real
 *   power), or the result overflows.
 */
function compoundedAlpha(perPeriod: number, periodsPerYear: number): number {
  if (perPeriod >= -1)
    return assertRepresentable(Math.expm1(periodsPerYear * Math.log1p(perPeriod)), "returns", "alpha");
  if (!Number.isInteger(periodsPerYear)) {
    throw new EngineError(
      "INVALID_INPUT",
      `returns: the per-period alpha is ${perPeriod.toPrecision(4)}, below -100 %, which cannot be compounded over periodsPerYear ${periodsPerYear} (not an integer) in the empyrical convention`,
      { field: "returns" },
    );
  }
  return assertRepresentable((1 + perPeriod) ** periodsPerYear - 1, "returns", "alpha");
}

/** α of checked arrays; `beta` is `betaOf(r, b, 0, r.length)`, passed when the caller has it already (tearSheet). */
export function alphaOf(
  r: Float64Array,
  b: Float64Array,
  periodsPerYear: number,
  perPeriodRf: number,
  beta = betaOf(r, b, 0, r.length),
): number {
  const n = r.length;
  const er = compensatedSum(r) / n - perPeriodRf;
  const eb = compensatedSum(b) / n - perPeriodRf;
  return assertRepresentable(periodsPerYear * (er - beta * eb), "returns", "alpha") + 0;
}
