import { EngineError } from "../errors/EngineError.ts";
import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { scaledByLargestVariance } from "../_internal/symmetricMatrix.ts";
import { matVec } from "../linearAlgebra/matVec.ts";
import { readCovariance, type CovarianceInput } from "../data/covariance.ts";
import { weightVector, type WeightsInput } from "../portfolio/weightVector.ts";
import { isLabelledWeights } from "../_internal/isLabelledWeights.ts";
import type { RiskContribution } from "./RiskBudgetResult.ts";

/**
 * Each asset's share of the portfolio variance (Euler decomposition; Maillard, Roncalli &
 * Teïletche 2010): `RC_i = w_i·(Σw)_i / (wᵀΣw)`, so that `Σ_i RC_i = 1`. Weights may be of any
 * sign (a short position can have a negative contribution).
 *
 * @see docs/maths.md#risk-contributions
 * Cost: O(n²) after the O(n³) check of a bare covariance.
 * @param weights labelled (`{ id: w }`, a Map, `{ id, weight }[]`, or a portfolio result; an absent
 *   id weighs 0, an unknown id is refused naming the closest), or n finite weights in the
 *   covariance's order; not all zero. Never mutated.
 * @param covariance a labelled `Covariance`, or a bare matrix (docs/maths.md#covariance-rules). Never mutated.
 * @returns one `{ id, contribution }` per covariance asset, in its order; the contributions sum to 1.
 * @throws EngineError INVALID_INPUT when an input breaks its rule, the sizes differ, or the
 *   portfolio variance `wᵀΣw` is 0 (nothing to share out), to within `EPS·Σ|w_i·(Σw)_i|`.
 * @example
 * const S = covariance([[0.04, 0], [0, 0.01]], { assets: ["A", "B"], frequency: "annual" });
 * riskContributions({ A: 0.5, B: 0.5 }, S) // => [{ id: "A", contribution: 0.8 }, { id: "B", contribution: 0.2 }]
 */
export function riskContributions(
  weights: WeightsInput | NumericArray,
  covariance: CovarianceInput,
): RiskContribution[] {
  const cov = readCovariance("covariance", covariance);
  const n = cov.size;
  const w = isLabelledWeights(weights)
    ? weightVector("weights", weights as WeightsInput, cov.assets)
    : toFiniteFloat64("weights", weights, 1);
  if (w.length !== n) {
    throw new EngineError(
      "INVALID_INPUT",
      `weights must hold one weight per covariance row: got ${w.length} weights for a ${n}×${n} covariance`,
      { field: "weights" },
    );
  }
  const scaled = scaledByLargestVariance(cov.values, n);
  // Scale-free: divide the weights by their largest magnitude (the covariance is already scaled).
  let top = 0;
  for (let i = 0; i < n; i++) top = Math.max(top, Math.abs(w[i]!));
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = top > 0 ? w[i]! / top : 0;
  const sx = matVec(scaled.data, n, x);
  let variance = 0;
  let gross = 0;
  for (let i = 0; i < n; i++) {
    variance += x[i]! * sx[i]!;
    gross += Math.abs(x[i]! * sx[i]!);
  }
  if (!(variance > EPS * gross)) {
    throw new EngineError(
      "INVALID_INPUT",
      "weights must give a portfolio variance wᵀΣw > 0 to share out (it is 0 to within 1e-9 of Σ|w_i·(Σw)_i|)",
      { field: "weights" },
    );
  }
  return cov.assets.map((id, i) => ({ id, contribution: (x[i]! * sx[i]!) / variance + 0 }));
}
