import { EngineError } from "../../errors/EngineError.ts";
import { cholesky } from "../../linearAlgebra/cholesky.ts";
import { choleskySolve } from "../../linearAlgebra/choleskySolve.ts";
import { matVec } from "../../linearAlgebra/matVec.ts";

/** What the Newton solve of the risk-budgeting problem returns (y rescaled to weights by the caller). */
export interface RiskBudgetSolution {
  /** Long-only weights summing to 1. */
  weights: Float64Array;
  /** Newton steps taken. */
  iterations: number;
  /** max_i |w_i·(Σw)_i / wᵀΣw − b_i| at the returned weights. */
  residual: number;
}

/**
 * Spinu's (2013) convex formulation of risk budgeting (docs/maths.md#risk-budgeting): minimise
 * `f(y) = ½·yᵀΣy − Σ_i b_i·ln y_i` over y > 0 by damped Newton steps; at the minimum
 * `y_i·(Σy)_i = b_i` for every i, so `w = y / Σy` has risk contributions `b`. The Hessian
 * `Σ + diag(b_i / y_i²)` is positive definite for y > 0 even when Σ is only semi-definite, so
 * every step is a Cholesky solve. Steps are shortened to stay inside y > 0 and to satisfy the
 * Armijo condition; f is strictly convex and coercive on y > 0, so the iteration converges.
 * Once the Newton decrement `λ² = gᵀH⁻¹g` is below 1e-8 the full step is taken without the
 * Armijo test (the change in f is then below its rounding error; Newton converges quadratically).
 *
 * @param sigma n×n PSD covariance with a positive diagonal, scaled so its largest variance is 1.
 * @param b n budgets > 0 summing to 1.
 */
export function solveRiskBudget(
  sigma: Float64Array,
  n: number,
  b: Float64Array,
  tolerance: number,
  maxIterations: number,
): RiskBudgetSolution {
  // Start: inverse volatility, scaled so that yᵀΣy = Σb = 1 (which holds at the optimum).
  let y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = b[i]! / Math.sqrt(sigma[i * n + i]!);
  {
    const sy = matVec(sigma, n, y);
    let q = 0;
    for (let i = 0; i < n; i++) q += y[i]! * sy[i]!;
    const s = 1 / Math.sqrt(q);
    for (let i = 0; i < n; i++) y[i] = y[i]! * s;
  }
  const objective = (v: Float64Array, sv: Float64Array) => {
    let f = 0;
    for (let i = 0; i < n; i++) f += 0.5 * v[i]! * sv[i]! - b[i]! * Math.log(v[i]!);
    return f;
  };
  let sy = matVec(sigma, n, y);
  let f = objective(y, sy);
  const hessian = new Float64Array(n * n);
  const gradient = new Float64Array(n);
  for (let iteration = 0; iteration <= maxIterations; iteration++) {
    const residual = riskBudgetResidual(y, sy, b, n);
    if (residual <= tolerance) return { weights: normalise(y), iterations: iteration, residual };
    if (iteration === maxIterations) break;
    hessian.set(sigma);
    for (let i = 0; i < n; i++) {
      gradient[i] = sy[i]! - b[i]! / y[i]!;
      hessian[i * n + i] = hessian[i * n + i]! + b[i]! / (y[i]! * y[i]!);
    }
    const L = cholesky(hessian, n);
    if (L === undefined) break;
    const step = choleskySolve(L, n, gradient); // Newton direction is −step.
    let slope = 0;
    for (let i = 0; i < n; i++) slope -= gradient[i]! * step[i]!;
    let t = 1;
    // Stay inside y > 0 (with a margin).
    for (let i = 0; i < n; i++) if (step[i]! > 0) t = Math.min(t, (0.99 * y[i]!) / step[i]!);
    const next = new Float64Array(n);
    let accepted = false;
    for (let k = 0; k < 60; k++) {
      for (let i = 0; i < n; i++) next[i] = y[i]! - t * step[i]!;
      const snext = matVec(sigma, n, next);
      const fnext = objective(next, snext);
      // Near the optimum (Newton decrement λ² = −slope small) f changes by less than its rounding:
      // take the plain Newton step, which converges quadratically there.
      if (-slope < 1e-8 || fnext <= f + 1e-4 * t * slope) {
        y = next;
        sy = snext;
        f = fnext;
        accepted = true;
        break;
      }
      t *= 0.5;
    }
    if (!accepted) {
      // No decrease left to find: accept the point when it is already as good as doubles allow.
      const r = riskBudgetResidual(y, sy, b, n);
      if (r <= Math.max(tolerance, 1e-10)) return { weights: normalise(y), iterations: iteration + 1, residual: r };
      break;
    }
  }
  throw new EngineError(
    "SOLVER_FAILURE",
    `risk budgeting did not converge to a residual <= ${tolerance} in ${maxIterations} Newton steps`,
  );
}

/** max_i |y_i·(Σy)_i / yᵀΣy − b_i|: how far the risk contributions of y are from the budgets. */
function riskBudgetResidual(y: Float64Array, sy: Float64Array, b: Float64Array, n: number): number {
  let q = 0;
  for (let i = 0; i < n; i++) q += y[i]! * sy[i]!;
  let r = 0;
  for (let i = 0; i < n; i++) r = Math.max(r, Math.abs((y[i]! * sy[i]!) / q - b[i]!));
  return r;
}

function normalise(y: Float64Array): Float64Array {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i]!;
  const w = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) w[i] = y[i]! / s;
  return w;
}
