import type { Highs, Model, ModelData } from "highs";
import type { MeanCvarProblem } from "./meanCvarProblem.ts";

/**
 * The Rockafellar–Uryasev LP of the mean-CVaR problem restricted to a subset of scenarios
 * (docs/maths.md#cutting-plane), as a persistent HiGHS model to which scenarios are added:
 *
 *   maximise  gainᵀw − 2λ_b·Σ_j s_j − α − (1/k)·Σ_{t∈S} u_t
 *   s.t.      Σ_i w_i = 1
 *             w_j + s_j >= b_j                       (j with b_j > 0, only when λ_b > 0)
 *             w_i − w_min·z_i >= 0,  Σ z_i >= K      (only in the MILP variant; z binary)
 *             r_tᵀw + α + u_t >= 0                   (t ∈ S, the scenarios added so far)
 *             lower_i <= w_i <= w_max, s, u >= 0, α free.
 *
 * ‖w − b‖₁ = 2·Σ_j max(0, b_j − w_j) because Σw = Σb = 1, so one slack per positive b_j suffices.
 * The forms of docs/maths.md#minimum-cvar add, when the problem asks for them, a floor
 * `meanᵀw >= value` (target return) and the limit `α + (1/k)·Σ_{t∈S} u_t <= cvarLimit` (target CVaR;
 * α and u then cost `cvarWeight` times the above, 0 in that form).
 * With S = all scenarios this is exactly the plain RU LP; with fewer it is a relaxation (it
 * under-counts the tail), so its optimum is an upper bound on the true optimum.
 */
export interface CvarModel {
  model: Model;
  /** Column of α. */
  alphaColumn: number;
  /** First column of z (MILP variant), or -1. */
  zColumn: number;
  /** Row of the CVaR limit (target-CVaR form), or -1: each scenario's u_t enters it with 1/k. */
  limitRow: number;
  /** Marks scenarios already in the model. */
  inModel: Uint8Array;
  /** Number of scenarios in the model. */
  count: number;
}

export interface CvarModelVariant {
  /** Add the binaries z and the counting rows (MILP). */
  binary: boolean;
  /** Per-asset lower bounds of w (default 0); the polish step fixes a support this way. */
  lower?: Float64Array;
}

