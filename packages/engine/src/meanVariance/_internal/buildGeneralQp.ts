import type { CompiledConstraints } from "../../constraints/CompiledConstraints.ts";
import type { GeneralCone, GeneralQp, GeneralRow } from "./generalQp.ts";
import type { PreparedProblem } from "./prepareProblem.ts";

/** What a constrained mean–variance call optimises; figures annual, as typed (efficient risk: the annual volatility). */
export type ConstrainedGoal =
  | { kind: "min-variance" }
  | { kind: "efficient-return"; targetReturn: number }
  | { kind: "max-sharpe"; riskFreePerPeriod: number }
  | { kind: "efficient-risk"; targetVolatility: number };

/** Where the weights and the auxiliary columns sit in the built problem. */
export interface GeneralLayout {
  qp: GeneralQp;
  /** Column of κ (maximum Sharpe), or −1. */
  kappa: number;
  /** First column of the trades u (then v), or −1. */
  trades: number;
  /** First column of the long parts p (then q), or −1. */
  longShort: number;
  /** Indices of the rows that are bookkeeping (trade and long/short definitions), not rules. */
  bookkeeping: Set<number>;
}

function dense(
  n: number,
  offset: number,
  coefficients: ArrayLike<number>,
  extra: Array<[number, number]> = [],
): { index: Int32Array; values: Float64Array } {
  const index: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    if (coefficients[i] === 0) continue;
    index.push(offset + i);
    values.push(coefficients[i]!);
  }
  for (const [j, v] of extra) {
    if (v === 0) continue;
    index.push(j);
    values.push(v);
  }
  return { index: Int32Array.from(index), values: Float64Array.from(values) };
}

/**
 * Writes a mean–variance goal under the compiled rules as a {@link GeneralQp}
 * (docs/maths.md#mean-variance-under-constraints), in the prepared problem's scaled units
 * (Σ̂ = Σ/s_σ, μ̂ = μ/s_μ, per period; P periods a year):
 *
 * - minimum variance, efficient return: minimise wᵀΣ̂w + γ/(P·s_σ)·‖w‖² + Σ c_i/(P·s_σ)·(u_i + v_i),
 *   i.e. the annual variance plus γ‖w‖² plus the costs, divided by P·s_σ; efficient return adds
 *   μ̂ᵀw >= targetReturn/(P·s_μ);
 * - efficient risk: minimise −μ̂ᵀw + γ/(P·s_μ)·‖w‖² + Σ c_i/(P·s_μ)·(u_i + v_i) s.t. the cone
 *   √(wᵀΣ̂w) <= σ/√(P·s_σ);
 * - maximum Sharpe, homogenised (Cornuéjols & Tütüncü 2007, §8.2): y = κw, minimise
 *   yᵀΣ̂y + γ/(P·s_σ)·‖y‖² s.t. (μ̂ − r/s_μ)ᵀy − Σ c_i/(P·s_μ)·(u_i + v_i) >= `normalisation` (any
 *   positive constant: y scales with it; default 1), every rule's
 *   right-hand side times κ >= 0;
 * - trades w − u + v = w⁰ (times κ) with u, v >= 0, turnover ½Σ(u + v) <= T (·κ); long and short
 *   parts w − p + q = 0, Σ(p + q) <= g (·κ); tracking error the cone √((w − b)ᵀΣ̂(w − b)) <= TE/√s_σ (·κ).
 */
