import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange, assertInteger } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { binomial, combinations } from "./_internal/combinations.ts";
import { blockMoments, combinedSharpe } from "./_internal/blockMoments.ts";
import { readReturnsTable } from "./readReturnsTable.ts";
import type { ResearchReturns } from "./types.ts";

/** The most partitions S of one call: C(20, 10) = 184,756 combinations. */
export const MAX_CSCV_PARTITIONS = 20;

/** Options of {@link probabilityOfBacktestOverfitting}. */
export interface BacktestOverfittingOptions {
  /** S, the number of equal blocks the periods are cut into: an even integer, 2 <= S <= min(20, T/2); default 16 (the paper's choice). */
  partitions?: number;
  /** Annual risk-free rate of the Sharpe ratios, > -1; default 0 (as `sharpeRatio`). */
  riskFreeRate?: number;
}

/** The result of {@link probabilityOfBacktestOverfitting}: the PBO and, per combination c, the selection it made. */
export interface BacktestOverfittingResult {
  /** φ = share of combinations whose logit λ_c <= 0 (the in-sample winner at or below the out-of-sample median), in [0, 1]. */
  readonly pbo: number;
  /** Share of combinations whose selected trial has an out-of-sample Sharpe ratio < 0. */
  readonly probabilityOfLoss: number;
  /** The M trials' ids (the columns' `assets`, or "0", "1", …). */
  readonly trials: readonly string[];
  /** S */
  readonly partitions: number;
  /** C(S, S/2), the number of combinations, in lexicographic order of their in-sample blocks. */
  readonly combinations: number;
  /** L = ⌊T/S⌋, the periods of each block. */
  readonly blockPeriods: number;
  /** T − S·L, the oldest periods left out so that the blocks are equal. */
  readonly droppedPeriods: number;
  /** Periods a year the Sharpe ratios are annualised with (1 for a bare matrix: per period). */
  readonly periodsPerYear: number;
  /** λ_c = ln(ω̄_c / (1 − ω̄_c)), the logit distribution. */
  readonly logits: Float64Array;
  /** ω̄_c = (out-of-sample rank of n*) / (M + 1), in (0, 1). */
  readonly relativeRanks: Float64Array;
  /** n*, the trial with the best in-sample Sharpe ratio (the first on ties). */
  readonly selected: Int32Array;
  /** Rank of n* among the M in-sample Sharpe ratios (1 = worst, M = best; ties averaged). */
  readonly inSampleRanks: Float64Array;
  /** Rank of n* among the M out-of-sample Sharpe ratios (the same convention). */
  readonly outOfSampleRanks: Float64Array;
  /** R_{n*}: the selected trial's in-sample annualised Sharpe ratio. */
  readonly inSampleSharpe: Float64Array;
  /** R̄_{n*}: its out-of-sample annualised Sharpe ratio. */
  readonly outOfSampleSharpe: Float64Array;
}

/**
 * Probability of backtest overfitting by combinatorially symmetric cross-validation, CSCV (Bailey,
 * Borwein, López de Prado & Zhu 2017, "The probability of backtest overfitting", *Journal of
 * Computational Finance* 20(4)). The T×M performance matrix of M trials is cut into S equal
 * blocks of L = ⌊T/S⌋ periods (the oldest T − S·L dropped). For each of the C(S, S/2) choices c of
 * S/2 blocks, J (in-sample) and its complement J̄ (out-of-sample): R, R̄ = the M trials' Sharpe
 * ratios on J, J̄; n* = argmax R; ω̄_c = rank(R̄_{n*}) / (M + 1) (ranks 1..M, ties averaged);
 * λ_c = ln(ω̄_c / (1 − ω̄_c)); `PBO = #{c : λ_c <= 0} / C(S, S/2)`. The Sharpe ratio is the
 * engine's (sample sd, annualised with the data's P, 0 when degenerate), computed from per-block
 * moments so each combination costs O(S·M).
 *
 * @see docs/maths.md#probability-of-backtest-overfitting
 * Cost: O(T·M + C(S, S/2)·S·M).
 * @param performance T×M per-period returns (or P&L) of the M trials, one column each: an
 *   `AssetReturns` or a bare `{ returns, periods }` (see {@link ResearchReturns}), M >= 2. Never mutated.
 * @param options `{ partitions, riskFreeRate }`, see {@link BacktestOverfittingOptions}.
 * @throws EngineError INVALID_INPUT naming `performance.*` or the option out of range.
 * @example
 * // Trial 0 wins the first half and loses the second; trial 1 the reverse.
 * const perf = { returns: [0.02, -0.01, 0.03, -0.02, -0.01, 0.02, -0.02, 0.04], periods: 4 };
 * probabilityOfBacktestOverfitting(perf, { partitions: 2 }).pbo // => 1
 */
