import { EngineError } from "../../errors/EngineError.ts";
import { activeSetAt } from "../../quadraticProgram/activeSetAt.ts";
import { SingularFace } from "../../quadraticProgram/solveFace.ts";

/** Result of {@link diversifyWeights}. */
export interface DiversifiedWeights {
  weights: Float64Array;
  /** f(w) = (1 − δ)·‖w − w_tilt‖² + δ·wᵀCw at the returned weights. */
  objective: number;
  /** Projected-gradient steps + active-set iterations. */
  iterations: number;
}

/** wᵀCw for a dense row-major n×n matrix. */
export function quadraticForm(C: Float64Array, w: ArrayLike<number>): number {
  const n = w.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const row = i * n;
    let r = 0;
    for (let j = 0; j < n; j++) r += C[row + j]! * w[j]!;
    s += w[i]! * r;
  }
  return s;
}

/** Smallest weight of ‖w − w_tilt‖² (used at δ = 1): keeps the QP strictly convex when C is singular. */
const MIN_PROXIMITY = 1e-9;

/**
 * The risk-diversification overlay of the score tilt (docs/maths.md#risk-diversification-overlay):
 *
 *   minimise  (1 − δ)·‖w − w_tilt‖² + δ·wᵀCw   s.t.  Σw = 1,  lo <= w_i <= hi,
 *
 * C the correlation matrix (unit diagonal, so tr C = tr I = n and the two quadratic forms have
 * the same average curvature: the normaliser γ is 1). As ½wᵀQw + cᵀw: `Q = 2(1 − δ)I + 2δC`,
 * `c = −2(1 − δ)·w_tilt`, solved exactly by the engine's one budget-and-bounds QP,
 * {@link activeSetAt} at t = 1 with Σ = Q and μ = −c (warm-started by projected-gradient steps
 * from the feasible tilt). Q is positive definite for δ < 1; at δ = 1 the proximity weight is
 * 1e-9 instead of 0, so the minimiser stays unique when C is singular (T <= n).
 *
 * Cost: O(n²) to build Q plus the active-set iterations.
 * @throws EngineError SOLVER_FAILURE when the active-set method fails (see {@link activeSetAt}) or Q is
 *   not positive definite on a face to rounding.
 */
export function diversifyWeights(
  C: Float64Array,
  tilt: Float64Array,
  lo: number,
  hi: number,
  delta: number,
): DiversifiedWeights {
  const n = tilt.length;
  const proximity = Math.max(1 - delta, MIN_PROXIMITY);
  const Q = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) Q[k] = 2 * delta * C[k]!;
  for (let i = 0; i < n; i++) Q[i * n + i]! += 2 * proximity;
  const c = new Float64Array(n);
  for (let i = 0; i < n; i++) c[i] = -2 * proximity * tilt[i]!;
  let weights: Float64Array;
  let iterations = 0;
  if (lo >= hi || n * lo >= 1 || n * hi <= 1)
    weights = Float64Array.from(tilt); // one feasible point
  else {
    const mu = new Float64Array(n);
    for (let i = 0; i < n; i++) mu[i] = -c[i]!;
    const P = { n, Sigma: Q, mu, lo: new Float64Array(n).fill(lo), hi: new Float64Array(n).fill(hi) };
    let solved: ReturnType<typeof activeSetAt>;
    try {
      solved = activeSetAt(P, 1, 200, tilt);
    } catch (error) {
      if (!(error instanceof SingularFace)) throw error;
      throw new EngineError("SOLVER_FAILURE", "the risk-diversification QP is not strictly convex on the current face");
    }
    const { p, q } = solved.face;
    weights = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = p[i]! + q[i]!;
      weights[i] = v < lo ? lo : v > hi ? hi : v;
    }
    iterations = solved.iterations;
  }
  let dist = 0;
  for (let i = 0; i < n; i++) dist += (weights[i]! - tilt[i]!) ** 2;
  return { weights, objective: (1 - delta) * dist + delta * quadraticForm(C, weights), iterations };
}
