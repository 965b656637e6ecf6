import type { Highs } from "highs";
import { withSolverModel } from "../../optimize/_internal/solver.ts";
import { generalKkt, type GeneralMultipliers } from "./generalKkt.ts";
import { coneValue, gradientOf, type GeneralQp } from "./generalQp.ts";
import type { Face, Polished } from "./polishFace.ts";

/**
 * Multipliers for a point on a degenerate face, where the active rows are dependent and the face
 * system leaves some multipliers undetermined (docs/maths.md#mean-variance-under-constraints): any
 * π (active rows, signed by their side) and λ >= 0 (active cones) with
 *
 *   ∇f_j − Σ_r π_r a_rj + Σ_k λ_k ∂_j g_k = 0   on the free columns,  >= 0 at a lower bound,  <= 0 at an upper,
 *
 * found by one HiGHS LP (a feasibility problem, objective 0). Null when HiGHS finds none.
 */
export function multipliersLp(highs: Highs, qp: GeneralQp, x: Float64Array, face: Face): Polished | null {
  const rows = qp.rows.map((_, r) => r).filter((r) => face.rows[r] !== 0);
  const cones = qp.cones.map((_, k) => k).filter((k) => face.cones[k] === 1);
  const numCols = rows.length + cones.length;
  if (numCols === 0) return null;
  const g = gradientOf(qp, x);
  const gradients = cones.map((k) => coneValue(qp, qp.cones[k]!, x).gradient);
  // One LP row per column j of the QP: Σ_r π_r a_rj − Σ_k λ_k ∂_j g_k within the bounds the face allows.
  const entries: Array<Array<[number, number]>> = Array.from({ length: qp.m }, () => []);
  rows.forEach((r, c) => {
    const row = qp.rows[r]!;
    for (let k = 0; k < row.index.length; k++) entries[row.index[k]!]!.push([c, row.values[k]!]);
  });
  cones.forEach((_, q) => {
    const grad = gradients[q]!;
    for (let j = 0; j < qp.m; j++) if (grad[j] !== 0) entries[j]!.push([rows.length + q, -grad[j]!]);
  });
  const inf = highs.infinity;
  const starts = new Int32Array(qp.m + 1);
  const index: number[] = [];
  const values: number[] = [];
  const rowLower = new Float64Array(qp.m);
  const rowUpper = new Float64Array(qp.m);
  for (let j = 0; j < qp.m; j++) {
    for (const [c, v] of entries[j]!) {
      index.push(c);
      values.push(v);
    }
    starts[j + 1] = index.length;
    // d_j = g_j − (Σπa − Σλ∂g)_j: free → = g_j; at lo (d >= 0) → <= g_j; at hi (d <= 0) → >= g_j.
    const state = qp.lo[j] === qp.hi[j] ? 2 : face.cols[j]!;
    rowLower[j] = state === 0 || state === 1 ? g[j]! : state === 2 ? -inf : -inf;
    rowUpper[j] = state === 0 || state === -1 ? g[j]! : inf;
  }
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  rows.forEach((r, c) => {
    colLower[c] = face.rows[r] === 1 ? -inf : face.rows[r] === -1 ? 0 : -inf;
    colUpper[c] = face.rows[r] === -1 ? inf : face.rows[r] === 1 ? 0 : inf;
  });
  for (let q = 0; q < cones.length; q++) {
    colLower[rows.length + q] = 0;
    colUpper[rows.length + q] = inf;
  }
  return withSolverModel(
    () => ({
      model: highs.createModel({
        numCols, numRows: qp.m, sense: highs.constants.objectiveSense.minimize, colCost: new Float64Array(numCols), colLower, colUpper, rowLower, rowUpper,
        matrix: { format: "csr", numRows: qp.m, numCols, starts, indices: Int32Array.from(index), values: Float64Array.from(values) },
      }),
    }),
    ({ model }) => {
      if (model.run().modelStatus !== 7) return null;
      const z = model.getSolution().colValue;
      const mult: GeneralMultipliers = { rows: new Float64Array(qp.rows.length), cones: new Float64Array(qp.cones.length) };
      rows.forEach((r, c) => (mult.rows[r] = z[c]!));
      cones.forEach((k, q) => (mult.cones[k] = z[rows.length + q]!));
      return { x, mult, kkt: generalKkt(qp, x, mult) };
    },
  );
}
