import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { formatNumber } from "../_internal/formatNumber.ts";
import { assertInRange } from "../_internal/validate.ts";
import { conditionalValueAtRisk } from "../stats/index.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import type { ObjectiveTerm, ReturnScenarios } from "./types.ts";
import { eligibleReturns } from "./_internal/meanCvarProblem.ts";
import { minimumCvarProblem } from "./_internal/minimumCvarProblem.ts";
import { oneTermWarning } from "./_internal/objectiveTerms.ts";
import {
  CVAR_RULE_OPTION_NAMES,
  readCvarRules,
  type CvarRuleOptions,
  type CvarRules,
} from "./_internal/readCvarOptions.ts";
import { readCvarReturns, type CvarReturns } from "./_internal/readCvarReturns.ts";
import { cvarResult } from "./_internal/cvarResult.ts";
import { loadSolver } from "../highs/solver.ts";
import { solveMeanCvar, type SolverReport } from "./_internal/solveMeanCvar.ts";
import { solveMinimumCvar } from "./_internal/solveMinimumCvar.ts";
import { solveTradeOff } from "./_internal/solveTradeOff.ts";
import { columnMeans } from "./_internal/columnMeans.ts";
import { GAP_TOL, snapToInteger } from "../_internal/tolerance.ts";
import { CONSTRAINT_OPTION_NAMES, type ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import { readConstraints } from "../constraints/readConstraints.ts";
import {
  assertNoHoldingsRule,
  bindingWarnings,
  constrainedTargetCvar,
  constrainedTradeOff,
} from "./_internal/constrainedCvar.ts";

/**
 * Options of {@link meanCvar}: the shared rules, the portfolio constraints
 * (docs/maths.md#portfolio-constraints), and either the trade-off weight or a target CVaR.
 */
export interface MeanCvarOptions extends CvarRuleOptions, ConstraintOptions {
  /**
   * m, the weight of expected return against tail risk in the scale-aware objective
   * (docs/maths.md#scale-aware-objective): > 0; default 1 (as important as tail risk). Not with targetCvar.
   */
  returnMultiplier?: number;
  /**
   * The largest CVaR_β allowed, per period at the data's frequency (a loss as a fraction, 0.02 for
   * 2 %; a tail loss has no annual equivalent by scaling): x < 1; default none. Given, the result
   * is the portfolio of largest expected return whose CVaR is at most this; a target below the
   * least CVaR the rules allow is INFEASIBLE, naming that least CVaR. Not with returnMultiplier.
   */
  targetCvar?: number;
}

/** The result of {@link meanCvar}: the one portfolio result, the CVaR it reaches and, for the trade-off, the term report. */
export type MeanCvarResult = PortfolioResult<"mean-cvar"> & {
  /** CVaR_β of the portfolio's returns, per period at the data's frequency (a positive loss), at `confidence`. */
  cvar: number;
  /** The trade-off form: expected return and tail risk at the weights (docs/maths.md#scale-aware-objective). Absent with targetCvar. */
  objectiveTerms?: ObjectiveTerm[];
};

const OPTION_NAMES = [
  ...CVAR_RULE_OPTION_NAMES,
  ...CONSTRAINT_OPTION_NAMES,
  "returnMultiplier",
  "targetCvar",
] as const satisfies ReadonlyArray<keyof MeanCvarOptions>;

/**
 * Mean-CVaR on any assets (docs/maths.md#minimum-cvar), in the two forms PyPortfolioOpt's
 * `EfficientCVaR` and skfolio's `MeanRisk` offer:
 *
 * - trade-off (default): the service optimizer's scale-aware objective restricted to expected
 *   return and tail risk, `minimise m·ρ_R(w) + ρ_C(w)`, each term's distance from its best divided
 *   by its range over the payoff table (the maximum-return and the minimum-CVaR portfolios), so
 *   m = 1 makes them equally important on any data;
 * - `targetCvar` c: `maximise μᵀw s.t. CVaR_β(w) <= c` (`efficient_risk`), an LP with the
 *   Rockafellar–Uryasev constraint α + 1/((1−β)T)·Σ u_t <= c.
 *
 * Both over Σw = 1, 0 <= w_i <= maxWeight and, when minHoldings is given, at least that many
 * weights >= minActiveWeight; μ the scenarios' mean. Solved by HiGHS to a proven gap <= 1e-9 (in the
 * units of the normalised objective, or relative to the returns' size for targetCvar).
 * For the least CVaR, with or without a target return, see {@link minimumCvar}.
 *
 * With constraint options (docs/maths.md#portfolio-constraints) both forms solve under the rules
 * (the trade-off's anchors too); costs and L2 lower the expected return by `Σc|w − w⁰|/P + γ·Σw²/P`;
 * conflicting rules are refused before solving, naming them; each binding rule is named in a warning.
 * minHoldings with them is a MILP (as for minimumCvar); refused with l2Regularization, a negative
 * minWeight or maxTrackingError. timeLimitSeconds bounds every LP/QP round after a solve's first and
 * that MILP, one deadline for every solve of the call (status "time-limit", the best feasible weights
 * found, the proven gap and a warning when it stops).
 *
 * @see docs/maths.md#minimum-cvar
 * Cost: two LPs (the minimum-CVaR anchor or check, then the problem): tens of ms for 100 assets ×
 * 1260 days (bench/suites/optimize.ts); seconds when a minHoldings rule binds.
 * @param returns an `AssetReturns` (its ids and frequency are used), or `ReturnScenarios` (daily).
 * @param options see {@link MeanCvarOptions}.
 * @throws EngineError INVALID_INPUT naming the input or option and its rule (both returnMultiplier
 *   and targetCvar included); INFEASIBLE naming the rule or target no portfolio can meet;
 *   SOLVER_FAILURE when the optimum cannot be certified.
 * @example
 * const r = assetReturns([[0.01, -0.02], [-0.03, 0.01], [0.02, 0.00], [0.00, -0.01]], { assets: ["A", "B"], frequency: "daily" });
 * (await meanCvar(r, { confidence: 0.5, targetCvar: 0.01 })).weights // => [{ id: "A", weight: 0.6666666666666667 }, { id: "B", weight: 0.33333333333333326 }]
 */
export async function meanCvar(
  returns: AssetReturns | ReturnScenarios,
  options?: MeanCvarOptions,
): Promise<MeanCvarResult> {
  const data = readCvarReturns(returns);
  const o = readOptions<MeanCvarOptions>(
    options,
    "{ returnMultiplier? | targetCvar?, confidence?, maxWeight?, minHoldings?, minActiveWeight?, riskFreeRate?, method?, timeLimitSeconds?, …constraint options }",
    OPTION_NAMES,
  );
  if (o.returnMultiplier !== undefined && o.targetCvar !== undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      "give returnMultiplier (the trade-off between expected return and CVaR) or targetCvar (the largest expected return at that CVaR), not both",
      {
        field: "targetCvar",
      },
    );
  }
  if (o.returnMultiplier !== undefined)
    assertInRange("returnMultiplier", o.returnMultiplier, { min: 0, minExclusive: true });
  if (o.targetCvar !== undefined) assertInRange("targetCvar", o.targetCvar, { max: 1, maxExclusive: true });
  const rules = readCvarRules(o, data.n, data.periodsPerYear);
  const constraints = readConstraints(o, data.assets, rules.maxWeight, data.periodsPerYear);
  const highs = await loadSolver();
  if (constraints.any) {
    // The rules of ConstraintOptions: LPs (QPs with L2) over every scenario; without them, the path below, unchanged.
    assertNoHoldingsRule(o.minHoldings, constraints);
    const solved =
      o.targetCvar === undefined
        ? constrainedTradeOff(highs, data, rules, constraints, o.returnMultiplier ?? 1)
        : constrainedTargetCvar(highs, data, rules, constraints, o.targetCvar);
    const warnings = [...bindingWarnings(solved.binding), ...termWarnings(solved.terms)];
    const result: MeanCvarResult = cvarResult(
      "mean-cvar",
      data,
      rules,
      solved.weights,
      solved.report,
      solved.report.objective,
      solved.cvar,
      warnings,
    );
    if (solved.terms !== undefined) result.objectiveTerms = solved.terms;
    return result;
  }
  const deadline = rules.timeLimitSeconds === undefined ? undefined : performance.now() + 1000 * rules.timeLimitSeconds;
  const solved =
    o.targetCvar === undefined
      ? tradeOff(highs, data, rules, o.returnMultiplier ?? 1, deadline)
      : targetCvar(highs, data, rules, o.targetCvar, deadline);
  const { weights, report } = solved;
  const result: MeanCvarResult = cvarResult(
    "mean-cvar",
    data,
    rules,
    weights,
    report,
    report.objective,
    solved.cvar,
    termWarnings(solved.terms),
  );
  if (solved.terms !== undefined) result.objectiveTerms = solved.terms;
  return result;
}

