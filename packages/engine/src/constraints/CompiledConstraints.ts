/**
 * `ConstraintOptions` (../ConstraintOptions.ts) checked and turned into vectors in the input's asset order, the one form
 * every optimizer reads (mean-CVaR's LP and MILP, the mean–variance QPs). Built by `readConstraints`;
 * solvers add their own auxiliary variables (trades for turnover and costs, long and short parts
 * for gross exposure) from these fields.
 */
export interface CompiledConstraints {
  /** n, the number of assets. */
  readonly n: number;
  /** Per-asset lower bounds (minWeight, default 0). */
  readonly lower: Float64Array;
  /** Per-asset upper bounds (maxWeight). */
  readonly upper: Float64Array;
  /** Group limits then linear rules, each `lower <= coefficientsᵀw <= upper` (dense, length n), named for errors. */
  readonly rows: ReadonlyArray<LinearRow>;
  /** w⁰ (zeros when not given). */
  readonly previous: Float64Array;
  /** The most one-way turnover `½·Σ|w − w⁰|`, or null. */
  readonly maxTurnover: number | null;
  /** c per asset, or null when no costs. */
  readonly costs: Float64Array | null;
  /** b, or null when no tracking-error rule. */
  readonly benchmark: Float64Array | null;
  /** The most tracking error per period (`maxTrackingError / √P`), or null. */
  readonly maxTrackingErrorPerPeriod: number | null;
  /** γ (0 when none). */
  readonly l2: number;
  /** The most `Σ|w|`, or null. */
  readonly maxGrossExposure: number | null;
  /** True when any rule beyond `Σw = 1` and long-only bounds `[0, maxWeight]` was given. */
  readonly any: boolean;
}

/** One linear rule `lower <= coefficientsᵀw <= upper` (±Infinity for an open side). */
export interface LinearRow {
  /** As the user would name it: `groupLimits.sector.Technology`, `linearConstraints[2]` or the rule's own name. */
  readonly name: string;
  readonly coefficients: Float64Array;
  readonly lower: number;
  readonly upper: number;
}
