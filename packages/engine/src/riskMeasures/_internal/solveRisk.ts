import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import { EPS, snapToInteger } from "../../_internal/tolerance.ts";
import type { CheckedReturnsTable } from "../../research/readReturnsTable.ts";
import { statusName, withSolverModel } from "../../highs/solver.ts";
import { maximumReturn } from "../../portfolio/maximumReturn.ts";
import { riskModel, type RiskModelVariant, type RiskProblem } from "./riskModel.ts";
import type { RiskRules } from "./readRiskOptions.ts";
import { seriesRisk } from "./seriesRisk.ts";

/** A solve is certified when |objective − bound| <= GAP_TOL·s·max(1, |bound/s|) (docs/maths.md#risk-measures). */
export const GAP_TOL = 1e-9;
/** Solver weights below this are dust and reported as 0. */
const DUST = 1e-12;
const OPTIMAL = 7;
const INFEASIBLE = 8;
const TIME_LIMIT = 13;
/** HiGHS `primal_solution_status` "feasible". */
const FEASIBLE = 2;

/** What `solveRisk` certifies, in the data's units. */
export interface RiskSolution {
  weights: Float64Array;
  /** ρ(w), recomputed from the weights over the unscaled returns. */
  risk: number;
  /** μᵀw per period. */
  mean: number;
  /** The objective at the weights: ρ(w) (minimum risk) or μᵀw − λ·ρ(w) (trade-off). */
  objective: number;
  /** Proven distance of `objective` from the optimum (>= 0). */
  gap: number;
  status: "optimal" | "time-limit";
  solver: "lp" | "milp";
  /** LP and MILP solves. */
  iterations: number;
}

/** The T portfolio returns R·w. */
export function portfolioReturns(
  data: { assets: readonly string[]; periods: number; returns: Float64Array },
  w: ArrayLike<number>,
): Float64Array {
  const { assets, periods, returns } = data;
  const n = assets.length;
  const r = new Float64Array(periods);
  for (let t = 0; t < periods; t++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const wi = w[i]!;
      if (wi !== 0) s += wi * returns[t * n + i]!;
    }
    r[t] = s;
  }
  return r;
}

interface Solved {
  x: Float64Array;
  /** The model's optimum (LP) or best bound (MILP), minimise sense, scaled units. */
  bound: number;
  timedOut: boolean;
  /** The first binary column (MILP), or -1. */
  zColumn: number;
}

function run(
  highs: Highs,
  p: RiskProblem,
  variant: RiskModelVariant,
  timeLimitSeconds: number | undefined,
  what: string,
): Solved | null {
  return withSolverModel(
    () => {
      const { data, zColumn } = riskModel(highs, p, variant);
      return { model: highs.createModel(data), zColumn };
    },
    ({ model, zColumn }) => {
      if (timeLimitSeconds !== undefined) model.options.set({ time_limit: timeLimitSeconds });
      // Measured at 300 assets × 1260 days: HiGHS's presolve costs more than it saves on the minimax and
      // drawdown LPs (minimax 2.4 → 1.2 s, max-drawdown 5.9 → 3.5 s, CDaR 7.3 → 5.7 s), not on MAD's.
      if (variant.holdings === undefined && p.measure !== "mad" && p.measure !== "semi-deviation")
        model.options.set({ presolve: "off" });
      const { modelStatus } = model.run();
      if (modelStatus === INFEASIBLE) return null;
      const timedOut = modelStatus === TIME_LIMIT;
      if (modelStatus !== OPTIMAL && !timedOut)
        throw new EngineError("SOLVER_FAILURE", `the HiGHS solver did not certify ${what}: ${statusName(modelStatus)}`);
      const bound =
        variant.holdings === undefined ? model.getObjectiveValue() : Number(model.info.get("mip_dual_bound"));
      if (timedOut && Number(model.info.get("primal_solution_status")) !== FEASIBLE)
        return { x: new Float64Array(0), bound, timedOut, zColumn };
      return { x: Float64Array.from(model.getSolution().colValue), bound, timedOut, zColumn };
    },
  );
}

/**
 * Minimum risk or the return–risk trade-off (docs/maths.md#risk-measures): the LP over the returns
 * divided by s = their largest magnitude (every measure and the mean are positively homogeneous,
 * so the minimiser is the same and the tolerances hold relative to the data's size); the MILP only
 * when minHoldings is given and the LP's optimum has fewer than K holdings >= w_min, then a polish
 * LP with the MILP's support fixed (w_i >= w_min on it). The objective is recomputed from the
 * weights over the unscaled returns; the gap is that objective minus the solver's bound (the LP's
 * optimum, the MILP's dual bound) times s.
 *
 * @param target the per-period return floor, or undefined; `annualTarget` is what the user typed.
 * @param riskAversion λ of the trade-off, or undefined for minimum risk.
 * @throws EngineError INFEASIBLE (targetReturn) above the largest return the rules allow; SOLVER_FAILURE when the gap stays open.
 */
