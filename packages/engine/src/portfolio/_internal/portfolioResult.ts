import type { Certificate, PortfolioMethod, PortfolioResult, Performance } from "../PortfolioResult.ts";

/**
 * Assembles the one result from a method's typed weights (private to the engine). Weights within
 * `dust` (default 1e-15) of 0 are reported as exactly 0, so that a solver's rounding never shows as
 * a holding; a method whose tiny weights are its own (the score tilt's 1e-18 at a high exponent)
 * passes 0.
 */
export function portfolioResult<M extends PortfolioMethod>(
  method: M,
  assets: readonly string[],
  vector: Float64Array,
  certificate: Certificate,
  performance: Performance,
  warnings: string[] = [],
  dust = 1e-15,
): PortfolioResult<M> {
  const weights = new Array<{ id: string; weight: number }>(assets.length);
  for (let i = 0; i < assets.length; i++) {
    if (Math.abs(vector[i]!) <= dust) vector[i] = 0;
    weights[i] = { id: assets[i]!, weight: vector[i]! };
  }
  return { method, assets, weights, vector, certificate, performance, warnings };
}
