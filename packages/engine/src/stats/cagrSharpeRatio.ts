import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";

/**
 * The Sharpe ratio as the service's backtest reports it: annualised return over annualised
 * volatility, `SR = (CAGR - rf) / σ`, where `CAGR` is the backtest's `annualizedReturn` and `σ`
 * its `variance` field (the annualised volatility, docs/maths.md#backtest-statistics). The
 * engine's own {@link sharpeRatio} (mean excess periodic return over its deviation, annualised)
 * stays the default of every engine result; this is the alternative a caller opts into to match
 * the service's figures (docs/maths.md#service-sharpe-ratio: its examples give 0.1242 / 0.1637
 * ≈ 0.76 and 0.1058 / 0.1423 ≈ 0.74).
 *
 * Degenerate case: when `σ <= EPS · |CAGR - rf|` (EPS = 1e-9; this includes σ = 0) the ratio is
 * not meaningful and 0 is returned, as {@link sharpeRatio} does.
 *
 * @see docs/maths.md#service-sharpe-ratio
 * Cost: O(1).
 * @param annualizedReturn the CAGR, finite and >= -1.
 * @param volatility the annualised volatility σ, finite and >= 0.
 * @param options riskFreeRate: annual, finite and > -1, default 0 (the service's examples fit 0).
 * @throws EngineError INVALID_INPUT when a value is not finite or out of range, or `options` is not an object or holds an unknown key.
 * @example
 * cagrSharpeRatio(0.1242, 0.1637) // => 0.7587049480757483
 */
export function cagrSharpeRatio(
  annualizedReturn: number,
  volatility: number,
  options: { riskFreeRate?: number } = {},
): number {
  assertInRange("annualizedReturn", annualizedReturn, { min: -1 });
  assertInRange("volatility", volatility, { min: 0 });
  const checked = readOptions<{ riskFreeRate?: number }>(options, "{ riskFreeRate? }", ["riskFreeRate"]);
  const riskFreeRate = checked.riskFreeRate === undefined ? 0 : checked.riskFreeRate;
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const excess = annualizedReturn - riskFreeRate;
  if (!(volatility > EPS * Math.abs(excess))) return 0;
  return excess / volatility + 0;
}
