import { EngineError } from "../../errors/EngineError.ts";
import { KKT_TOLERANCE } from "../../_internal/tolerance.ts";
import { multiply, type BoundState, type QpProblem } from "../../quadraticProgram/qpProblem.ts";

/** KKT residuals, each relative to the largest term it balances. */
export interface Kkt {
  stationarity: number;
  primalFeasibility: number;
  dualFeasibility: number;
  complementarity: number;
}

function primalOf(P: QpProblem, w: Float64Array): number {
  let sum = 0;
  let worst = 0;
  for (let i = 0; i < P.n; i++) {
    sum += w[i]!;
    worst = Math.max(worst, P.lo[i]! - w[i]!, w[i]! - P.hi[i]!);
  }
  return Math.max(worst, Math.abs(sum - 1));
}

/**
 * The budget multiplier the residuals use: the mean of g over the free weights, or at a vertex
 * the middle of the interval [max_hi g, min_lo g] that dual feasibility allows.
 */
function budgetMultiplier(P: QpProblem, g: Float64Array, state: BoundState): number {
  let sum = 0;
  let free = 0;
  let minLo = Infinity;
  let maxHi = -Infinity;
  for (let i = 0; i < P.n; i++) {
    if (state[i] === 0) {
      sum += g[i]!;
      free++;
    } else if (P.lo[i] !== P.hi[i]) {
      if (state[i] === -1) minLo = Math.min(minLo, g[i]!);
      else maxHi = Math.max(maxHi, g[i]!);
    }
  }
  if (free > 0) return sum / free;
  if (minLo === Infinity && maxHi === -Infinity) return 0;
  if (minLo === Infinity) return maxHi;
  if (maxHi === -Infinity) return minLo;
  return (minLo + maxHi) / 2;
}

/**
 * KKT residuals of P(t) (docs/maths.md#mean-variance-certificate) at `w` on the face `state`,
 * recomputed from Σ, μ and w: with g = Σw − t·μ and ν from {@link budgetMultiplier},
 * stationarity max_free |g_i − ν|, dual feasibility the largest multiplier of the wrong sign
 * (g_i − ν < 0 at lo, > 0 at hi), complementarity max |g_i − ν|·|w_i − bound_i| over the fixed
 * weights, all over max(‖Σw‖∞, t‖μ‖∞, |ν|); primal feasibility |Σw − 1| and bound violations.
 */
export function certifyPath(P: QpProblem, w: Float64Array, state: BoundState, t: number): Kkt {
  const { n, mu, lo, hi } = P;
  const g = multiply(P, w);
  let scale = 0;
  for (let i = 0; i < n; i++) {
    scale = Math.max(scale, Math.abs(g[i]!), Math.abs(t * mu[i]!));
    g[i] = g[i]! - t * mu[i]!;
  }
  const nu = budgetMultiplier(P, g, state);
  scale = Math.max(scale, Math.abs(nu), 1e-300);
  let stationarity = 0;
  let dual = 0;
  let complementarity = 0;
  for (let i = 0; i < n; i++) {
    const lambda = g[i]! - nu;
    if (state[i] === 0) stationarity = Math.max(stationarity, Math.abs(lambda));
    else {
      if (lo[i] !== hi[i]) dual = Math.max(dual, state[i] === -1 ? -lambda : lambda);
      complementarity = Math.max(
        complementarity,
        Math.abs(lambda) * Math.abs(w[i]! - (state[i] === -1 ? lo[i]! : hi[i]!)),
      );
    }
  }
  return {
    stationarity: stationarity / scale,
    primalFeasibility: primalOf(P, w),
    dualFeasibility: Math.max(0, dual) / scale,
    complementarity: complementarity / scale,
  };
}

/**
 * KKT residuals of the Cornuejols–Tütüncü problem (docs/maths.md#maximum-sharpe):
 *   minimise yᵀΣy  s.t.  (μ − r_f)ᵀy = 1,  Σy = κ,  lo·κ <= y <= hi·κ,  κ >= 0,
 * at y = κ·w, κ = 1/((μ − r_f)ᵀw), with the multipliers the path gives: γ = 2κt for the return
 * row, and from e_i = 2κ((Σw)_i − t(μ_i − r_f)) the budget multiplier ν = mean of e over the free
 * weights, α_i = e_i − ν at lo, β_i = ν − e_i at hi. Stationarity covers y (on the free weights)
 * and κ: |ν + Σ lo_i α_i − Σ hi_i β_i|.
 */
export function certifyTangency(P: QpProblem, w: Float64Array, state: BoundState, t: number, riskFree: number): Kkt {
  const { n, mu, lo, hi } = P;
  let excess = 0;
  for (let i = 0; i < n; i++) excess += (mu[i]! - riskFree) * w[i]!;
  const kappa = 1 / excess;
  const Sw = multiply(P, w);
  const e = new Float64Array(n);
  let scale = 1e-300;
  for (let i = 0; i < n; i++) {
    e[i] = 2 * kappa * (Sw[i]! - t * (mu[i]! - riskFree));
    scale = Math.max(scale, Math.abs(2 * kappa * Sw[i]!), Math.abs(2 * kappa * t * (mu[i]! - riskFree)));
  }
  const nu = budgetMultiplier(P, e, state);
  scale = Math.max(scale, Math.abs(nu));
  let stationarity = 0;
  let dual = 0;
  let complementarity = 0;
  let kappaTerm = nu;
  let kappaScale = Math.abs(nu);
  for (let i = 0; i < n; i++) {
    const lambda = e[i]! - nu;
    if (state[i] === 0) stationarity = Math.max(stationarity, Math.abs(lambda));
    else {
      const bound = state[i] === -1 ? lo[i]! : hi[i]!;
      // α_i = λ at lo enters the κ row as +lo_i·α_i; β_i = −λ at hi as −hi_i·β_i: both lo_i·λ / hi_i·λ.
      kappaTerm += bound * lambda;
      kappaScale += Math.abs(bound * lambda);
      if (lo[i] !== hi[i]) dual = Math.max(dual, state[i] === -1 ? -lambda : lambda);
      complementarity = Math.max(complementarity, Math.abs(lambda) * Math.abs(kappa * w[i]! - bound * kappa));
    }
  }
  stationarity = Math.max(stationarity / scale, Math.abs(kappaTerm) / Math.max(kappaScale, scale));
  let budget = 0;
  for (let i = 0; i < n; i++) budget += w[i]!;
  const primal = Math.max(primalOf(P, w), Math.abs(budget * kappa - kappa) / Math.abs(kappa));
  return {
    stationarity,
    primalFeasibility: primal,
    dualFeasibility: Math.max(0, dual) / scale,
    complementarity: complementarity / scale,
  };
}

/** Throws SOLVER_FAILURE unless every residual is within {@link KKT_TOLERANCE}. */
export function assertCertified(kkt: Kkt, what: string): void {
  const worst = Math.max(kkt.stationarity, kkt.primalFeasibility, kkt.dualFeasibility, kkt.complementarity);
  if (!(worst <= KKT_TOLERANCE)) {
    throw new EngineError(
      "SOLVER_FAILURE",
      `${what}: the KKT residuals (${worst.toExponential(2)}) exceed ${KKT_TOLERANCE}; the optimum is not certified`,
    );
  }
}
