import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { matVec, toCovariance, type MatrixInput } from "../_internal/symmetricMatrix.ts";

/**
 * The equilibrium (prior) returns implied by market weights (reverse optimisation; Black &
 * Litterman 1992, He & Litterman 1999): `π = δ·Σ·w_mkt`, the expected excess returns for which
 * the market portfolio is the mean–variance optimum of an investor with risk aversion δ.
 *
 * @see docs/maths.md#black-litterman-posterior
 * Cost: O(n²) after the O(n³) check of the covariance.
 * @param covariance n×n covariance (docs/maths.md#matrix-inputs), per period or annualised: π is in the same units. Never mutated.
 * @param marketWeights n finite weights (market-capitalisation weights, usually >= 0 summing to 1). Never mutated.
 * @param riskAversion δ > 0 and <= 1e6 (He & Litterman use 2.5 for annual returns).
 * @returns n implied excess returns.
 * @throws EngineError INVALID_INPUT when an input breaks its rule or the sizes differ.
 * @example
 * impliedEquilibriumReturns([[0.04, 0.01], [0.01, 0.09]], [0.6, 0.4], 2.5) // => Float64Array [0.06999999999999999, 0.105]
 */
export function impliedEquilibriumReturns(covariance: MatrixInput, marketWeights: NumericArray, riskAversion: number): Float64Array {
  const cov = toCovariance("covariance", covariance);
  const w = toFiniteFloat64("marketWeights", marketWeights, 1);
  if (w.length !== cov.n) {
    throw new EngineError("INVALID_INPUT", `marketWeights must hold one weight per covariance row: got ${w.length} for a ${cov.n}×${cov.n} covariance`, { field: "marketWeights" });
  }
  assertInRange("riskAversion", riskAversion, { min: 0, minExclusive: true, max: 1e6 });
  const sw = matVec(cov.data, cov.n, w);
  const out = new Float64Array(cov.n);
  for (let i = 0; i < cov.n; i++) {
    out[i] = riskAversion * cov.scale * sw[i]! + 0;
    if (!Number.isFinite(out[i]!)) {
      throw new EngineError("INVALID_INPUT", "riskAversion·covariance·marketWeights overflows: the inputs are too large for doubles", { field: "covariance" });
    }
  }
  return out;
}
