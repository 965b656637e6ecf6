import { EngineError } from "../../errors/EngineError.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import { loadSolver } from "../../highs/solver.ts";
import { CONSTRAINT_OPTION_NAMES, type ConstraintOptions } from "../../portfolio/ConstraintOptions.ts";
import type { CompiledConstraints } from "../../constraints/CompiledConstraints.ts";
import { readConstraints } from "../../constraints/readConstraints.ts";
import { assertConstraintsFeasible } from "../../constraints/assertConstraintsFeasible.ts";
import type { MeanVarianceMethod, MeanVarianceResult } from "../types.ts";
import { buildGeneralQp, type ConstrainedGoal } from "./buildGeneralQp.ts";
import { describePortfolio, portfolioVariance } from "./describePortfolio.ts";
import { gradientOf, type GeneralQp } from "./generalQp.ts";
import { worstOf } from "./generalKkt.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import { CONSTRAINED_KKT_TOLERANCE, GeneralQpStop, solveGeneral, type GeneralSolution } from "./solveGeneral.ts";
import type { Highs } from "highs";

/** Residuals above this are refused (SOLVER_FAILURE); between 1e-9 and this the result says how far it is certified. */
const LOOSE_TOLERANCE = 1e-6;

/** True when `options` gives any {@link ConstraintOptions} field (a value other than undefined): the constrained path. */
export function hasConstraintOptions(options: object | undefined): boolean {
  // Routing only: the method's readOptions refuses options that are not an object afterwards.
  const o = (options ?? {}) as Record<string, unknown>;
  return CONSTRAINT_OPTION_NAMES.some((key) => o[key] !== undefined);
}

/** The annual objective of a goal at w (docs/maths.md#mean-variance-under-constraints): what the certificate reports. */
function annualObjective(
  prepared: PreparedProblem,
  c: CompiledConstraints,
  goal: ConstrainedGoal,
  w: Float64Array,
  riskFreeRate: number,
): number {
  const P = prepared.periodsPerYear;
  const variance = portfolioVariance(prepared.Sigma, w) * P;
  let l2 = 0;
  let costs = 0;
  let ret = 0;
  for (let i = 0; i < prepared.n; i++) {
    l2 += c.l2 * w[i]! * w[i]!;
    if (c.costs !== null) costs += c.costs[i]! * Math.abs(w[i]! - c.previous[i]!);
    if (prepared.mu !== undefined) ret += prepared.mu[i]! * w[i]! * P;
  }
  if (goal.kind === "max-sharpe") return (ret - riskFreeRate - costs) / Math.sqrt(variance + l2);
  if (goal.kind === "efficient-risk") return ret - l2 - costs;
  return variance + l2 + costs;
}

/** Names of the rules whose multipliers are not zero at the optimum (relative to the gradient's size). */
function bindingRules(qp: GeneralQp, solution: GeneralSolution, bookkeeping: Set<number>): string[] {
  const g = gradientOf(qp, solution.x);
  let scale = 1e-300;
  for (let j = 0; j < qp.m; j++) scale = Math.max(scale, Math.abs(g[j]!));
  const names = new Set<string>();
  qp.rows.forEach((row, r) => {
    if (bookkeeping.has(r) || row.name === "budget" || row.name === "targetReturn" || row.name === "excessReturn")
      return;
    let width = 0;
    for (let k = 0; k < row.values.length; k++) width = Math.max(width, Math.abs(row.values[k]!));
    if (Math.abs(solution.mult.rows[r]!) * width > 1e-9 * scale) names.add(row.name);
  });
  qp.cones.forEach((cone, k) => {
    if (cone.name !== "targetVolatility" && solution.mult.cones[k]! > 1e-9 * scale) names.add(cone.name);
  });
  return [...names];
}

function solveOrStop(highs: Highs, qp: GeneralQp): GeneralSolution | "infeasible" {
  try {
    return solveGeneral(highs, qp);
  } catch (cause) {
    if (cause instanceof GeneralQpStop) {
      if (cause.kind === "infeasible") return "infeasible";
      throw new EngineError(
        "SOLVER_FAILURE",
        "the constrained mean–variance problem is unbounded: a covariance with a zero-variance direction the rules leave open",
      );
    }
    throw cause;
  }
}

/** The weights of a solution (y/κ when homogenised). */
function weightsOf(n: number, x: Float64Array, kappa: number): Float64Array {
  const k = kappa >= 0 ? x[kappa]! : 1;
  return Float64Array.from(x.subarray(0, n), (v) => v / k + 0);
}

/**
 * A mean–variance goal under {@link ConstraintOptions} (docs/maths.md#mean-variance-under-constraints):
 * the options compiled (readConstraints), the rules' feasibility decided before solving
 * (assertConstraintsFeasible, naming the rules that conflict), the problem of
 * {@link buildGeneralQp} solved by HiGHS's QP solver and polished onto its face, and the certificate
 * (KKT residuals recomputed from the returned point and multipliers). When the compiled rules are
 * only the plain ones (`any` false), the result is the unconstrained method's, `solve` being it.
 * A holdings-count rule (`minHoldings`) is applied as the unconstrained methods do: the K largest
 * weights get w_min as a lower bound and the problem is solved again (status "cardinality-heuristic").
 */
