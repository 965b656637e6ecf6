import { readOptions } from "../_internal/readOptions.ts";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import { makeExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import type { ReturnMatrix } from "./types.ts";
import { readReturns } from "./_internal/readReturns.ts";

/** Options of {@link meanHistoricalReturn}. */
export interface MeanHistoricalReturnOptions {
  /**
   * false (default): the arithmetic mean `μ_i = Σ_t r_ti / T`. true: the geometric mean per period,
   * `μ_i = (Π_t (1 + r_ti))^(1/T) − 1`, computed as expm1(Σ log1p(r_ti) / T); every return must then be > −1.
   */
  compounding?: boolean;
}

/**
 * Mean historical return of each asset, per period, labelled with the returns' ids and frequency
 * (`values[i]·periodsPerYear` is the annual arithmetic rate; docs/maths.md#labelled-data): the
 * arithmetic mean (Neumaier sum, clamped into the column's [min, max]), or the geometric mean
 * with `compounding: true`.
 *
 * @see docs/maths.md#expected-returns
 * Cost: O(T·N).
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year), T >= 1. Never mutated.
 * @throws EngineError INVALID_INPUT when the matrix or an option breaks its rule, or (compounding)
 *   a return is <= −1.
 * @example
 * meanHistoricalReturn({ returns: [0.01, 0.02, 0.03, 0], periods: 2 }).values // => Float64Array [0.02, 0.01]
 */
export function meanHistoricalReturn(
  matrix: AssetReturns | ReturnMatrix,
  options: MeanHistoricalReturnOptions = {},
): ExpectedReturns {
  const m = readReturns(matrix, 1);
  const { compounding = false } = readOptions<MeanHistoricalReturnOptions>(options, "{ compounding? }", [
    "compounding",
  ]);
  if (typeof compounding !== "boolean")
    throw new EngineError("INVALID_INPUT", `compounding must be a boolean, got ${typeof compounding}`, {
      field: "compounding",
    });
  const { returns: R, periods: T, assets: N } = m;
  const out = new Float64Array(N);
  const column = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    let min = Infinity;
    let max = -Infinity;
    for (let t = 0; t < T; t++) {
      const r = R[t * N + i]!;
      if (compounding && !(r > -1)) {
        throw new EngineError("INVALID_INPUT", `returns[${t * N + i}] must be > -1 with compounding, got ${r}`, {
          field: `returns[${t * N + i}]`,
        });
      }
      column[t] = compounding ? Math.log1p(r) : r / T;
      min = Math.min(min, r);
      max = Math.max(max, r);
    }
    const mean = compounding ? Math.expm1(compensatedSum(column) / T) : compensatedSum(column);
    out[i] = Math.min(max, Math.max(min, mean)) + 0;
  }
  return makeExpectedReturns(m.ids, out, m.periodsPerYear, m.frequency);
}