export function solveRisk(
  highs: Highs,
  data: CheckedReturnsTable,
  rules: RiskRules,
  options: { target?: number; annualTarget?: number; riskAversion?: number },
): RiskSolution {
  const n = data.assets.length;
  const T = data.periods;
  let largest = 0;
  for (let k = 0; k < data.returns.length; k++) largest = Math.max(largest, Math.abs(data.returns[k]!));
  const s = largest > 0 ? largest : 1;
  const mean = new Float64Array(n);
  for (let t = 0; t < T; t++) for (let i = 0; i < n; i++) mean[i]! += data.returns[t * n + i]!;
  for (let i = 0; i < n; i++) mean[i] = mean[i]! / T;
  let floor: number | undefined;
  let fallback: Float64Array | undefined;
  if (options.target !== undefined) {
    const { value: best, weights: bestWeights } = maximumReturn(mean, rules.maxWeight, rules);
    fallback = bestWeights;
    if (options.target > best + GAP_TOL * s) {
      const annualBest = best * data.periodsPerYear;
      throw new EngineError(
        "INFEASIBLE",
        `targetReturn ${formatNumber(options.annualTarget ?? options.target)} is above the largest expected return the weight rules allow, ${formatNumber(annualBest)} a year (${formatNumber(best)} per period); lower targetReturn or raise maxWeight`,
        {
          field: "targetReturn",
          details: { targetReturn: options.annualTarget ?? options.target, largest: annualBest },
        },
      );
    }
    floor = Math.min(options.target, best) / s;
  }
  const p: RiskProblem = {
    n,
    periods: T,
    returns: data.returns.map((r) => r / s),
    mean: mean.map((m) => m / s),
    measure: rules.measure,
    tailSize: snapToInteger((1 - rules.confidence) * T),
    maxWeight: rules.maxWeight,
    ...(options.riskAversion === undefined ? {} : { riskAversion: options.riskAversion }),
    ...(floor === undefined ? {} : { floor }),
  };
  const evaluate = (w: Float64Array) => {
    const risk = seriesRisk(rules.measure, portfolioReturns(data, w), rules.confidence);
    let m = 0;
    for (let i = 0; i < n; i++) m += mean[i]! * w[i]!;
    const objective = options.riskAversion === undefined ? risk : m - options.riskAversion * risk;
    // In the minimise sense of the model.
    return { risk, mean: m, objective, minimised: options.riskAversion === undefined ? risk : -objective };
  };
  const weightsOf = (x: Float64Array, lower?: Float64Array) => {
    const w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const lo = lower?.[i] ?? 0;
      const v = Math.min(rules.maxWeight, Math.max(lo, x[i]!));
      w[i] = lo === 0 && v < DUST ? 0 : v;
    }
    return w;
  };
  // Two-sided: a recomputed objective below the proven bound would mean the model is not the measure.
  const certify = (value: number, bound: number, what: string): number => {
    const difference = value - bound * s;
    const tolerance = GAP_TOL * s * Math.max(1, Math.abs(bound));
    if (Math.abs(difference) > tolerance) {
      throw new EngineError(
        "SOLVER_FAILURE",
        `the HiGHS solver did not certify ${what}: the objective at the weights differs from the proven bound by ${difference} (tolerance ${tolerance})`,
      );
    }
    return Math.max(0, difference);
  };
  const lp = run(highs, p, {}, undefined, "the risk-measure LP");
  if (lp === null)
    throw new EngineError(
      "SOLVER_FAILURE",
      "the HiGHS solver reported the risk-measure LP infeasible although its rules were checked feasible",
    );
  const w = weightsOf(lp.x);
  const atLp = evaluate(w);
  let active = 0;
  for (let i = 0; i < n; i++) if (w[i]! >= rules.minActiveWeight * (1 - EPS)) active++;
  if (active >= rules.minHoldings) {
    return {
      weights: w,
      risk: atLp.risk,
      mean: atLp.mean,
      objective: atLp.objective,
      gap: certify(atLp.minimised, lp.bound, "the risk-measure LP"),
      status: "optimal",
      solver: "lp",
      iterations: 1,
    };
  }
  const holdings = { minHoldings: rules.minHoldings, minActiveWeight: rules.minActiveWeight };
  const milp = run(highs, p, { holdings }, rules.timeLimitSeconds, "the cardinality-constrained MILP");
  if (milp === null) {
    throw new EngineError(
      "INFEASIBLE",
      `no portfolio meets minHoldings ${rules.minHoldings} with minActiveWeight ${formatNumber(rules.minActiveWeight)} and the target return`,
      { field: "minHoldings" },
    );
  }
  // The support: the MILP's binaries, or (stopped without a point) the maximum-return portfolio's
  // when a target is set (it meets the floor), else the K largest LP weights.
  const lower = new Float64Array(n);
  if (milp.x.length > 0) {
    for (let i = 0; i < n; i++) if (milp.x[milp.zColumn + i]! > 0.5) lower[i] = rules.minActiveWeight;
  } else if (fallback !== undefined) {
    for (let i = 0; i < n; i++) if (fallback[i]! >= rules.minActiveWeight * (1 - EPS)) lower[i] = rules.minActiveWeight;
  } else {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => w[b]! - w[a]! || a - b);
    for (const i of order.slice(0, rules.minHoldings)) lower[i] = rules.minActiveWeight;
  }
  const polish = run(highs, p, { lower }, undefined, "the polish LP");
  if (polish === null)
    throw new EngineError("SOLVER_FAILURE", "the HiGHS solver reported the polish LP infeasible on the MILP's support");
  const wp = weightsOf(polish.x, lower);
  const at = evaluate(wp);
  // Both bounds hold for the full problem; the LP relaxation's is always finite.
  const bound = Number.isFinite(milp.bound) ? Math.max(milp.bound, lp.bound) : lp.bound;
  if (milp.timedOut) {
    return {
      weights: wp,
      risk: at.risk,
      mean: at.mean,
      objective: at.objective,
      gap: Math.max(0, at.minimised - bound * s),
      status: "time-limit",
      solver: "milp",
      iterations: 3,
    };
  }
  return {
    weights: wp,
    risk: at.risk,
    mean: at.mean,
    objective: at.objective,
    gap: certify(at.minimised, bound, "the cardinality-constrained optimum"),
    status: "optimal",
    solver: "milp",
    iterations: 3,
  };
}
