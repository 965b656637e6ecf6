import type { Highs, ModelData } from "highs";
import type { RiskMeasure } from "../RiskMeasure.ts";

/** A risk-measure LP as the solver sees it: returns and means divided by the scale s (docs/maths.md#risk-measures). */
export interface RiskProblem {
  n: number;
  periods: number;
  /** T·n returns divided by s, row-major. */
  returns: Float64Array;
  /** The n column means divided by s. */
  mean: Float64Array;
  measure: RiskMeasure;
  /** k = (1−β)T, snapped to an integer within EPS relative (CDaR only). */
  tailSize: number;
  maxWeight: number;
  /** λ of the trade-off form; undefined in the minimum-risk form. */
  riskAversion?: number;
  /** The return floor `meanᵀw >= floor` (divided by s), or undefined. */
  floor?: number;
}

/** How one solve differs from the plain LP: the holdings binaries (MILP), or lower bounds fixing a support (the polish). */
export interface RiskModelVariant {
  holdings?: { minHoldings: number; minActiveWeight: number };
  lower?: Float64Array;
}

/** The model, and the first column of the binaries z (or -1). */
export interface RiskModel {
  data: ModelData;
  zColumn: number;
}

/**
 * The LP (or MILP) of docs/maths.md#risk-measures, in the sense "minimise": the risk ρ(w) in the
 * minimum-risk form, `λ·ρ(w) − meanᵀw` in the trade-off form, over w (columns 0..n−1) and the
 * measure's auxiliary columns:
 *
 * - mad / semi-deviation: u_t >= 0, u_t + (R_t − mean)ᵀw >= 0, ρ = c·Σu_t (c = 2/T, 1/T);
 * - minimax: M free, M + R_tᵀw >= 0, ρ = M;
 * - max-drawdown / cdar: z_t >= 0 (the running peak, z_0 = 0), d_t >= 0 (the drawdown),
 *   d_t − z_t + C_tᵀw = 0 with C_t = Σ_{s<=t} R_s, z_t − z_{t−1} >= 0; then M − d_t >= 0, ρ = M
 *   (max-drawdown), or u_t >= 0, u_t − d_t + ζ >= 0, ρ = ζ + (1/k)·Σu_t (cdar, ζ free);
 *
 * with Σw = 1, lower_i <= w_i <= w_max, [meanᵀw >= floor], [w_i − w_min·z_i >= 0, Σz >= K, z binary].
 *
 * Cost: O(T·n) to build (the dense rows: T·n non-zeros).
 */
export function riskModel(highs: Highs, p: RiskProblem, variant: RiskModelVariant = {}): RiskModel {
  const { n, periods: T, returns: R, mean, measure } = p;
  const inf = highs.infinity;
  const scale = p.riskAversion ?? 1;
  const cols = { cost: [] as number[], lower: [] as number[], upper: [] as number[] };
  const addColumn = (cost: number, lower: number, upper: number): number => {
    cols.cost.push(cost);
    cols.lower.push(lower);
    cols.upper.push(upper);
    return cols.cost.length - 1;
  };
  for (let i = 0; i < n; i++)
    addColumn(p.riskAversion === undefined ? 0 : -mean[i]!, variant.lower?.[i] ?? 0, p.maxWeight);
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const endRow = (lower: number, upper: number): void => {
    rowLower.push(lower);
    rowUpper.push(upper);
    starts.push(indices.length);
  };
  const put = (column: number, value: number): void => {
    if (value !== 0) {
      indices.push(column);
      values.push(value);
    }
  };

  for (let i = 0; i < n; i++) put(i, 1);
  endRow(1, 1);
  if (p.floor !== undefined) {
    for (let i = 0; i < n; i++) put(i, mean[i]!);
    endRow(p.floor, inf);
  }
  if (measure === "mad" || measure === "semi-deviation") {
    const c = (measure === "mad" ? 2 : 1) / T;
    for (let t = 0; t < T; t++) {
      const u = addColumn(scale * c, 0, inf);
      for (let i = 0; i < n; i++) put(i, R[t * n + i]! - mean[i]!);
      put(u, 1);
      endRow(0, inf);
    }
  } else if (measure === "minimax") {
    const m = addColumn(scale, -inf, inf);
    for (let t = 0; t < T; t++) {
      for (let i = 0; i < n; i++) put(i, R[t * n + i]!);
      put(m, 1);
      endRow(0, inf);
    }
  } else {
    const cdar = measure === "cdar";
    const level = addColumn(scale, -inf, inf);
    const cumulative = new Float64Array(n);
    let previousPeak = -1;
    for (let t = 0; t < T; t++) {
      const z = addColumn(0, 0, inf);
      const d = addColumn(0, 0, inf);
      for (let i = 0; i < n; i++) {
        cumulative[i]! += R[t * n + i]!;
        put(i, cumulative[i]!);
      }
      put(d, 1);
      put(z, -1);
      endRow(0, 0);
      if (previousPeak >= 0) {
        put(z, 1);
        put(previousPeak, -1);
        endRow(0, inf);
      }
      previousPeak = z;
      if (cdar) {
        const u = addColumn(scale / p.tailSize, 0, inf);
        put(u, 1);
        put(d, -1);
        put(level, 1);
      } else {
        put(level, 1);
        put(d, -1);
      }
      endRow(0, inf);
    }
  }
  let zColumn = -1;
  if (variant.holdings !== undefined) {
    zColumn = cols.cost.length;
    for (let i = 0; i < n; i++) addColumn(0, 0, 1);
    for (let i = 0; i < n; i++) {
      put(i, 1);
      put(zColumn + i, -variant.holdings.minActiveWeight);
      endRow(0, inf);
    }
    for (let i = 0; i < n; i++) put(zColumn + i, 1);
    endRow(variant.holdings.minHoldings, inf);
  }
  const numCols = cols.cost.length;
  const numRows = rowLower.length;
  const data: ModelData = {
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.minimize,
    colCost: Float64Array.from(cols.cost),
    colLower: Float64Array.from(cols.lower),
    colUpper: Float64Array.from(cols.upper),
    rowLower: Float64Array.from(rowLower),
    rowUpper: Float64Array.from(rowUpper),
    matrix: {
      format: "csr",
      numRows,
      numCols,
      starts: Int32Array.from(starts),
      indices: Int32Array.from(indices),
      values: Float64Array.from(values),
    },
    ...(zColumn >= 0
      ? {
          integrality: Int32Array.from({ length: numCols }, (_, c) =>
            c >= zColumn ? highs.constants.variableType.integer : 0,
          ),
        }
      : {}),
  };
  return { data, zColumn };
}
