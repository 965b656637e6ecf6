import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { autocorrelationPenalty } from "./autocorrelationPenalty.ts";
import { sharpeRatio, type SharpeRatioOptions } from "./sharpeRatio.ts";

/**
 * Smart Sharpe ratio (quantstats `smart_sharpe`): the {@link sharpeRatio} divided by the
 * {@link autocorrelationPenalty} of the returns, `SR / k`, which shrinks the ratio of a series
 * whose returns are autocorrelated. The same in every convention (the penalty does not depend on
 * the risk-free rate, a shift). Degenerate cases: those of the Sharpe ratio (0).
 *
 * @see docs/maths.md#smart-ratios
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @param options as {@link sharpeRatio}'s (`riskFreeRate`, `periodsPerYear`).
 * @throws EngineError INVALID_INPUT as {@link sharpeRatio}.
 * @example
 * smartSharpeRatio([0.01, -0.02, 0.03, -0.01, 0.02], { periodsPerYear: 252 }) // => 2.3130737261525107
 */
export function smartSharpeRatio(returns: NumericArray, options: SharpeRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 2);
  return sharpeRatio(r, options) / autocorrelationPenalty(r) + 0;
}