export function probabilityOfBacktestOverfitting(
  performance: ResearchReturns,
  options: BacktestOverfittingOptions = {},
): BacktestOverfittingResult {
  const data = readReturnsTable("performance", performance, { minPeriods: 4, minColumns: 2, simple: false });
  const o = readOptions<BacktestOverfittingOptions>(options, "{ partitions?, riskFreeRate? }", [
    "partitions",
    "riskFreeRate",
  ]);
  const s = o.partitions === undefined ? 16 : o.partitions;
  assertInteger("options.partitions", s, { min: 2, max: Math.min(MAX_CSCV_PARTITIONS, Math.floor(data.periods / 2)) });
  if (s % 2 !== 0)
    throw new EngineError(
      "INVALID_INPUT",
      `options.partitions must be even (S/2 blocks in sample, S/2 out), got ${s}`,
      { field: "options.partitions" },
    );
  const riskFreeRate = o.riskFreeRate === undefined ? 0 : o.riskFreeRate;
  assertInRange("options.riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const p = data.periodsPerYear;
  const perPeriodRf = Math.expm1(Math.log1p(riskFreeRate) / p);

  const m = data.columns;
  const rows = Math.floor(data.periods / s);
  const dropped = data.periods - s * rows;
  const moments = blockMoments(data.returns, m, dropped, s, rows, perPeriodRf);
  const chosen = combinations(s, s / 2);
  const count = binomial(s, s / 2);
  const annual = Math.sqrt(p);

  const logits = new Float64Array(count);
  const relativeRanks = new Float64Array(count);
  const selected = new Int32Array(count);
  const inSampleRanks = new Float64Array(count);
  const outOfSampleRanks = new Float64Array(count);
  const inSampleSharpe = new Float64Array(count);
  const outOfSampleSharpe = new Float64Array(count);
  // J̄ of combination c is J of its complement: compute each pair's two halves once.
  const index = new Int32Array(1 << s).fill(-1);
  const masks = Int32Array.from(chosen, (blocks) => blocks.reduce((mask, b) => mask | (1 << b), 0));
  for (let c = 0; c < count; c++) index[masks[c]!] = c;
  const full = (1 << s) - 1;
  const first = new Float64Array(m);
  const second = new Float64Array(m);
  let overfit = 0;
  let losses = 0;
  const record = (c: number, r: Float64Array, rBar: Float64Array): void => {
    let best = 0;
    for (let i = 1; i < m; i++) if (r[i]! > r[best]!) best = i;
    const rank = averageRank(rBar, best);
    const omega = rank / (m + 1);
    const lambda = Math.log(omega / (1 - omega));
    selected[c] = best;
    inSampleRanks[c] = averageRank(r, best);
    outOfSampleRanks[c] = rank;
    relativeRanks[c] = omega;
    logits[c] = lambda;
    inSampleSharpe[c] = r[best]! * annual;
    outOfSampleSharpe[c] = rBar[best]! * annual;
    if (lambda <= 0) overfit++;
    if (rBar[best]! < 0) losses++;
  };
  for (let c = 0; c < count; c++) {
    const other = index[full ^ masks[c]!]!;
    if (other < c) continue;
    combinedSharpe(moments, chosen[c]!, EPS, first);
    combinedSharpe(moments, chosen[other]!, EPS, second);
    record(c, first, second);
    record(other, second, first);
  }
  return Object.freeze({
    pbo: overfit / count,
    probabilityOfLoss: losses / count,
    trials: data.assets,
    partitions: s,
    combinations: count,
    blockPeriods: rows,
    droppedPeriods: dropped,
    periodsPerYear: p,
    logits,
    relativeRanks,
    selected,
    inSampleRanks,
    outOfSampleRanks,
    inSampleSharpe,
    outOfSampleSharpe,
  });
}

/** Rank of values[i] among values, 1 = smallest, ties given their average rank (scipy's `rankdata`). */
function averageRank(values: Float64Array, i: number): number {
  const v = values[i]!;
  let below = 0;
  let equal = 0;
  for (let j = 0; j < values.length; j++) {
    if (values[j]! < v) below++;
    else if (values[j] === v) equal++;
  }
  return below + (equal + 1) / 2;
}
