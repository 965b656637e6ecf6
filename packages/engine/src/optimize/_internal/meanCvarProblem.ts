import { conditionalValueAtRisk } from "../../stats/index.ts";

/**
 * The validated data of one mean-CVaR problem over the n eligible assets
 * (docs/maths.md#mean-cvar-optimizer):
 *   maximise  gainᵀw − CVaR_β(w) − buzzPenalty·‖w − b‖₁
 *   s.t. Σw = 1, 0 <= w <= maxWeight, #{i : w_i >= minActiveWeight} >= minHoldings,
 * as the solver sees it: for the optimizer, the normalised problem of
 * docs/maths.md#scale-aware-objective (gain = m·μ/s_R + λ_ℓ·ℓ/s_L, returns R/s_C, buzzPenalty λ_b/s_D);
 * for minimum CVaR on any assets, gain 0 (with an optional floor on meanᵀw), or, for the maximum
 * return at a target CVaR, gain μ, CVaR weight 0 and the limit CVaR_β(w) <= cvarLimit
 * (docs/maths.md#minimum-cvar).
 */
export interface MeanCvarProblem {
  n: number;
  /** T scenarios. */
  periods: number;
  /** Eligible-asset returns, T×n row-major. */
  returns: Float64Array;
  /** Linear objective coefficient of each weight. */
  gain: Float64Array;
  /** Buzz-implied target weights b (sum 1). */
  target: Float64Array;
  buzzPenalty: number;
  maxWeight: number;
  minActiveWeight: number;
  minHoldings: number;
  /** β. */
  confidence: number;
  /** (1 − β)·T, snapped to an integer within EPS (docs/maths.md#cvar). */
  tailSize: number;
  /** The weight of CVaR_β in the objective; absent means 1. 0 in the target-CVaR form (docs/maths.md#minimum-cvar). */
  cvarWeight?: number;
  /** The target-CVaR form: CVaR_β(w) <= cvarLimit, in the units of `returns` (docs/maths.md#minimum-cvar). */
  cvarLimit?: number;
  /** The target-return form: meanᵀw >= value, in the units of `returns` (docs/maths.md#minimum-cvar). */
  returnFloor?: { mean: Float64Array; value: number };
  /**
   * Weights known to meet every constraint (the target-CVaR form's least-CVaR portfolio): when a time
   * limit stops the MILP before it finds a point, their support is polished instead of the LP's
   * largest weights, which might not meet the CVaR limit.
   */
  fallback?: Float64Array;
}

/** Portfolio returns r_t = Σ_i w_i·R[t, i] of the eligible assets. Cost O(T·n). */
export function eligibleReturns(
  p: Pick<MeanCvarProblem, "n" | "periods" | "returns">,
  w: ArrayLike<number>,
): Float64Array {
  const { n, periods: T, returns: R } = p;
  const out = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const row = t * n;
    let s = 0;
    for (let i = 0; i < n; i++) s += R[row + i]! * w[i]!;
    out[t] = s;
  }
  return out;
}

/** The true objective at w: gainᵀw − cvarWeight·CVaR_β(w) − buzzPenalty·‖w − b‖₁, CVaR from stats' conditionalValueAtRisk. */
export function objectiveAt(
  p: MeanCvarProblem,
  w: ArrayLike<number>,
): { objective: number; cvar: number; returns: Float64Array } {
  const returns = eligibleReturns(p, w);
  const cvar = conditionalValueAtRisk(returns, p.confidence);
  let linear = 0;
  let l1 = 0;
  for (let i = 0; i < p.n; i++) {
    linear += p.gain[i]! * w[i]!;
    l1 += Math.abs(w[i]! - p.target[i]!);
  }
  const tail = p.cvarWeight === undefined ? cvar : p.cvarWeight * cvar;
  return { objective: linear - tail - p.buzzPenalty * l1, cvar, returns };
}