/** Builds the model (without scenarios); the caller adds scenarios with {@link addScenarios} and disposes it. */
export function createCvarModel(highs: Highs, p: MeanCvarProblem, variant: CvarModelVariant): CvarModel {
  const { n, target } = p;
  const inf = highs.infinity;
  const slackAssets: number[] = [];
  if (p.buzzPenalty > 0) for (let i = 0; i < n; i++) if (target[i]! > 0) slackAssets.push(i);
  const ns = slackAssets.length;
  const alphaColumn = n + ns;
  const zColumn = variant.binary ? alphaColumn + 1 : -1;
  const numCols = alphaColumn + 1 + (variant.binary ? n : 0);

  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  for (let i = 0; i < n; i++) {
    colCost[i] = p.gain[i]!;
    colLower[i] = variant.lower?.[i] ?? 0;
    colUpper[i] = p.maxWeight;
  }
  for (let j = 0; j < ns; j++) {
    colCost[n + j] = -2 * p.buzzPenalty;
    colUpper[n + j] = inf;
  }
  colCost[alphaColumn] = p.cvarWeight === undefined ? -1 : -p.cvarWeight;
  colLower[alphaColumn] = -inf;
  colUpper[alphaColumn] = inf;
  if (variant.binary) for (let i = 0; i < n; i++) colUpper[zColumn + i] = 1;

  const floorRow = p.returnFloor === undefined ? -1 : 1 + ns + (variant.binary ? n + 1 : 0);
  const limitRow = p.cvarLimit === undefined ? -1 : 1 + ns + (variant.binary ? n + 1 : 0) + (floorRow >= 0 ? 1 : 0);
  const numRows = 1 + ns + (variant.binary ? n + 1 : 0) + (floorRow >= 0 ? 1 : 0) + (limitRow >= 0 ? 1 : 0);
  const nnz = n + 2 * ns + (variant.binary ? 3 * n : 0) + (floorRow >= 0 ? n : 0) + (limitRow >= 0 ? 1 : 0);
  const starts = new Int32Array(numRows + 1);
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows).fill(inf);
  let q = 0;
  let r = 0;
  for (let i = 0; i < n; i++) {
    indices[q] = i;
    values[q++] = 1;
  }
  rowLower[r] = 1;
  rowUpper[r] = 1;
  starts[++r] = q;
  for (let j = 0; j < ns; j++) {
    const i = slackAssets[j]!;
    indices[q] = i;
    values[q++] = 1;
    indices[q] = n + j;
    values[q++] = 1;
    rowLower[r] = target[i]!;
    starts[++r] = q;
  }
  if (variant.binary) {
    for (let i = 0; i < n; i++) {
      indices[q] = i;
      values[q++] = 1;
      indices[q] = zColumn + i;
      values[q++] = -p.minActiveWeight;
      starts[++r] = q;
    }
    for (let i = 0; i < n; i++) {
      indices[q] = zColumn + i;
      values[q++] = 1;
    }
    rowLower[r] = p.minHoldings;
    starts[++r] = q;
  }
  if (p.returnFloor !== undefined) {
    for (let i = 0; i < n; i++) {
      indices[q] = i;
      values[q++] = p.returnFloor.mean[i]!;
    }
    rowLower[r] = p.returnFloor.value;
    starts[++r] = q;
  }
  if (p.cvarLimit !== undefined) {
    indices[q] = alphaColumn;
    values[q++] = 1;
    rowLower[r] = -inf;
    rowUpper[r] = p.cvarLimit;
    starts[++r] = q;
  }
  const data: ModelData = {
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost,
    colLower,
    colUpper,
    rowLower,
    rowUpper,
    matrix: { format: "csr", numRows, numCols, starts, indices, values },
    ...(variant.binary
      ? {
          integrality: Int32Array.from({ length: numCols }, (_, c) =>
            c >= zColumn ? highs.constants.variableType.integer : 0,
          ),
        }
      : {}),
  };
  const model = highs.createModel(data);
  return { model, alphaColumn, zColumn, limitRow, inModel: new Uint8Array(p.periods), count: 0 };
}

/** Adds the scenarios `list` (not yet in the model): one column u_t and one row each. */
export function addScenarios(highs: Highs, m: CvarModel, p: MeanCvarProblem, list: readonly number[]): void {
  const count = list.length;
  if (count === 0) return;
  const { n, returns: R } = p;
  const inf = highs.infinity;
  const { numRows, numCols } = m.model.getDimensions();
  // Each u_t enters the CVaR limit row (target-CVaR form) with 1/k, and no other existing row.
  const limited = m.limitRow >= 0;
  m.model.addCols({
    cost: new Float64Array(count).fill(p.cvarWeight === undefined ? -1 / p.tailSize : -p.cvarWeight / p.tailSize),
    lower: new Float64Array(count),
    upper: new Float64Array(count).fill(inf),
    matrix: limited
      ? {
          format: "csc",
          numRows,
          numCols: count,
          starts: Int32Array.from({ length: count + 1 }, (_, j) => j),
          indices: new Int32Array(count).fill(m.limitRow),
          values: new Float64Array(count).fill(1 / p.tailSize),
        }
      : {
          format: "csc",
          numRows,
          numCols: count,
          starts: new Int32Array(count + 1),
          indices: new Int32Array(0),
          values: new Float64Array(0),
        },
  });
  const width = n + 2;
  const starts = new Int32Array(count + 1);
  const indices = new Int32Array(count * width);
  const values = new Float64Array(count * width);
  let q = 0;
  for (let j = 0; j < count; j++) {
    const t = list[j]!;
    const row = t * n;
    for (let i = 0; i < n; i++) {
      indices[q] = i;
      values[q++] = R[row + i]!;
    }
    indices[q] = m.alphaColumn;
    values[q++] = 1;
    indices[q] = numCols + j;
    values[q++] = 1;
    starts[j + 1] = q;
    m.inModel[t] = 1;
  }
  m.model.addRows({
    lower: new Float64Array(count),
    upper: new Float64Array(count).fill(inf),
    matrix: { format: "csr", numRows: count, numCols: numCols + count, starts, indices, values },
  });
  m.count += count;
}
