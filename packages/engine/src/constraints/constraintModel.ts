import type { CompiledConstraints } from "./CompiledConstraints.ts";

/**
 * The linear part of {@link CompiledConstraints} as LP columns and rows (docs/maths.md#portfolio-constraints),
 * the one formulation shared by the feasibility check and the constrained solvers:
 *
 *   columns  w (n), then u, v (n each: trades, when turnover or costs are read), then p, q (n each:
 *            long and short parts, when minWeight < 0 and maxGrossExposure is given)
 *   rows     Σw = 1
 *            lower_k <= a_kᵀw <= upper_k                  (each group limit and linear rule)
 *            w_i − u_i + v_i = w⁰_i,  u, v >= 0            (trades)
 *            Σ_i (u_i + v_i) <= 2·maxTurnover              (one-way turnover ½·Σ|w − w⁰|)
 *            w_i − p_i + q_i = 0,  p, q >= 0               (long/short parts)
 *            Σ_i (p_i + q_i) <= maxGrossExposure
 *            w_min <= w_i <= w_max.
 *
 * A split u − v of w − w⁰ has Σ(u + v) >= Σ|w − w⁰| with equality for the positive and negative parts,
 * so the turnover row holds for some split exactly when ½·Σ|w − w⁰| <= maxTurnover (the same for p, q).
 * `include(rule)` drops a rule (a row's name, "minWeight", "maxWeight", "maxTurnover",
 * "maxGrossExposure") for the deletion filter: a dropped bound becomes ±∞.
 */
export interface ConstraintModel {
  numCols: number;
  /** First column of u (v follows at +n), or −1. */
  tradeColumn: number;
  /** First column of p (q follows at +n), or −1. */
  longShortColumn: number;
  colLower: Float64Array;
  colUpper: Float64Array;
  /** CSR rows over the `numCols` columns. */
  starts: number[];
  indices: number[];
  values: number[];
  rowLower: number[];
  rowUpper: number[];
  /** Each row's rule, for warnings ("budget", a row's name, "trades", "maxTurnover", "longShort", "maxGrossExposure"). */
  rowNames: string[];
}

/** Whether the solvers need trade columns (turnover or costs) and long/short columns (gross exposure with shorts). */
export function constraintColumns(c: CompiledConstraints): { trades: boolean; longShort: boolean } {
  let shorts = false;
  for (let i = 0; i < c.n; i++) if (c.lower[i]! < 0) shorts = true;
  return { trades: c.maxTurnover !== null || c.costs !== null, longShort: shorts && c.maxGrossExposure !== null };
}

/** Builds {@link ConstraintModel}. Cost O(n·(rows + 1)). */
export function constraintModel(
  c: CompiledConstraints,
  include: (rule: string) => boolean = () => true,
): ConstraintModel {
  const { n } = c;
  const { trades, longShort } = constraintColumns(c);
  const tradeColumn = trades ? n : -1;
  const longShortColumn = longShort ? n + (trades ? 2 * n : 0) : -1;
  const numCols = n + (trades ? 2 * n : 0) + (longShort ? 2 * n : 0);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols).fill(Infinity);
  const keepLower = include("minWeight");
  const keepUpper = include("maxWeight");
  for (let i = 0; i < n; i++) {
    colLower[i] = keepLower ? c.lower[i]! : -Infinity;
    colUpper[i] = keepUpper ? c.upper[i]! : Infinity;
  }
  const m: ConstraintModel = {
    numCols,
    tradeColumn,
    longShortColumn,
    colLower,
    colUpper,
    starts: [0],
    indices: [],
    values: [],
    rowLower: [],
    rowUpper: [],
    rowNames: [],
  };
  const push = (
    name: string,
    entries: ReadonlyArray<readonly [number, number]>,
    lower: number,
    upper: number,
  ): void => {
    for (const [j, a] of entries) {
      m.indices.push(j);
      m.values.push(a);
    }
    m.starts.push(m.indices.length);
    m.rowLower.push(lower);
    m.rowUpper.push(upper);
    m.rowNames.push(name);
  };
  const all = (offset: number, a: number) => Array.from({ length: n }, (_, i) => [offset + i, a] as const);
  push("budget", all(0, 1), 1, 1);
  for (const row of c.rows) {
    if (!include(row.name)) continue;
    const entries: Array<readonly [number, number]> = [];
    for (let i = 0; i < n; i++) if (row.coefficients[i] !== 0) entries.push([i, row.coefficients[i]!]);
    push(row.name, entries, row.lower, row.upper);
  }
  if (trades) {
    for (let i = 0; i < n; i++)
      push(
        "trades",
        [
          [i, 1],
          [n + i, -1],
          [2 * n + i, 1],
        ],
        c.previous[i]!,
        c.previous[i]!,
      );
    if (c.maxTurnover !== null && include("maxTurnover"))
      push("maxTurnover", [...all(n, 1), ...all(2 * n, 1)], -Infinity, 2 * c.maxTurnover);
  }
  if (longShort) {
    const p = longShortColumn;
    for (let i = 0; i < n; i++)
      push(
        "longShort",
        [
          [i, 1],
          [p + i, -1],
          [p + n + i, 1],
        ],
        0,
        0,
      );
    if (include("maxGrossExposure"))
      push("maxGrossExposure", [...all(p, 1), ...all(p + n, 1)], -Infinity, c.maxGrossExposure!);
  }
  return m;
}

/** The rules a conflict can name, in the order the deletion filter tries them. */
export function ruleNames(c: CompiledConstraints): string[] {
  const { longShort } = constraintColumns(c);
  return [
    ...c.rows.map((r) => r.name),
    ...(c.maxTurnover === null ? [] : ["maxTurnover"]),
    ...(longShort ? ["maxGrossExposure"] : []),
    ...(c.maxTrackingErrorPerPeriod === null ? [] : ["maxTrackingError"]),
    "minWeight",
    "maxWeight",
  ];
}
