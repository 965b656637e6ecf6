import { readOptions } from "../_internal/readOptions.ts";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertSameLength, toFiniteFloat64 } from "../_internal/validate.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import { makeExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import { perPeriod } from "../portfolio/annualRate.ts";
import type { RiskFreeRateOption } from "../portfolio/PortfolioOptions.ts";
import type { ReturnMatrix } from "./types.ts";
import { readReturns } from "./_internal/readReturns.ts";

/** Options of {@link capmReturn}. */
export interface CapmReturnOptions extends RiskFreeRateOption {
  /** The market's returns over the same T periods; default: the equal-weighted average of the N assets each period. */
  marketReturns?: ArrayLike<number>;
}

/**
 * CAPM expected return of each asset (Sharpe 1964), per period: `μ_i = r_f + β_i·(r̄_m − r_f)` with
 * `β_i = cov(r_i, r_m) / var(r_m)` (sample moments), r̄_m the market's arithmetic mean and r_f the
 * annual `riskFreeRate` divided by the periods a year (docs/maths.md#frequency-and-annual-units).
 * A constant market (variance 0, or a variance that underflows to 0) gives every β = 0, so μ_i = r_f.
 * Labelled with the returns' ids and frequency.
 *
 * @see docs/maths.md#expected-returns
 * Cost: O(T·N).
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year: its riskFreeRate is then per period), T >= 2. Never mutated.
 * @param options see {@link CapmReturnOptions}.
 * @throws EngineError INVALID_INPUT when the matrix or an option breaks its rule (marketReturns must
 *   hold T finite values; riskFreeRate an annual fraction in (−1, 1)), or a value overflows.
 * @example
 * capmReturn({ returns: [0.01, 0.02, 0.03, 0, -0.01, 0.01], periods: 3 }, { marketReturns: [0.01, 0.02, 0] }).values // => Float64Array [0.019999999999999997, -0.005]
 */
export function capmReturn(matrix: AssetReturns | ReturnMatrix, options: CapmReturnOptions = {}): ExpectedReturns {
  const m = readReturns(matrix);
  const o = readOptions<CapmReturnOptions>(options, "{ marketReturns?, riskFreeRate? }", [
    "marketReturns",
    "riskFreeRate",
  ]);
  const { marketReturns } = o;
  const riskFreeRate =
    o.riskFreeRate === undefined ? 0 : perPeriod("riskFreeRate", o.riskFreeRate, "rate", m.periodsPerYear);
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
    if (!Number.isFinite(mu))
      throw new EngineError("INVALID_INPUT", "returns is out of range: the CAPM return overflows a float64", {
        field: "returns",
      });
    out[i] = mu + 0;
  }
  return makeExpectedReturns(m.ids, out, m.periodsPerYear, m.frequency);
}
