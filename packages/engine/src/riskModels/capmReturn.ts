import { readOptions } from "../_internal/readOptions.ts";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertFinite, assertSameLength, toFiniteFloat64 } from "../_internal/validate.ts";
import type { ReturnMatrix } from "./types.ts";
import { validateReturnMatrix } from "./_internal/validateReturnMatrix.ts";

/** Options of {@link capmReturn}. */
export interface CapmReturnOptions {
  /** The market's returns over the same T periods; default: the equal-weighted average of the N assets each period. */
  marketReturns?: ArrayLike<number>;
  /** Risk-free rate per period (the units of the returns): finite; default 0. */
  riskFreeRate?: number;
}

/**
 * CAPM expected return of each asset (Sharpe 1964), per period: `μ_i = r_f + β_i·(r̄_m − r_f)` with
 * `β_i = cov(r_i, r_m) / var(r_m)` (sample moments) and r̄_m the market's arithmetic mean. A
 * constant market (variance 0, or a variance that underflows to 0) gives every β = 0, so μ_i = r_f.
 *
 * @see docs/maths.md#expected-returns
 * Cost: O(T·N).
 * @param matrix T×N row-major returns (see {@link ReturnMatrix}), T >= 2. Never mutated.
 * @param options see {@link CapmReturnOptions}.
 * @throws EngineError INVALID_INPUT when the matrix or an option breaks its rule (marketReturns must
 *   hold T finite values), or a value overflows.
 * @example
 * capmReturn({ returns: [0.01, 0.02, 0.03, 0, -0.01, 0.01], periods: 3 }, { marketReturns: [0.01, 0.02, 0] }) // => Float64Array [0.019999999999999997, -0.005]
 */
export function capmReturn(matrix: ReturnMatrix, options: CapmReturnOptions = {}): Float64Array {
  const m = validateReturnMatrix(matrix);
  const { riskFreeRate = 0, marketReturns } = readOptions<CapmReturnOptions>(options, "{ marketReturns?, riskFreeRate? }", ["marketReturns", "riskFreeRate"]);
  assertFinite("riskFreeRate", riskFreeRate);
  const { returns: R, periods: T, assets: N } = m;
  let market: Float64Array;
  if (marketReturns === undefined) {
    market = new Float64Array(T);
    for (let t = 0; t < T; t++) market[t] = compensatedSum(R, t * N, t * N + N) / N;
  } else {
    market = toFiniteFloat64("marketReturns", marketReturns, 2);
    assertSameLength("periods", { length: T }, "marketReturns", market);
  }
  const marketMean = compensatedSum(market) / T;
  const dm = Float64Array.from(market, (x) => x - marketMean);
  let varM = 0;
  for (let t = 0; t < T; t++) varM += dm[t]! ** 2;
  const premium = marketMean - riskFreeRate;
  const out = new Float64Array(N);
  const column = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    for (let t = 0; t < T; t++) column[t] = R[t * N + i]!;
    const mean = compensatedSum(column) / T;
    let cov = 0;
    for (let t = 0; t < T; t++) cov += (column[t]! - mean) * dm[t]!;
    const beta = varM > 0 ? cov / varM : 0;
    const mu = riskFreeRate + beta * premium;
    if (!Number.isFinite(mu)) throw new EngineError("INVALID_INPUT", "returns is out of range: the CAPM return overflows a float64", { field: "returns" });
    out[i] = mu + 0;
  }
  return out;
}
