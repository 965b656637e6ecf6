import type { ModelData } from "highs";
import type { AllocationProblem, SolverConstants } from "./AllocationProblem.ts";

/**
 * The track-weights MILP (docs/maths.md#discrete-allocation): minimise Σ u_i, u_i >= |w_i − p_i·x_i/C|,
 * Σ p_i·x_i/C <= 1, x_i ∈ {0, …, ⌊C/p_i⌋}. Columns x_0..x_{n−1} (integer shares), u_0..u_{n−1}; rows:
 * the two deviation bounds per asset, then the budget.
 * @example
 * trackingModel({ n: 1, w: Float64Array.of(1), p: Float64Array.of(30), C: 100 }, { infinity: Infinity, minimize: 1, integer: 1 }).numRows // => 3
 */
export function trackingModel(
  { n, w, p, C }: Pick<AllocationProblem, "n" | "w" | "p" | "C">,
  solver: SolverConstants,
): ModelData {
  const inf = solver.infinity;
  const numCols = 2 * n;
  const numRows = 2 * n + 1;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  for (let i = 0; i < n; i++) {
    colUpper[i] = Math.floor(C / p[i]!);
    colCost[n + i] = 1;
    colUpper[n + i] = inf;
  }
  const starts = new Int32Array(numRows + 1);
  const indices = new Int32Array(4 * n + n);
  const values = new Float64Array(4 * n + n);
  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows);
  let q = 0;
  for (let i = 0; i < n; i++) {
    const a = p[i]! / C;
    // u_i + a·x_i >= w_i
    indices[q] = i;
    values[q++] = a;
    indices[q] = n + i;
    values[q++] = 1;
    rowLower[2 * i] = w[i]!;
    rowUpper[2 * i] = inf;
    starts[2 * i + 1] = q;
    // u_i − a·x_i >= −w_i
    indices[q] = i;
    values[q++] = -a;
    indices[q] = n + i;
    values[q++] = 1;
    rowLower[2 * i + 1] = -w[i]!;
    rowUpper[2 * i + 1] = inf;
    starts[2 * i + 2] = q;
  }
  for (let i = 0; i < n; i++) {
    indices[q] = i;
    values[q++] = p[i]! / C;
  }
  rowLower[2 * n] = -inf;
  rowUpper[2 * n] = 1;
  starts[2 * n + 1] = q;
  return {
    numCols,
    numRows,
    sense: solver.minimize,
    colCost,
    colLower,
    colUpper,
    rowLower,
    rowUpper,
    matrix: { format: "csr", numRows, numCols, starts, indices, values },
    integrality: Int32Array.from({ length: numCols }, (_, c) => (c < n ? solver.integer : 0)),
  };
}
