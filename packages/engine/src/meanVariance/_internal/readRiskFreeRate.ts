import { perPeriod } from "../../portfolio/annualRate.ts";

/**
 * The annual risk-free rate of a mean–variance call (default 0), checked, and its per-period
 * equivalent at the data's periods a year (docs/maths.md#frequency-and-annual-units).
 * @throws EngineError INVALID_INPUT naming riskFreeRate, as {@link perPeriod}
 */
export function readRiskFreeRate(
  options: { riskFreeRate?: number } | undefined,
  periodsPerYear: number,
): { annual: number; perPeriod: number } {
  const annual = options?.riskFreeRate === undefined ? 0 : options.riskFreeRate;
  return { annual, perPeriod: perPeriod("riskFreeRate", annual, "rate", periodsPerYear) };
}
