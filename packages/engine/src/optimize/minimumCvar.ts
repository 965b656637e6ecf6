import { readOptions } from "../_internal/readOptions.ts";
import { perPeriod } from "../portfolio/annualRate.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import type { ReturnScenarios } from "./types.ts";
import { CVAR_RULE_OPTION_NAMES, readCvarRules, type CvarRuleOptions } from "./_internal/readCvarOptions.ts";
import { readCvarReturns } from "./_internal/readCvarReturns.ts";
import { cvarResult } from "./_internal/cvarResult.ts";
import { loadSolver } from "../highs/solver.ts";
import { solveMinimumCvar } from "./_internal/solveMinimumCvar.ts";
import { CONSTRAINT_OPTION_NAMES, type ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import { readConstraints } from "../constraints/readConstraints.ts";
import { assertNoHoldingsRule, bindingWarnings, constrainedMinimumCvar } from "./_internal/constrainedCvar.ts";

/**
 * Options of {@link minimumCvar}: the shared rules, the portfolio constraints (groups, linear rules,
 * turnover, costs, tracking error, L2, long/short: docs/maths.md#portfolio-constraints), and an
 * optional target return.
 */
export interface MinimumCvarOptions extends CvarRuleOptions, ConstraintOptions {
  /**
   * The least expected return, annual as a person types it (0.12 for 12 %): −1 < x < 1; default
   * none. Converted per period with the data's frequency (`targetReturn / periodsPerYear`); a target
   * above the largest return the rules allow is INFEASIBLE, naming that largest return.
   */
  targetReturn?: number;
}

/** The result of {@link minimumCvar}: the one portfolio result, and the CVaR it reaches. */
export type MinimumCvarResult = PortfolioResult<"minimum-cvar"> & {
  /** CVaR_β of the portfolio's returns, per period at the data's frequency (a positive loss), at `confidence`. */
  cvar: number;
};

const OPTION_NAMES = [
  ...CVAR_RULE_OPTION_NAMES,
  ...CONSTRAINT_OPTION_NAMES,
  "targetReturn",
] as const satisfies ReadonlyArray<keyof MinimumCvarOptions>;

/**
 * The portfolio of least CVaR on any assets (docs/maths.md#minimum-cvar), PyPortfolioOpt's
 * `EfficientCVaR.min_cvar()` and, with `targetReturn`, its `efficient_return`:
 *
 *   minimise  CVaR_β(w) = min_α α + 1/((1−β)T)·Σ_t max(0, −r_tᵀw − α)
 *   s.t.      Σw = 1,  0 <= w_i <= maxWeight,  [μᵀw >= targetReturn/P],  [#{i : w_i >= minActiveWeight} >= minHoldings]
 *
 * over the T equally likely scenarios r_t of `returns` (the Rockafellar–Uryasev LP, solved by
 * HiGHS to a proven gap <= 1e-9 relative to the returns' largest magnitude; the MILP only when
 * minHoldings is given and binds). μ is the scenarios' mean, P their periods a year.
 *
 * With constraint options (groups, linear rules, turnover, costs, tracking error, L2, long/short;
 * docs/maths.md#portfolio-constraints) the objective adds the costs and L2 per period
 * (`Σc|w − w⁰|/P + γ·Σw²/P`), the rules are checked for a conflict before solving (INFEASIBLE naming
 * the rules), the problem is one LP (a QP with L2) over every scenario, and each binding rule is
 * named in a warning. With minHoldings the LP is solved first; when its optimum breaks the rule, the
 * MILP with binaries (w_i >= minActiveWeight·z_i, Σz >= minHoldings); minHoldings is refused with
 * l2Regularization, a negative minWeight or maxTrackingError (INVALID_INPUT naming both options).
 * timeLimitSeconds bounds every LP/QP round after the first (scenario generation, tracking-error cuts,
 * the polish) and that MILP, one deadline for the call (status "time-limit", the best feasible weights
 * found, the proven gap and a warning when it stops).
 *
 * @see docs/maths.md#minimum-cvar
 * Cost: O(T·n) per cutting-plane round plus the HiGHS solves (about 20 ms for 100 assets × 1260 days,
 * bench/suites/optimize.ts); seconds when a minHoldings rule binds.
 * @param returns an `AssetReturns` (its ids and frequency are used), or `ReturnScenarios` (daily).
 * @param options see {@link MinimumCvarOptions}.
 * @throws EngineError INVALID_INPUT naming the input or option and its rule (fewer than 2 periods included);
 *   INFEASIBLE naming the rule or target no portfolio can meet; SOLVER_FAILURE when the optimum cannot be certified.
 * @example
 * const r = assetReturns([[0.01, -0.02], [-0.03, 0.01], [0.02, 0.00], [0.00, -0.01]], { assets: ["A", "B"], frequency: "daily" });
 * const p = await minimumCvar(r, { confidence: 0.5 });
 * [p.weights, p.cvar] // => [[{ id: "A", weight: 0.4 }, { id: "B", weight: 0.6 }], 0.007]
 */
export async function minimumCvar(
  returns: AssetReturns | ReturnScenarios,
  options?: MinimumCvarOptions,
): Promise<MinimumCvarResult> {
  const data = readCvarReturns(returns);
  const o = readOptions<MinimumCvarOptions>(
    options,
    "{ confidence?, maxWeight?, minHoldings?, minActiveWeight?, riskFreeRate?, targetReturn?, method?, timeLimitSeconds?, …constraint options }",
    OPTION_NAMES,
  );
  const rules = readCvarRules(o, data.n, data.periodsPerYear);
  const target =
    o.targetReturn === undefined ? undefined : perPeriod("targetReturn", o.targetReturn, "rate", data.periodsPerYear);
  const constraints = readConstraints(o, data.assets, rules.maxWeight, data.periodsPerYear);
  const highs = await loadSolver();
  if (constraints.any) {
    // The rules of ConstraintOptions: one LP (a QP with L2; a MILP for minHoldings, stopped at timeLimitSeconds) over every scenario; without them, the path below.
    assertNoHoldingsRule(o.minHoldings, constraints);
    const solved = constrainedMinimumCvar(highs, data, rules, constraints, target);
    const { weights, report, cvar } = solved;
    return cvarResult(
      "minimum-cvar",
      data,
      rules,
      weights,
      report,
      report.objective,
      cvar,
      bindingWarnings(solved.binding),
    );
  }
  const deadline = rules.timeLimitSeconds === undefined ? undefined : performance.now() + 1000 * rules.timeLimitSeconds;
  const { weights, report, cvar } = solveMinimumCvar(highs, data, rules, target, deadline, o.targetReturn);
  return cvarResult("minimum-cvar", data, rules, weights, report, cvar, cvar);
}
