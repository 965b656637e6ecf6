import { assertInRange, assertInteger, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { normalQuantile } from "../_internal/normal.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";
import { psrOf } from "./probabilisticSharpeRatio.ts";
import { readOptions } from "../_internal/readOptions.ts";

/** Euler–Mascheroni constant γ. */
const EULER_GAMMA = 0.5772156649015329;

/** Options of {@link deflatedSharpeRatio}. */
export interface DeflatedSharpeRatioOptions extends PeriodOptions {
  /** N, the number of independent strategies tried: an integer >= 2. */
  trials: number;
  /** V[SR], the variance across the trials of their annualised Sharpe ratios: finite, >= 0. */
  sharpeVariance: number;
}

/**
 * Expected maximum of N independent annualised Sharpe ratios whose true value is 0 and whose
 * variance is V (Bailey & López de Prado 2014, "The deflated Sharpe ratio", *Journal of Portfolio
 * Management* 40(5), eq. 2, the False Strategy theorem):
 * `SR0 = sqrt(V) · ((1 - γ) Φ⁻¹(1 - 1/N) + γ Φ⁻¹(1 - 1/(N e)))`, γ the Euler–Mascheroni constant.
 *
 * @see docs/maths.md#deflated-sharpe-ratio
 * Cost: O(1).
 * @param trials an integer in [2, 2^53 - 1].
 * @param sharpeVariance finite, >= 0.
 * @throws EngineError INVALID_INPUT when an argument is out of range.
 * @example
 * expectedMaximumSharpe(100, 0.25) // => 1.2653014466008403
 */
export function expectedMaximumSharpe(trials: number, sharpeVariance: number): number {
  assertInteger("trials", trials, { min: 2, max: Number.MAX_SAFE_INTEGER });
  assertInRange("sharpeVariance", sharpeVariance, { min: 0 });
  // Φ⁻¹(1 - q) = -Φ⁻¹(q): no rounding of 1 - 1/N, which is exactly 1 for N > 2^53.
  const quantiles =
    (1 - EULER_GAMMA) * -normalQuantile(1 / trials) + EULER_GAMMA * -normalQuantile(1 / (trials * Math.E));
  return Math.sqrt(sharpeVariance) * quantiles + 0;
}

/**
 * Deflated Sharpe ratio (Bailey & López de Prado 2014, eq. 1): the {@link probabilisticSharpeRatio}
 * of the returns against the Sharpe ratio the best of `trials` worthless strategies would show,
 * `DSR = PSR(SR0)` with SR0 = {@link expectedMaximumSharpe}(N, V) (annualised, so ÷ sqrt(p) per
 * period). The engine's moment estimators of skewness and kurtosis.
 *
 * @see docs/maths.md#deflated-sharpe-ratio
 * Cost: O(n).
 * @param returns at least 4 finite values: the selected strategy's. Never mutated.
 * @param options `{ trials, sharpeVariance, riskFreeRate, periodsPerYear }`, see {@link DeflatedSharpeRatioOptions}.
 * @throws EngineError INVALID_INPUT when `returns` is short or holds a non-finite value, or an option is out of range.
 * @example
 * deflatedSharpeRatio([0.01, -0.005, 0.02, 0.0, 0.015, -0.01], { trials: 10, sharpeVariance: 1 }) // => 0.7627501417286242
 */
export function deflatedSharpeRatio(returns: NumericArray, options: DeflatedSharpeRatioOptions): number {
  const r = toFiniteFloat64("returns", returns, 4);
  // Required (trials and sharpeVariance have no default): undefined is refused like null.
  readOptions<DeflatedSharpeRatioOptions>(
    options ?? null,
    "{ trials, sharpeVariance, riskFreeRate?, periodsPerYear? }",
    ["trials", "sharpeVariance", "riskFreeRate", "periodsPerYear"],
  );
  const { periodsPerYear, perPeriodRf } = periodOptions(options, ["trials", "sharpeVariance"]);
  const sr0 = expectedMaximumSharpe(options.trials, options.sharpeVariance);
  return psrOf(r, perPeriodRf, sr0 / Math.sqrt(periodsPerYear), "engine");
}
