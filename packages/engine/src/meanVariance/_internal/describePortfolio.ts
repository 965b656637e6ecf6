import { EngineError } from "../../errors/EngineError.ts";
import type { MeanVarianceCertificate, MeanVarianceResult } from "../types.ts";

/** The value, or INVALID_INPUT when the inputs' magnitudes put it beyond a float64 (docs/maths.md#statistics). */
function representable(value: number, field: string, what: string): number {
  if (!Number.isFinite(value)) throw new EngineError("INVALID_INPUT", `${field} is out of range: ${what} overflows a float64 (exceeds 1.8e308)`, { field });
  return value + 0;
}

/** wᵀΣw (dense). */
export function portfolioVariance(Sigma: Float64Array, w: Float64Array): number {
  const n = w.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    let r = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) r += Sigma[row + j]! * w[j]!;
    s += w[i]! * r;
  }
  return Math.max(0, s);
}

export function portfolioReturn(mu: Float64Array, w: Float64Array): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += mu[i]! * w[i]!;
  return s;
}

/** (r − r_f)/σ, 0 when σ = 0 (docs/maths.md#mean-variance-optimizers). */
export function sharpeOf(r: number, volatility: number, riskFreeRate: number): number {
  return volatility > 0 ? (r - riskFreeRate) / volatility : 0;
}

/** The result in the caller's units, every number recomputed from the weights. */
export function describePortfolio(
  Sigma: Float64Array,
  mu: Float64Array | undefined,
  riskFreeRate: number,
  weights: Float64Array,
  certificate: MeanVarianceCertificate,
): MeanVarianceResult {
  const w = Float64Array.from(weights, (x) => x + 0);
  const variance = representable(portfolioVariance(Sigma, w), "covariance", "the portfolio variance");
  const volatility = Math.sqrt(variance);
  if (mu === undefined) return { weights: w, variance, volatility, certificate };
  const expectedReturn = representable(portfolioReturn(mu, w), "expectedReturns", "the portfolio return");
  const sharpeRatio = representable(sharpeOf(expectedReturn, volatility, riskFreeRate), "expectedReturns", "the Sharpe ratio (return over volatility)");
  return { weights: w, expectedReturn, variance, volatility, sharpeRatio, certificate };
}
