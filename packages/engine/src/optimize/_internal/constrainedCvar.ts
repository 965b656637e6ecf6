import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { snapToInteger } from "../../_internal/tolerance.ts";
import { conditionalValueAtRisk } from "../../stats/index.ts";
import type { CompiledConstraints } from "../../constraints/CompiledConstraints.ts";
import { assertConstraintsFeasible } from "../../constraints/assertConstraintsFeasible.ts";
import type { ObjectiveTerm } from "../types.ts";
import { centredGramMatrix } from "../../linearAlgebra/centredGramMatrix.ts";
import { columnMeans } from "./columnMeans.ts";
import { eligibleReturns } from "./meanCvarProblem.ts";
import type { CvarRules } from "./readCvarOptions.ts";
import type { CvarReturns } from "./readCvarReturns.ts";
import { solveConstrainedCvar, type ConstrainedCvarProblem, type ConstrainedSolve } from "./solveConstrainedCvar.ts";
import type { SolverReport } from "./solveMeanCvar.ts";

/**
 * A constrained CVaR solve as `minimumCvar` and `meanCvar` report it (docs/maths.md#portfolio-constraints):
 * `report.status` "time-limit" when `timeLimitSeconds` stopped an LP/QP round or a holdings MILP of the call
 * (one deadline for all its solves).
 */
export interface ConstrainedAnswer {
  weights: Float64Array;
  report: SolverReport;
  cvar: number;
  /** The rules that bind at the weights, for the warnings. */
  binding: string[];
  terms?: ObjectiveTerm[];
}

/**
 * The sample covariance of the scenarios (divisor T − 1), per period, n×n row-major: the Σ of the
 * tracking-error rule, by the engine's one Gram kernel ({@link centredGramMatrix}). Cost O(T·n²/2).
 */
export function scenarioCovariance(data: CvarReturns): Float64Array {
  const { n, periods: T, returns: R } = data;
  return centredGramMatrix(R, T, n, columnMeans(R, T, n), 1 / (T - 1), undefined, "returns", "the scenario covariance");
}

/**
 * Refuses a holdings rule with the constraint options that do not make a MILP
 * (docs/maths.md#portfolio-constraints): l2Regularization > 0 (a mixed-integer QP), a negative
 * minWeight (no holdings count of long/short weights) and maxTrackingError (its tangent cuts are not
 * iterated inside branch and bound). Every other option with minHoldings is solved as a MILP.
 */
export function assertNoHoldingsRule(minHoldings: number | undefined, c: CompiledConstraints): void {
  if (minHoldings === undefined || !c.any) return;
  const refuse = (other: string, why: string) => {
    throw new EngineError(
      "INVALID_INPUT",
      `minHoldings cannot be combined with ${other}: ${why}; drop minHoldings or ${other}`,
      {
        field: "minHoldings",
        details: { with: other },
      },
    );
  };
  if (c.l2 > 0) refuse("l2Regularization", "it would make a mixed-integer QP, which the engine does not solve");
  if (c.lower.some((x) => x < 0))
    refuse("a negative minWeight", "a holdings count of long/short weights is not defined");
  if (c.maxTrackingErrorPerPeriod !== null)
    refuse("maxTrackingError", "its tangent cuts are not iterated inside the holdings MILP");
}

interface Prepared {
  /** The `performance.now()` time (ms) at which `timeLimitSeconds` ends, shared by every solve of the call. */
  deadline: number | undefined;
  /** With a deadline and a tracking-error rule: the least-tracking-error weights under every rule (they meet them all). */
  anchor: Float64Array | undefined;
  scale: number;
  scaled: Float64Array;
  tailSize: number;
  covariance: Float64Array | undefined;
}

/**
 * The returns divided by their largest magnitude s, k, Σ when a tracking-error rule is given; and the
 * feasibility check, whose least-tracking-error weights are kept, with a deadline, as the start to which
 * a stopped round's point over the limit is moved back.
 */
function prepare(highs: Highs, data: CvarReturns, rules: CvarRules, c: CompiledConstraints): Prepared {
  const deadline = rules.timeLimitSeconds === undefined ? undefined : performance.now() + 1000 * rules.timeLimitSeconds;
  let largest = 0;
  for (let k = 0; k < data.returns.length; k++) largest = Math.max(largest, Math.abs(data.returns[k]!));
  const scale = largest > 0 ? largest : 1;
  const covariance = c.maxTrackingErrorPerPeriod === null ? undefined : scenarioCovariance(data);
  let anchor: Float64Array | undefined;
  assertConstraintsFeasible(
    highs,
    c,
    covariance,
    deadline === undefined
      ? undefined
      : (w) => {
          anchor = w;
        },
  );
  return {
    deadline,
    anchor,
    scale,
    scaled: data.returns.map((r) => r / scale),
    tailSize: snapToInteger((1 - rules.confidence) * data.periods),
    covariance,
  };
}

