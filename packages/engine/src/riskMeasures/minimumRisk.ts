import { readOptions } from "../_internal/readOptions.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import { perPeriod } from "../portfolio/annualRate.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import { loadSolver } from "../highs/solver.ts";
import type { RiskMeasure } from "./RiskMeasure.ts";
import {
  readRiskReturns,
  readRiskRules,
  RISK_RULE_OPTION_NAMES,
  type RiskRuleOptions,
} from "./_internal/readRiskOptions.ts";
import { riskResult } from "./_internal/riskResult.ts";
import { solveRisk } from "./_internal/solveRisk.ts";

/** Options of {@link minimumRisk}: the measure, the shared rules, and an optional target return. */
export interface MinimumRiskOptions extends RiskRuleOptions {
  /**
   * The least expected return, annual as a person types it (0.12 for 12 %): −1 < x < 1; default
   * none. Converted per period with the data's frequency (`targetReturn / periodsPerYear`); a target
   * above the largest return the rules allow is INFEASIBLE, naming that largest return.
   */
  targetReturn?: number;
}

/** The result of {@link minimumRisk}: the one portfolio result, the measure and its value at the weights. */
export type MinimumRiskResult = PortfolioResult<"minimum-risk"> & {
  riskMeasure: RiskMeasure;
  /**
   * ρ(w), recomputed from the weights: per period at the data's frequency for "mad", "semi-deviation"
   * and "minimax"; a fraction of the initial capital over the whole sample for "cdar" and "max-drawdown".
   */
  risk: number;
};

const OPTION_NAMES = [...RISK_RULE_OPTION_NAMES, "targetReturn"] as const satisfies ReadonlyArray<
  keyof MinimumRiskOptions
>;
const SHAPE =
  "{ riskMeasure, confidence?, targetReturn?, maxWeight?, minHoldings?, minActiveWeight?, riskFreeRate?, timeLimitSeconds? }";

/**
 * The portfolio of least risk under one of the LP risk measures (docs/maths.md#risk-measures):
 *
 *   minimise  ρ(w)
 *   s.t.      Σw = 1,  0 <= w_i <= maxWeight,  [μᵀw >= targetReturn/P],  [#{i : w_i >= minActiveWeight} >= minHoldings]
 *
 * with ρ the mean absolute deviation (Konno & Yamazaki 1991), the lower semi-absolute deviation,
 * CDaR_β or the maximum drawdown of uncompounded cumulative returns (Chekhlov, Uryasev &
 * Zabarankin 2005), or the worst realisation (Young 1998), over the T equally likely periods of
 * `returns`; μ is their mean, P their periods a year. Each is an exact LP solved by HiGHS; the
 * certificate's `objective` is ρ recomputed from the weights and its `gap` the distance to the
 * solver's proven bound (<= 1e-9 relative to the returns' largest magnitude); a MILP only when
 * minHoldings is given and binds.
 *
 * @see docs/maths.md#risk-measures
 * Cost: O(T·n) to build the LP (T·n non-zeros) plus the HiGHS solve; seconds when a minHoldings rule binds.
 * @param returns an `AssetReturns` of at least 2 periods (its ids and frequency are used).
 * @param options see {@link MinimumRiskOptions}; `riskMeasure` is required.
 * @throws EngineError INVALID_INPUT naming the input or option and its rule; INFEASIBLE naming the
 *   rule or target no portfolio can meet; SOLVER_FAILURE when the optimum cannot be certified.
 * @example
 * const r = assetReturns([[0.02, -0.01], [-0.02, 0.01], [0.01, 0.00], [-0.01, 0.00]], { assets: ["A", "B"], frequency: "daily" });
 * const p = await minimumRisk(r, { riskMeasure: "minimax" });
 * [p.weights, p.risk] // => [[{ id: "A", weight: 0.25 }, { id: "B", weight: 0.75 }], 0.0025]
 */
export async function minimumRisk(returns: AssetReturns, options: MinimumRiskOptions): Promise<MinimumRiskResult> {
  const data = readRiskReturns(returns);
  const o = readOptions<MinimumRiskOptions>(options, SHAPE, OPTION_NAMES);
  const rules = readRiskRules(o, data.assets.length, data.periodsPerYear);
  const target =
    o.targetReturn === undefined ? undefined : perPeriod("targetReturn", o.targetReturn, "rate", data.periodsPerYear);
  const highs = await loadSolver();
  const solution = solveRisk(highs, data, rules, {
    ...(target === undefined ? {} : { target, annualTarget: o.targetReturn! }),
  });
  return { ...riskResult("minimum-risk", data, rules, solution), riskMeasure: rules.measure, risk: solution.risk };
}
