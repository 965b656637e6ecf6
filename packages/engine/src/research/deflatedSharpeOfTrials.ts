import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange, assertInteger } from "../_internal/validate.ts";
import { deflatedSharpeRatio, expectedMaximumSharpe } from "../stats/deflatedSharpeRatio.ts";
import { sampleVariance } from "../stats/sampleVariance.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { readReturnsTable } from "./readReturnsTable.ts";
import type { ResearchReturns } from "./types.ts";

/** Options of {@link deflatedSharpeOfTrials}. */
export interface DeflatedSharpeOfTrialsOptions {
  /**
   * N, the number of independent trials behind the selection: an integer >= 2; default M, the
   * columns given. Give more when more configurations were tried than are passed in, or an
   * effective number below M when the trials are strongly correlated.
   */
  trials?: number;
  /** Annual risk-free rate of the Sharpe ratios, > -1; default 0 (as `sharpeRatio`). */
  riskFreeRate?: number;
}

/** The result of {@link deflatedSharpeOfTrials}. */
export interface DeflatedSharpeOfTrialsResult {
  /** DSR: the probability that the selected trial's true Sharpe ratio exceeds SR0, in [0, 1]. */
  readonly deflatedSharpe: number;
  /** Index of the selected trial: the best annualised Sharpe ratio (the first on ties). */
  readonly selected: number;
  /** Its id. */
  readonly selectedId: string;
  /** The selected trial's annualised Sharpe ratio. */
  readonly selectedSharpe: number;
  /** Every trial's annualised Sharpe ratio ({@link sharpeRatio} with the data's periods a year). */
  readonly sharpeRatios: Float64Array;
  /** V = the sample variance (n − 1) of `sharpeRatios`. */
  readonly sharpeVariance: number;
  /** N used in SR0. */
  readonly trials: number;
  /** SR0 = expectedMaximumSharpe(N, V): what the best of N worthless trials would show (annualised). */
  readonly expectedMaximumSharpe: number;
  /** Periods a year the Sharpe ratios are annualised with (1 for a bare matrix: per period). */
  readonly periodsPerYear: number;
}

/**
 * The deflated Sharpe ratio of the best of a set of trials (Bailey & López de Prado 2014, "The
 * deflated Sharpe ratio", *Journal of Portfolio Management* 40(5)): SR_m = each trial's annualised
 * Sharpe ratio, V = sample variance of {SR_m}, n* = argmax SR_m, and
 * `DSR = PSR(SR0)` of trial n*'s returns with `SR0 = expectedMaximumSharpe(N, V)` — the engine's
 * {@link deflatedSharpeRatio} and {@link expectedMaximumSharpe} applied to the sweep, no formula of
 * its own.
 *
 * @see docs/maths.md#deflated-sharpe-ratio-of-trials
 * Cost: O(T·M).
 * @param trialsReturns T×M per-period returns of the M trials, one column each (T >= 4, M >= 2):
 *   an `AssetReturns` or a bare `{ returns, periods }` (see {@link ResearchReturns}). Never mutated.
 * @param options `{ trials, riskFreeRate }`, see {@link DeflatedSharpeOfTrialsOptions}.
 * @throws EngineError INVALID_INPUT naming `trialsReturns.*` or the option out of range.
 * @example
 * const sweep = { returns: [0.01, 0.0, 0.02, -0.01, 0.0, 0.01, 0.015, -0.005, 0.02, -0.01, 0.005, 0.0], periods: 6 };
 * const dsr = deflatedSharpeOfTrials(sweep);
 * [dsr.selected, dsr.deflatedSharpe] // => [0, 0.9087173679000563]
 */
export function deflatedSharpeOfTrials(
  trialsReturns: ResearchReturns,
  options: DeflatedSharpeOfTrialsOptions = {},
): DeflatedSharpeOfTrialsResult {
  const data = readReturnsTable("trialsReturns", trialsReturns, { minPeriods: 4, minColumns: 2, simple: false });
  const o = readOptions<DeflatedSharpeOfTrialsOptions>(options, "{ trials?, riskFreeRate? }", [
    "trials",
    "riskFreeRate",
  ]);
  const m = data.columns;
  const trials = o.trials === undefined ? m : o.trials;
  assertInteger("options.trials", trials, { min: 2, max: Number.MAX_SAFE_INTEGER });
  const riskFreeRate = o.riskFreeRate === undefined ? 0 : o.riskFreeRate;
  assertInRange("options.riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const periodOptions = { riskFreeRate, periodsPerYear: data.periodsPerYear };

  const columns: Float64Array[] = [];
  const sharpeRatios = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const column = new Float64Array(data.periods);
    for (let t = 0; t < data.periods; t++) column[t] = data.returns[t * m + j]!;
    columns.push(column);
    sharpeRatios[j] = sharpeRatio(column, periodOptions);
  }
  let best = 0;
  for (let j = 1; j < m; j++) if (sharpeRatios[j]! > sharpeRatios[best]!) best = j;
  const sharpeVariance = sampleVariance(sharpeRatios);
  return Object.freeze({
    deflatedSharpe: deflatedSharpeRatio(columns[best]!, { trials, sharpeVariance, ...periodOptions }),
    selected: best,
    selectedId: data.assets[best]!,
    selectedSharpe: sharpeRatios[best]!,
    sharpeRatios,
    sharpeVariance,
    trials,
    expectedMaximumSharpe: expectedMaximumSharpe(trials, sharpeVariance),
    periodsPerYear: data.periodsPerYear,
  });
}