function problem(
  data: CvarReturns,
  rules: CvarRules,
  c: CompiledConstraints,
  prep: Prepared,
  fields: Partial<ConstrainedCvarProblem>,
): ConstrainedCvarProblem {
  return {
    n: data.n,
    periods: data.periods,
    returns: prep.scaled,
    confidence: rules.confidence,
    tailSize: prep.tailSize,
    gain: new Float64Array(data.n),
    cvarWeight: 1,
    costWeight: 0,
    l2Weight: 0,
    constraints: c,
    allScenarios: rules.method === "plain-lp",
    ...(rules.rule.minHoldings > 0 ? { holdings: rules.rule } : {}),
    ...(prep.covariance === undefined ? {} : { covariance: prep.covariance }),
    ...(prep.deadline === undefined ? {} : { deadline: prep.deadline }),
    ...(prep.anchor === undefined ? {} : { feasible: prep.anchor }),
    ...fields,
  };
}

const cvarOf = (data: CvarReturns, w: Float64Array, confidence: number) =>
  conditionalValueAtRisk(eligibleReturns(data, w), confidence);

/** The report of the last solve; "time-limit" when it or any earlier solve of the call (an anchor) stopped at the deadline. */
function report(s: ConstrainedSolve, objective: number, gap: number, earlier: ConstrainedSolve[] = []): SolverReport {
  const stopped = [s, ...earlier].some((x) => x.status === "time-limit");
  return { status: stopped ? "time-limit" : "optimal", method: s.method, objective, gap, iterations: s.iterations };
}

/**
 * The least CVaR under the rules (docs/maths.md#portfolio-constraints): minimise
 * CVaR_β(w) + Σc_i|w_i − w⁰_i|/P + γ·Σw_i²/P (costs and L2 charged in return units, spread over a
 * year of P periods), with the floor μᵀw >= target when given. The objective reported is that sum per period.
 */
export function constrainedMinimumCvar(
  highs: Highs,
  data: CvarReturns,
  rules: CvarRules,
  c: CompiledConstraints,
  target: number | undefined,
): ConstrainedAnswer {
  const prep = prepare(highs, data, rules, c);
  const P = data.periodsPerYear;
  const fields: Partial<ConstrainedCvarProblem> = {
    costWeight: 1 / (P * prep.scale),
    l2Weight: c.l2 / (P * prep.scale),
  };
  if (target !== undefined)
    fields.returnFloor = {
      mean: columnMeans(data.returns, data.periods, data.n).map((m) => m / prep.scale),
      value: target / prep.scale,
    };
  const s = solveConstrainedCvar(highs, problem(data, rules, c, prep, fields));
  return {
    weights: s.weights,
    report: report(s, -s.objective * prep.scale, s.gap * prep.scale),
    cvar: cvarOf(data, s.weights, rules.confidence),
    binding: s.binding,
  };
}

/** The largest μᵀw − Σc|w − w⁰|/P − γΣw²/P with CVaR_β(w) <= limit, under the rules. */
export function constrainedTargetCvar(
  highs: Highs,
  data: CvarReturns,
  rules: CvarRules,
  c: CompiledConstraints,
  limit: number,
): ConstrainedAnswer {
  const prep = prepare(highs, data, rules, c);
  const P = data.periodsPerYear;
  let least = solveConstrainedCvar(highs, problem(data, rules, c, prep, {}));
  let leastCvar = cvarOf(data, least.weights, rules.confidence);
  if (least.status === "time-limit" && leastCvar > limit) {
    // Stopped above the limit: the least CVaR is certified whatever the time limit, so that the verdict on
    // the target does not depend on the machine (the largest-return solve below gets what is left, if anything).
    const { deadline: _, ...certified } = problem(data, rules, c, prep, {});
    least = solveConstrainedCvar(highs, certified);
    leastCvar = cvarOf(data, least.weights, rules.confidence);
  }
  if (limit < leastCvar - least.gap * prep.scale - 1e-9 * prep.scale) {
    throw new EngineError(
      "INFEASIBLE",
      `targetCvar ${limit} is below the least CVaR the weight and constraint rules allow, ${leastCvar} per period; raise targetCvar`,
      {
        field: "targetCvar",
        details: { targetCvar: limit, least: leastCvar },
      },
    );
  }
  const mean = columnMeans(data.returns, data.periods, data.n);
  const s = solveConstrainedCvar(
    highs,
    problem(data, rules, c, prep, {
      gain: mean.map((m) => m / prep.scale),
      cvarWeight: 0,
      cvarLimit: Math.max(limit, leastCvar) / prep.scale,
      costWeight: 1 / (P * prep.scale),
      l2Weight: c.l2 / (P * prep.scale),
      feasible: least.weights,
    }),
  );
  return {
    weights: s.weights,
    // The least-CVaR solve decides only the verdict on the limit (certified when it stopped above it), not the answer.
    report: report(s, s.objective * prep.scale, s.gap * prep.scale),
    cvar: cvarOf(data, s.weights, rules.confidence),
    binding: s.binding,
  };
}