export async function solveConstrained<M extends MeanVarianceMethod>(
  method: M,
  prepared: PreparedProblem,
  options: ConstraintOptions,
  goal: ConstrainedGoal,
  riskFreeRate: number,
  plain: () => MeanVarianceResult<M>,
): Promise<MeanVarianceResult<M>> {
  const compiled = readConstraints(options, prepared.assets, prepared.rules.maxWeight, prepared.periodsPerYear);
  if (!compiled.any) return plain();
  const highs = await loadSolver();
  assertConstraintsFeasible(highs, compiled, prepared.Sigma);
  const first = solveFor(highs, prepared, compiled, goal, riskFreeRate);
  let chosen = first;
  let status: "optimal" | "cardinality-heuristic" = "optimal";
  let gap = 0;
  const { minHoldings, minActiveWeight } = prepared.rules;
  let active = 0;
  for (let i = 0; i < prepared.n; i++) if (first.weights[i]! >= minActiveWeight * (1 - 1e-12)) active++;
  if (active < minHoldings) {
    const order = Array.from({ length: prepared.n }, (_, i) => i).sort(
      (a, b) => first.weights[b]! - first.weights[a]! || a - b,
    );
    const lower = Float64Array.from(compiled.lower);
    for (let k = 0; k < minHoldings; k++) lower[order[k]!] = Math.max(lower[order[k]!]!, minActiveWeight);
    chosen = solveFor(highs, prepared, { ...compiled, lower }, goal, riskFreeRate);
    status = "cardinality-heuristic";
    gap = Math.abs(chosen.objective - first.objective);
  }
  const worst = worstOf(chosen.solution.kkt);
  if (!(worst <= LOOSE_TOLERANCE)) {
    throw new EngineError(
      "SOLVER_FAILURE",
      `${method} under constraints: the KKT residuals (${worst.toExponential(2)}) exceed ${LOOSE_TOLERANCE}; the optimum is not certified`,
    );
  }
  const warnings = [...prepared.warnings];
  if (worst > CONSTRAINED_KKT_TOLERANCE) {
    warnings.push(
      `the optimum is certified to ${worst.toExponential(1)} (the largest relative KKT residual), not to ${CONSTRAINED_KKT_TOLERANCE}: a degenerate face the polish could not solve exactly`,
    );
  }
  if (chosen.binding.length > 0) warnings.push(`rules that bind at the optimum: ${chosen.binding.join(", ")}`);
  const objectiveKind =
    goal.kind === "efficient-risk" ? "expected-return" : goal.kind === "max-sharpe" ? "sharpe-ratio" : "variance";
  const result = describePortfolio(
    method,
    prepared,
    { weights: chosen.weights, status, kkt: chosen.solution.kkt, gap, iterations: chosen.solution.solves },
    "highs-qp",
    objectiveKind,
    riskFreeRate,
    warnings,
  );
  result.certificate.objective = chosen.objective;
  return result;
}

interface Solved {
  weights: Float64Array;
  solution: GeneralSolution;
  objective: number;
  binding: string[];
}

/**
 * Builds and solves a goal. HiGHS's QP solver fails outright ("run failed") on some homogenised
 * problems that the same problem with its normalising row scaled by 100 solves (y scales with it,
 * w = y/κ does not): for maximum Sharpe the solve is tried with the constant 1, then 100, 0.01, 1e4.
 */
function solveFor(
  highs: Highs,
  prepared: PreparedProblem,
  c: CompiledConstraints,
  goal: ConstrainedGoal,
  riskFreeRate: number,
): Solved {
  const constants = goal.kind === "max-sharpe" ? [1, 100, 0.01, 1e4] : [1];
  let layout = buildGeneralQp(prepared, c, goal, constants[0]);
  let solution: GeneralSolution | "infeasible" | undefined;
  for (let k = 0; solution === undefined; k++) {
    layout = buildGeneralQp(prepared, c, goal, constants[k]);
    try {
      solution = solveOrStop(highs, layout.qp);
    } catch (cause) {
      if (!(cause instanceof EngineError) || cause.code !== "SOLVER_FAILURE") throw cause;
      if (k === constants.length - 1) {
        // HiGHS's QP solver can fail outright when the return row holds with a zero multiplier at the
        // optimum (a target at or below the minimum-variance portfolio's return): that portfolio is then the answer.
        if (goal.kind === "efficient-return") {
          const atMinimum = minimumVarianceMeeting(highs, prepared, c, goal, riskFreeRate);
          if (atMinimum !== null) return atMinimum;
        }
        // HiGHS's QP solver can fail outright on a target the rules cannot reach: say so when that is why.
        if (goal.kind === "efficient-return" || goal.kind === "efficient-risk")
          refuse(highs, prepared, c, goal, riskFreeRate, true);
        throw cause;
      }
    }
  }
  if (solution === "infeasible") {
    refuse(highs, prepared, c, goal, riskFreeRate);
    throw new EngineError("INFEASIBLE", `the rules cannot hold together (${ruleList(c)})`);
  }
  const solved = solution as GeneralSolution;
  const weights = weightsOf(prepared.n, solved.x, layout.kappa);
  return {
    weights,
    solution: solved,
    objective: annualObjective(prepared, c, goal, weights, riskFreeRate),
    binding: bindingRules(layout.qp, solved, layout.bookkeeping),
  };
}

