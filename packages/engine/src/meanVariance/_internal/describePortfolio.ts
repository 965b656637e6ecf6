import type { MeanVarianceCertificate, MeanVarianceResult } from "../types.ts";

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
  const variance = portfolioVariance(Sigma, w);
  const volatility = Math.sqrt(variance);
  if (mu === undefined) return { weights: w, variance, volatility, certificate };
  const expectedReturn = portfolioReturn(mu, w);
  return { weights: w, expectedReturn, variance, volatility, sharpeRatio: sharpeOf(expectedReturn, volatility, riskFreeRate), certificate };
}
