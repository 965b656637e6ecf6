import { periodOptions, type PeriodOptions } from "../../stats/periodOptions.ts";
import { conventionOf, type ConventionOptions } from "../../stats/statsConvention.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "../../stats/quantstatsVersion.ts";

/** Options of the rolling Sharpe and Sortino ratios: the period options, a convention and the quantstats release. */
export interface RollingRatioOptions extends PeriodOptions, ConventionOptions {
  /**
   * With convention "quantstats": "0.0.84" (default; the rate de-annualised over the year, as
   * every convention) or "0.0.81", whose `rolling_sharpe` and `rolling_sortino` de-annualised it
   * over the window, `(1 + rf)^(1/window) - 1` (fixed in quantstats 0.0.83).
   */
  quantstatsVersion?: QuantstatsVersion;
}

/** Checked rolling options and the per-period risk-free rate they subtract. */
export function rollingOptions(
  options: RollingRatioOptions | undefined,
  window: number,
): { periodsPerYear: number; perPeriodRf: number } {
  const convention = conventionOf(options, ["convention", "quantstatsVersion", "riskFreeRate", "periodsPerYear"]);
  const version = quantstatsVersionOf(options?.quantstatsVersion, convention);
  const { riskFreeRate, periodsPerYear, perPeriodRf } = periodOptions(options, ["convention", "quantstatsVersion"]);
  return {
    periodsPerYear,
    perPeriodRf: version === "0.0.81" ? Math.expm1(Math.log1p(riskFreeRate) / window) : perPeriodRf,
  };
}