/**
 * The minimum-variance portfolio under the same rules, when its return meets the efficient-return
 * target: the target row then holds at no cost, so that portfolio is the efficient-return optimum
 * (its feasible set contains it and is contained in the minimum-variance one; the objectives are the same
 * variance + L2 + costs). Null when it misses the target (to 1e-12 relative) or cannot be solved.
 */
function minimumVarianceMeeting(
  highs: Highs,
  prepared: PreparedProblem,
  c: CompiledConstraints,
  goal: { kind: "efficient-return"; targetReturn: number },
  riskFreeRate: number,
): Solved | null {
  let solved: Solved;
  try {
    solved = solveFor(highs, prepared, c, { kind: "min-variance" }, riskFreeRate);
  } catch {
    return null;
  }
  let annual = 0;
  for (let i = 0; i < prepared.n; i++) annual += prepared.mu![i]! * solved.weights[i]! * prepared.periodsPerYear;
  if (!(annual >= goal.targetReturn - 1e-12 * Math.abs(goal.targetReturn))) return null;
  return { ...solved, objective: annualObjective(prepared, c, goal, solved.weights, riskFreeRate) };
}

/** INFEASIBLE for a goal the (feasible) rules cannot reach, with the reachable figure where it is one solve away. */
function refuse(
  highs: Highs,
  prepared: PreparedProblem,
  c: CompiledConstraints,
  goal: ConstrainedGoal,
  riskFreeRate: number,
  onlyIfUnreachable = false,
): void {
  const rules = ruleList(c);
  if (goal.kind === "efficient-return") {
    const best = solveOrStop(
      highs,
      buildGeneralQp(prepared, { ...c, l2: 0, costs: null }, { kind: "efficient-risk", targetVolatility: 1e6 }).qp,
    );
    const largest =
      best === "infeasible"
        ? Number.NaN
        : annualObjective(
            prepared,
            { ...c, l2: 0, costs: null },
            { kind: "efficient-risk", targetVolatility: 1e6 },
            weightsOf(prepared.n, best.x, -1),
            0,
          );
    if (onlyIfUnreachable && !(goal.targetReturn > largest)) return;
    throw new EngineError(
      "INFEASIBLE",
      `targetReturn ${formatNumber(goal.targetReturn)} is above the largest expected return the rules allow (${rules}): ${formatNumber(largest)} a year`,
      {
        field: "targetReturn",
        details: { targetReturn: goal.targetReturn, largestReturn: largest, rules: ruleNames(c) },
      },
    );
  }
  if (goal.kind === "efficient-risk") {
    const least = solveOrStop(
      highs,
      buildGeneralQp(prepared, { ...c, l2: 0, costs: null }, { kind: "min-variance" }).qp,
    );
    const floor =
      least === "infeasible"
        ? Number.NaN
        : Math.sqrt(portfolioVariance(prepared.Sigma, weightsOf(prepared.n, least.x, -1)) * prepared.periodsPerYear);
    if (onlyIfUnreachable && !(goal.targetVolatility < floor)) return;
    throw new EngineError(
      "INFEASIBLE",
      `targetVolatility ${formatNumber(goal.targetVolatility)} is below the least volatility the rules allow (${rules}): ${formatNumber(floor)} a year`,
      {
        field: "targetVolatility",
        details: { targetVolatility: goal.targetVolatility, minimumVolatility: floor, rules: ruleNames(c) },
      },
    );
  }
  if (goal.kind === "max-sharpe") {
    throw new EngineError(
      "INFEASIBLE",
      `no portfolio within the rules (${rules}) earns more than riskFreeRate ${formatNumber(riskFreeRate)} a year net of transaction costs`,
      {
        field: "riskFreeRate",
        details: { riskFreeRate, rules: ruleNames(c) },
      },
    );
  }
  throw new EngineError("INFEASIBLE", `the rules cannot hold together (${rules})`, {
    details: { rules: ruleNames(c) },
  });
}

function ruleNames(c: CompiledConstraints): string[] {
  const names = c.rows.map((r) => r.name);
  if (c.maxTurnover !== null) names.push("maxTurnover");
  if (c.maxTrackingErrorPerPeriod !== null) names.push("maxTrackingError");
  if (c.maxGrossExposure !== null) names.push("maxGrossExposure");
  if (c.lower.some((x) => x !== 0)) names.push("minWeight");
  return names;
}

function ruleList(c: CompiledConstraints): string {
  const names = ruleNames(c);
  return names.length === 0 ? "the weight bounds" : names.join(", ");
}