/** The warning that one term of the trade-off decides the weights alone, if it does. */
function termWarnings(terms: ObjectiveTerm[] | undefined): string[] {
  const alone = terms === undefined ? undefined : oneTermWarning(terms, "returnMultiplier");
  return alone === undefined ? [] : [alone];
}

interface Solved {
  weights: Float64Array;
  report: SolverReport;
  cvar: number;
  terms?: ObjectiveTerm[];
}

/** The trade-off form: the service optimizer's construction with expected return and tail risk only; objective −J. */
function tradeOff(
  highs: Awaited<ReturnType<typeof loadSolver>>,
  data: CvarReturns,
  rules: CvarRules,
  returnMultiplier: number,
  deadline: number | undefined,
): Solved {
  const { n, periods } = data;
  const mean = columnMeans(data.returns, periods, n);
  const termData = {
    n,
    periods,
    returns: data.returns,
    mean,
    beta: new Float64Array(n),
    target: new Float64Array(n).fill(1 / n),
    maxWeight: rules.maxWeight,
    confidence: rules.confidence,
  };
  const { weights, terms, report } = solveTradeOff(
    highs,
    termData,
    [returnMultiplier, 0, 1, 0],
    [0, 2],
    rules.rule,
    rules.method,
    deadline,
  );
  return { weights, report, cvar: terms[1]!.value, terms };
}

