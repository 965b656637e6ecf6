import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { periodOptions, type PeriodOptions } from "../stats/periodOptions.ts";
import { autocorrelationPenalty } from "../stats/autocorrelationPenalty.ts";
import { sortinoOf } from "./sortinoRatio.ts";

/**
 * Smart Sortino ratio (quantstats `smart_sortino`): the {@link sortinoRatio} divided by the
 * {@link autocorrelationPenalty} of the returns, `SoR / k`. The same in every convention.
 * Degenerate cases: those of the Sortino ratio (0).
 *
 * @see docs/maths.md#smart-ratios
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @param options as {@link sortinoRatio}'s (`riskFreeRate`, `periodsPerYear`).
 * @throws EngineError INVALID_INPUT as {@link sortinoRatio}.
 * @example
 * smartSortinoRatio([0.01, -0.02, 0.03, -0.01, 0.02], { periodsPerYear: 252 }) // => 4.796491766828477
 */
export function smartSortinoRatio(returns: NumericArray, options?: PeriodOptions): number {
  const r = toFiniteFloat64("returns", returns, 2);
  const { periodsPerYear, perPeriodRf } = periodOptions(options);
  return sortinoOf(r, 0, r.length, periodsPerYear, perPeriodRf) / autocorrelationPenalty(r) + 0;
}
