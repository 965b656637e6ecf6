import type { ModelData } from "highs";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import type { SolverConstants } from "./AllocationProblem.ts";

/** The least-cash problem as a knapsack over the naive allocation, and how to read its solution back. */
export interface LeastCashModel {
  data: ModelData;
  /** f_i = ⌊w_i·C / p_i⌋, the naive (round-down) share counts. */
  floors: Float64Array;
  /** Σ_i r_i / C·2: the model's constant (its objective plus this is the least-cash objective / C). */
  offset: number;
}

/**
 * The least-cash objective `Σ|w_i·C − p_i·x_i| + (C − Σ p_i·x_i)` (PyPortfolioOpt's lp_portfolio)
 * equals `2·Σ_i max(0, w_i·C − p_i·x_i)` (the signed deviations sum to the leftover), and some
 * optimum has x_i <= f_i + 1 (a share beyond the target never lowers it). With x_i = f_i + b_i − d_i,
 * r_i = w_i·C − p_i·f_i (the naive remainder, in [0, p_i)) and R = C − Σ p_i·f_i (the naive leftover):
 *
 *   minimise  2·Σ_i r_i·(1 − b_i) + 2·Σ_i p_i·d_i      (divided by C)
 *   s.t.      Σ_i p_i·b_i − Σ_i p_i·d_i <= R,  b_i ∈ {0, 1},  d_i ∈ {0, …, f_i}
 *
 * a one-row knapsack (an extra share of i saves r_i; selling d_i shares frees p_i·d_i of cash at the
 * same cost), far easier for branch and bound than the 2n-row form: 300 assets in well under a second.
 * Columns b_0..b_{n−1}, d_0..d_{n−1}.
 * @example
 * leastCashModel(Float64Array.of(0.5, 0.5), Float64Array.of(30, 70), 100, { infinity: Infinity, minimize: 1, integer: 1 }).floors // => Float64Array [1, 0]
 */
export function leastCashModel(w: Float64Array, p: Float64Array, C: number, solver: SolverConstants): LeastCashModel {
  const n = w.length;
  const floors = new Float64Array(n);
  const remainders = new Float64Array(n);
  const spent = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    floors[i] = Math.floor((w[i]! * C) / p[i]!);
    remainders[i] = Math.max(0, w[i]! * C - p[i]! * floors[i]!);
    spent[i] = p[i]! * floors[i]!;
  }
  const leftover = C - compensatedSum(spent);
  const numCols = 2 * n;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  const values = new Float64Array(numCols);
  for (let i = 0; i < n; i++) {
    colCost[i] = (-2 * remainders[i]!) / C;
    colUpper[i] = 1;
    colCost[n + i] = (2 * p[i]!) / C;
    colUpper[n + i] = floors[i]!;
    values[i] = p[i]! / C;
    values[n + i] = -p[i]! / C;
  }
  const data: ModelData = {
    numCols,
    numRows: 1,
    sense: solver.minimize,
    colCost,
    colLower,
    colUpper,
    rowLower: Float64Array.of(-solver.infinity),
    rowUpper: Float64Array.of(leftover / C),
    matrix: {
      format: "csr",
      numRows: 1,
      numCols,
      starts: Int32Array.of(0, numCols),
      indices: Int32Array.from({ length: numCols }, (_, k) => k),
      values,
    },
    integrality: new Int32Array(numCols).fill(solver.integer),
  };
  return { data, floors, offset: (2 * compensatedSum(remainders)) / C };
}