/**
 * The target-CVaR form: the least CVaR under the rules first (certified whatever the time limit, so
 * that the verdict on the target does not depend on the machine), then the largest μᵀw with CVaR <= c;
 * objective μᵀw per period.
 */
function targetCvar(
  highs: Awaited<ReturnType<typeof loadSolver>>,
  data: CvarReturns,
  rules: CvarRules,
  limit: number,
  deadline: number | undefined,
): Solved {
  const { n, periods } = data;
  const { cvar: least, weights: leastWeights } = solveMinimumCvar(highs, data, rules, undefined, undefined);
  let largest = 0;
  for (let k = 0; k < data.returns.length; k++) largest = Math.max(largest, Math.abs(data.returns[k]!));
  if (limit < least - GAP_TOL * Math.max(largest, Number.MIN_VALUE)) {
    throw new EngineError(
      "INFEASIBLE",
      `targetCvar ${formatNumber(limit)} is below the least CVaR the weight rules allow, ${formatNumber(least)} per period (confidence ${rules.confidence}); raise targetCvar`,
      { field: "targetCvar", details: { targetCvar: limit, least } },
    );
  }
  const mean = columnMeans(data.returns, periods, n);
  const tailSize = snapToInteger((1 - rules.confidence) * periods);
  const { problem, scale } = minimumCvarProblem(
    { n, periods, returns: data.returns, target: new Float64Array(n).fill(1 / n) },
    tailSize,
    rules.maxWeight,
    rules.confidence,
    rules.rule,
  );
  problem.gain = mean.map((m) => m / scale);
  problem.cvarWeight = 0;
  problem.cvarLimit = Math.max(limit, least) / scale;
  problem.fallback = leastWeights;
  const { weights, solver } = solveMeanCvar(highs, problem, rules.method, deadline);
  let objective = 0;
  for (let i = 0; i < n; i++) objective += mean[i]! * weights[i]!;
  const cvar = conditionalValueAtRisk(
    eligibleReturns({ n, periods, returns: data.returns }, weights),
    rules.confidence,
  );
  return { weights, report: { ...solver, objective, gap: solver.gap * scale }, cvar };
}
