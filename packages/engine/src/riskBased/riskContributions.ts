import { EngineError } from "../errors/EngineError.ts";
import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { matVec, toCovariance, type MatrixInput } from "../_internal/symmetricMatrix.ts";

/**
 * Each asset's share of the portfolio variance (Euler decomposition; Maillard, Roncalli &
 * Teïletche 2010): `RC_i = w_i·(Σw)_i / (wᵀΣw)`, so that `Σ_i RC_i = 1`. Weights may be of any
 * sign (a short position can have a negative contribution).
 *
 * @see docs/maths.md#risk-contributions
 * Cost: O(n²) after the O(n³) check of the covariance.
 * @param weights n finite weights, not all zero. Never mutated.
 * @param covariance n×n covariance (rows, or n·n values row-major; docs/maths.md#matrix-inputs). Never mutated.
 * @returns n fractions summing to 1.
 * @throws EngineError INVALID_INPUT when an input breaks its rule, the sizes differ, or the
 *   portfolio variance `wᵀΣw` is 0 (nothing to share out), to within `EPS·Σ|w_i·(Σw)_i|`.
 * @example
 * riskContributions([0.5, 0.5], [[0.04, 0], [0, 0.01]]) // => Float64Array [0.8, 0.2]
 */
export function riskContributions(weights: NumericArray, covariance: MatrixInput): Float64Array {
  const cov = toCovariance("covariance", covariance);
  const w = toFiniteFloat64("weights", weights, 1);
  if (w.length !== cov.n) {
    throw new EngineError("INVALID_INPUT", `weights must hold one weight per covariance row: got ${w.length} weights for a ${cov.n}×${cov.n} covariance`, { field: "weights" });
  }
  // Scale-free: divide the weights by their largest magnitude (the covariance is already scaled).
  let top = 0;
  for (let i = 0; i < w.length; i++) top = Math.max(top, Math.abs(w[i]!));
  const x = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) x[i] = top > 0 ? w[i]! / top : 0;
  const sx = matVec(cov.data, cov.n, x);
  let variance = 0;
  let gross = 0;
  for (let i = 0; i < cov.n; i++) {
    variance += x[i]! * sx[i]!;
    gross += Math.abs(x[i]! * sx[i]!);
  }
  if (!(variance > EPS * gross)) {
    throw new EngineError("INVALID_INPUT", "weights must give a portfolio variance wᵀΣw > 0 to share out (it is 0 to within 1e-9 of Σ|w_i·(Σw)_i|)", { field: "weights" });
  }
  const out = new Float64Array(cov.n);
  for (let i = 0; i < cov.n; i++) out[i] = (x[i]! * sx[i]!) / variance + 0;
  return out;
}