/**
 * The trade-off form under the rules: the payoff table's anchors are the maximum-return and the
 * minimum-CVaR portfolios under the same rules; then minimise
 * J = m·(R* − μᵀw + Σc|w − w⁰|/P + γΣw²/P)/s_R + (CVaR_β(w) − C*)/s_C (costs and L2 lower the return term).
 */
export function constrainedTradeOff(
  highs: Highs,
  data: CvarReturns,
  rules: CvarRules,
  c: CompiledConstraints,
  m: number,
): ConstrainedAnswer {
  const prep = prepare(highs, data, rules, c);
  const P = data.periodsPerYear;
  const mean = columnMeans(data.returns, data.periods, data.n);
  const ret = (w: Float64Array) => w.reduce((a, x, i) => a + x * mean[i]!, 0);
  const cvarSolve = solveConstrainedCvar(highs, problem(data, rules, c, prep, {}));
  const returnSolve = solveConstrainedCvar(
    highs,
    problem(data, rules, c, prep, { gain: mean.map((x) => x / prep.scale), cvarWeight: 0 }),
  );
  const cvarAnchor = cvarSolve.weights;
  const returnAnchor = returnSolve.weights;
  const bestReturn = ret(returnAnchor);
  const bestCvar = cvarOf(data, cvarAnchor, rules.confidence);
  const worstReturn = ret(cvarAnchor);
  const worstCvar = cvarOf(data, returnAnchor, rules.confidence);
  const sR = Math.max(0, bestReturn - worstReturn);
  const sC = Math.max(0, worstCvar - bestCvar);
  const kR = sR > 0 ? m / sR : 0;
  const kC = sC > 0 ? 1 / sC : 0;
  const s = solveConstrainedCvar(
    highs,
    problem(data, rules, c, prep, {
      gain: mean.map((x) => x * kR),
      cvarWeight: kC * prep.scale,
      costWeight: kR / P,
      l2Weight: (kR * c.l2) / P,
    }),
  );
  const w = s.weights;
  const cvar = cvarOf(data, w, rules.confidence);
  // J at the weights: m·R*/s_R − C*/s_C minus the maximised objective (0: both terms at their best).
  const J = kR * bestReturn - kC * bestCvar - s.objective;
  const term = (
    name: "expectedReturn" | "tailRisk",
    value: number,
    best: number,
    worst: number,
    scale: number,
    weight: number,
  ): ObjectiveTerm => {
    const raw = scale > 0 ? (name === "expectedReturn" ? best - value : value - best) / scale : 0;
    const normalized = raw > -1e-9 ? Math.max(0, raw) : raw;
    return {
      term: name,
      option: name === "expectedReturn" ? "returnMultiplier" : null,
      weight,
      value,
      best,
      worst,
      scale,
      normalized,
      contribution: weight * normalized,
      share: 0,
    };
  };
  const terms = [
    term("expectedReturn", ret(w), bestReturn, worstReturn, sR, m),
    term("tailRisk", cvar, bestCvar, worstCvar, sC, 1),
  ];
  const total = terms.reduce((a, t) => a + t.contribution, 0);
  if (total > 0) for (const t of terms) t.share = t.contribution / total;
  return { weights: w, report: report(s, -J, s.gap, [cvarSolve, returnSolve]), cvar, binding: s.binding, terms };
}

/** One warning per binding rule: "the rule X binds at the weights (relaxing it could improve the objective)". */
export function bindingWarnings(binding: readonly string[]): string[] {
  return binding.map((rule) => `the rule ${rule} binds at these weights: relaxing it could improve the objective`);
}