export function buildGeneralQp(
  prepared: PreparedProblem,
  c: CompiledConstraints,
  goal: ConstrainedGoal,
  normalisation = 1,
): GeneralLayout {
  const { n, periodsPerYear: P, sigmaScale, muScale } = prepared;
  const homogeneous = goal.kind === "max-sharpe";
  const hasTrades = c.maxTurnover !== null || c.costs !== null;
  const hasLongShort = c.maxGrossExposure !== null;
  let m = n;
  const kappa = homogeneous ? m++ : -1;
  const trades = hasTrades ? m : -1;
  if (hasTrades) m += 2 * n;
  const longShort = hasLongShort ? m : -1;
  if (hasLongShort) m += 2 * n;
  const lo = new Float64Array(m);
  const hi = new Float64Array(m).fill(Infinity);
  const cost = new Float64Array(m);
  const diag = new Float64Array(m);
  const rows: GeneralRow[] = [];
  const bookkeeping = new Set<number>();
  const muHat = prepared.full.mu;
  const riskScale = goal.kind === "efficient-risk" ? P * muScale : P * sigmaScale;
  const costScale = goal.kind === "max-sharpe" ? P * muScale : riskScale;
  for (let i = 0; i < n; i++) diag[i] = c.l2 / riskScale;
  if (c.costs !== null)
    for (let i = 0; i < n; i++) {
      cost[trades + i] = c.costs[i]! / costScale;
      cost[trades + n + i] = c.costs[i]! / costScale;
    }
  const k = (v: number): Array<[number, number]> => (homogeneous && v !== 0 ? [[kappa, -v]] : []);
  const push = (row: GeneralRow, book = false) => {
    if (book) bookkeeping.add(rows.length);
    rows.push(row);
  };
  // Bounds: columns when the problem is not homogeneous, else rows in (y, κ).
  for (let i = 0; i < n; i++) {
    if (!homogeneous) {
      lo[i] = c.lower[i]!;
      hi[i] = c.upper[i]!;
      continue;
    }
    lo[i] = c.lower[i]! >= 0 ? 0 : -Infinity;
    if (c.lower[i]! !== 0)
      push({
        name: "minWeight",
        index: Int32Array.of(i, kappa),
        values: Float64Array.of(1, -c.lower[i]!),
        lower: 0,
        upper: Infinity,
      });
    if (!(c.upper[i]! >= 1 && c.lower[i]! >= 0))
      push({
        name: "maxWeight",
        index: Int32Array.of(i, kappa),
        values: Float64Array.of(1, -c.upper[i]!),
        lower: -Infinity,
        upper: 0,
      });
  }
  const ones = new Float64Array(n).fill(1);
  push({ name: "budget", ...dense(n, 0, ones, k(1)), lower: homogeneous ? 0 : 1, upper: homogeneous ? 0 : 1 });
  for (const rule of c.rows) {
    if (!homogeneous) {
      push({ name: rule.name, ...dense(n, 0, rule.coefficients), lower: rule.lower, upper: rule.upper });
      continue;
    }
    if (rule.lower === rule.upper)
      push({ name: rule.name, ...dense(n, 0, rule.coefficients, k(rule.lower)), lower: 0, upper: 0 });
    else {
      if (rule.lower !== -Infinity)
        push({ name: rule.name, ...dense(n, 0, rule.coefficients, k(rule.lower)), lower: 0, upper: Infinity });
      if (rule.upper !== Infinity)
        push({ name: rule.name, ...dense(n, 0, rule.coefficients, k(rule.upper)), lower: -Infinity, upper: 0 });
    }
  }
  if (goal.kind === "efficient-return")
    push({ name: "targetReturn", ...dense(n, 0, muHat), lower: goal.targetReturn / (P * muScale), upper: Infinity });
  if (goal.kind === "max-sharpe") {
    const excess = Float64Array.from(muHat, (x) => x - goal.riskFreePerPeriod / muScale);
    const extra: Array<[number, number]> = [];
    if (hasTrades) for (let i = 0; i < 2 * n; i++) extra.push([trades + i, -cost[trades + i]!]);
    push({ name: "excessReturn", ...dense(n, 0, excess, extra), lower: normalisation, upper: Infinity });
    // Costs enter the normalised return row, not the objective.
    if (hasTrades) for (let i = 0; i < 2 * n; i++) cost[trades + i] = 0;
  }
  if (hasTrades) {
    for (let i = 0; i < n; i++) {
      const w0 = c.previous[i]!;
      const index = homogeneous
        ? Int32Array.of(i, trades + i, trades + n + i, kappa)
        : Int32Array.of(i, trades + i, trades + n + i);
      const values = homogeneous ? Float64Array.of(1, -1, 1, -w0) : Float64Array.of(1, -1, 1);
      push({ name: "previousWeights", index, values, lower: homogeneous ? 0 : w0, upper: homogeneous ? 0 : w0 }, true);
    }
    if (c.maxTurnover !== null) {
      const half = new Float64Array(2 * n).fill(0.5);
      push({
        name: "maxTurnover",
        ...dense(2 * n, trades, half, k(c.maxTurnover)),
        lower: -Infinity,
        upper: homogeneous ? 0 : c.maxTurnover,
      });
    }
  }
  if (hasLongShort) {
    for (let i = 0; i < n; i++)
      push(
        {
          name: "maxGrossExposure",
          index: Int32Array.of(i, longShort + i, longShort + n + i),
          values: Float64Array.of(1, -1, 1),
          lower: 0,
          upper: 0,
        },
        true,
      );
    const all = new Float64Array(2 * n).fill(1);
    push({
      name: "maxGrossExposure",
      ...dense(2 * n, longShort, all, k(c.maxGrossExposure!)),
      lower: -Infinity,
      upper: homogeneous ? 0 : c.maxGrossExposure!,
    });
  }
  const cones: GeneralCone[] = [];
  if (c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null) {
    cones.push({ name: "maxTrackingError", b: c.benchmark, tau: c.maxTrackingErrorPerPeriod / Math.sqrt(sigmaScale) });
  }
  if (goal.kind === "efficient-risk") {
    cones.push({ name: "targetVolatility", b: null, tau: goal.targetVolatility / Math.sqrt(P * sigmaScale) });
    for (let i = 0; i < n; i++) cost[i] = -muHat[i]!;
  }
  const pairs: number[] = [];
  if (hasTrades) for (let i = 0; i < n; i++) pairs.push(trades + i, trades + n + i);
  if (hasLongShort) for (let i = 0; i < n; i++) pairs.push(longShort + i, longShort + n + i);
  const qp: GeneralQp = {
    m,
    nW: n,
    S: prepared.full.Sigma,
    sFactor: goal.kind === "efficient-risk" ? 0 : 1,
    diag,
    cost,
    lo,
    hi,
    rows,
    cones,
    kappa,
    pairs: Int32Array.from(pairs),
  };
  return { qp, kappa, trades, longShort, bookkeeping };
}
