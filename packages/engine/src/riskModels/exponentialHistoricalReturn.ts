import { readOptions } from "../_internal/readOptions.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import { makeExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import type { ReturnMatrix } from "./types.ts";
import { exponentialWeights } from "./_internal/exponentialWeights.ts";
import { readReturns } from "./_internal/readReturns.ts";

/** Options of {@link exponentialHistoricalReturn}. */
export interface ExponentialHistoricalReturnOptions {
  /** Span s of the exponential weights, α = 2/(s + 1): finite, > 1; default 500 (periods). */
  span?: number;
}

/**
 * Exponentially weighted mean return of each asset, per period: `μ_i = Σ_t w_t r_ti` with
 * `w_t ∝ (1 − α)^(T−1−t)` summing to 1, α = 2/(span + 1) (pandas' `ewm(span, adjust=True).mean()`
 * at the last period). A convex combination of the returns, so within each column's [min, max].
 * Labelled with the returns' ids and frequency.
 *
 * @see docs/maths.md#expected-returns
 * Cost: O(T·N).
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year), T >= 1. Never mutated.
 * @param options see {@link ExponentialHistoricalReturnOptions}.
 * @throws EngineError INVALID_INPUT when the matrix or `span` breaks its rule.
 * @example
 * exponentialHistoricalReturn({ returns: [0.01, 0.02, 0.03, 0], periods: 2 }, { span: 3 }).values // => Float64Array [0.02333333333333333, 0.006666666666666666]
 */
export function exponentialHistoricalReturn(
  matrix: AssetReturns | ReturnMatrix,
  options: ExponentialHistoricalReturnOptions = {},
): ExpectedReturns {
  const m = readReturns(matrix, 1);
  const { returns: R, periods: T, assets: N } = m;
  const { span = 500 } = readOptions<ExponentialHistoricalReturnOptions>(options, "{ span? }", ["span"]);
  const w = exponentialWeights(span, T);
  const out = new Float64Array(N);
  const column = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    let min = Infinity;
    let max = -Infinity;
    for (let t = 0; t < T; t++) {
      const r = R[t * N + i]!;
      column[t] = w[t]! * r;
      min = Math.min(min, r);
      max = Math.max(max, r);
    }
    out[i] = Math.min(max, Math.max(min, compensatedSum(column))) + 0;
  }
  return makeExpectedReturns(m.ids, out, m.periodsPerYear, m.frequency);
}
