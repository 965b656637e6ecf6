import type { Kkt } from "./certify.ts";
import { coneValue, gradientOf, rowValue, type GeneralQp } from "./generalQp.ts";

/** Multipliers of a {@link GeneralQp}: π per row (> 0 its lower side holds it, < 0 its upper side), λ per cone (>= 0). */
export interface GeneralMultipliers {
  rows: Float64Array;
  cones: Float64Array;
}

/**
 * The reduced costs d = ∇f(x) − Σ_r π_r·a_r + Σ_k λ_k·∇g_k(x) (one per column) and the size of the
 * largest term each balances, elementwise.
 */
export function reducedCosts(
  qp: GeneralQp,
  x: Float64Array,
  mult: GeneralMultipliers,
): { d: Float64Array; scale: Float64Array } {
  const d = gradientOf(qp, x);
  const scale = Float64Array.from(d, Math.abs);
  qp.rows.forEach((row, r) => {
    const pi = mult.rows[r]!;
    if (pi === 0) return;
    for (let k = 0; k < row.index.length; k++) {
      const j = row.index[k]!;
      const term = pi * row.values[k]!;
      d[j] = d[j]! - term;
      scale[j] = Math.max(scale[j]!, Math.abs(term));
    }
  });
  qp.cones.forEach((cone, k) => {
    const lambda = mult.cones[k]!;
    if (lambda === 0) return;
    const { gradient } = coneValue(qp, cone, x);
    for (let j = 0; j < qp.m; j++) {
      const term = lambda * gradient[j]!;
      d[j] = d[j]! + term;
      scale[j] = Math.max(scale[j]!, Math.abs(term));
    }
  });
  return { d, scale };
}

/**
 * KKT residuals of a {@link GeneralQp} at x with the multipliers `mult`, recomputed from the data
 * (docs/maths.md#mean-variance-under-constraints). Every column's reduced cost d_j is read as a
 * bound multiplier (d_j > 0 the lower bound's, d_j < 0 the upper's):
 * - stationarity: the part of d_j no finite bound can carry;
 * - dual feasibility: a row multiplier on a side the row does not have, a negative cone multiplier;
 * - complementarity: multiplier × slack, for every bound, row and cone;
 * - primal feasibility: the largest violation of a bound, row or cone.
 * Multiplier terms are divided by the largest gradient term (‖∇f‖∞, ‖π_r·a_r‖∞, ‖λ∇g‖∞), slacks by
 * max(1, ‖x‖∞), so each residual is relative.
 */
export function generalKkt(qp: GeneralQp, x: Float64Array, mult: GeneralMultipliers): Kkt {
  const { d, scale: termScale } = reducedCosts(qp, x, mult);
  let scale = 1e-300;
  for (let j = 0; j < qp.m; j++) scale = Math.max(scale, termScale[j]!);
  let size = 1;
  for (let j = 0; j < qp.m; j++) size = Math.max(size, Math.abs(x[j]!));
  let stationarity = 0;
  let dual = 0;
  let complementarity = 0;
  let primal = 0;
  for (let j = 0; j < qp.m; j++) {
    const dj = d[j]!;
    const lo = qp.lo[j]!;
    const hi = qp.hi[j]!;
    if (dj > 0) {
      if (lo === -Infinity) stationarity = Math.max(stationarity, dj);
      else complementarity = Math.max(complementarity, dj * Math.abs(x[j]! - lo));
    } else if (dj < 0) {
      if (hi === Infinity) stationarity = Math.max(stationarity, -dj);
      else complementarity = Math.max(complementarity, -dj * Math.abs(hi - x[j]!));
    }
    primal = Math.max(primal, lo - x[j]!, x[j]! - hi);
  }
  qp.rows.forEach((row, r) => {
    const pi = mult.rows[r]!;
    const v = rowValue(row, x);
    let width = 0;
    for (let k = 0; k < row.values.length; k++) width = Math.max(width, Math.abs(row.values[k]!));
    if (row.lower !== -Infinity) primal = Math.max(primal, (row.lower - v) / Math.max(1, Math.abs(row.lower)));
    if (row.upper !== Infinity) primal = Math.max(primal, (v - row.upper) / Math.max(1, Math.abs(row.upper)));
    if (pi > 0) {
      if (row.lower === -Infinity) dual = Math.max(dual, pi * width);
      else complementarity = Math.max(complementarity, pi * Math.abs(v - row.lower));
    } else if (pi < 0) {
      if (row.upper === Infinity) dual = Math.max(dual, -pi * width);
      else complementarity = Math.max(complementarity, -pi * Math.abs(row.upper - v));
    }
  });
  qp.cones.forEach((cone, k) => {
    const lambda = mult.cones[k]!;
    const { value } = coneValue(qp, cone, x);
    const kappa = qp.kappa >= 0 ? x[qp.kappa]! : 1;
    const level = Math.max(cone.tau * Math.abs(kappa), 1e-300);
    primal = Math.max(primal, value / level);
    if (lambda < 0) dual = Math.max(dual, -lambda);
    complementarity = Math.max(complementarity, Math.abs(lambda) * Math.abs(value));
  });
  return {
    stationarity: stationarity / scale,
    primalFeasibility: Math.max(0, primal) / size,
    dualFeasibility: dual / scale,
    complementarity: complementarity / (scale * size),
  };
}

/** The largest of the four residuals. */
export function worstOf(k: Kkt): number {
  return Math.max(k.stationarity, k.primalFeasibility, k.dualFeasibility, k.complementarity);
}
