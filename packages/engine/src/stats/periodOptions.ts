import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "./conventions.ts";

/** Options of the annualised ratios (sharpeRatio and the tear sheet): the stats area's conventions (docs/maths.md#sharpe-ratio). */
export interface PeriodOptions {
  /** Annual risk-free rate, finite and > -1; default 0. De-annualised geometrically: `(1 + rf)^(1/p) - 1`. */
  riskFreeRate?: number;
  /** Periods per year of the returns, finite and > 0; default 252 (daily). Use 52 for weekly returns. */
  periodsPerYear?: number;
}

/**
 * Checked options with their defaults, and the per-period risk-free rate. `extraKeys` are the
 * caller's own options beside these two (it checks them itself); any other key is refused.
 */
export function periodOptions(
  options: PeriodOptions | undefined,
  extraKeys: readonly string[] = [],
): { riskFreeRate: number; periodsPerYear: number; perPeriodRf: number } {
  if (options === undefined) return { riskFreeRate: 0, periodsPerYear: PERIODS_PER_YEAR.daily, perPeriodRf: 0 };
  const checked = readOptions<Record<string, unknown>>(options, "{ riskFreeRate?, periodsPerYear? }", [
    "riskFreeRate",
    "periodsPerYear",
    ...extraKeys,
  ]);
  const { riskFreeRate = 0, periodsPerYear = PERIODS_PER_YEAR.daily } = checked as PeriodOptions;
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  return { riskFreeRate, periodsPerYear, perPeriodRf: Math.expm1(Math.log1p(riskFreeRate) / periodsPerYear) };
}
