import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { EngineError } from "../errors/EngineError.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
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

/** Options of {@link meanRisk}: the measure, the shared rules, and the risk aversion λ. */
export interface MeanRiskOptions extends RiskRuleOptions {
  /**
   * λ, the return given up for one unit of risk (required): finite, >= 0. Both terms are in the data's
   * per-period units (the drawdown measures over the whole sample); λ = 0 gives the largest expected return.
   */
  riskAversion: number;
}

/** The result of {@link meanRisk}: the one portfolio result, the measure, its value at the weights and λ. */
export type MeanRiskResult = PortfolioResult<"mean-risk"> & {
  riskMeasure: RiskMeasure;
  /** ρ(w), recomputed from the weights, in the units of {@link MinimumRiskResult}'s `risk`. */
  risk: number;
  /** λ as given. */
  riskAversion: number;
};

const OPTION_NAMES = [...RISK_RULE_OPTION_NAMES, "riskAversion"] as const satisfies ReadonlyArray<
  keyof MeanRiskOptions
>;
const SHAPE =
  "{ riskMeasure, riskAversion, confidence?, maxWeight?, minHoldings?, minActiveWeight?, riskFreeRate?, timeLimitSeconds? }";

/**
 * The return–risk trade-off under one of the LP risk measures of {@link minimumRisk}
 * (docs/maths.md#mean-risk-trade-off):
 *
 *   maximise  μᵀw − λ·ρ(w)
 *   s.t.      Σw = 1,  0 <= w_i <= maxWeight,  [#{i : w_i >= minActiveWeight} >= minHoldings]
 *
 * per period, μ the mean of the T equally likely periods of `returns`. As λ grows from 0 the
 * solution moves from the largest expected return towards the minimum-risk portfolio along the
 * mean–ρ efficient frontier. An exact LP solved by HiGHS; the certificate's `objective` is
 * μᵀw − λ·ρ(w) recomputed from the weights and its `gap` the distance to the solver's proven bound.
 *
 * @see docs/maths.md#mean-risk-trade-off
 * Cost: O(T·n) to build the LP (T·n non-zeros) plus the HiGHS solve; seconds when a minHoldings rule binds.
 * @param returns an `AssetReturns` of at least 2 periods (its ids and frequency are used).
 * @param options see {@link MeanRiskOptions}; `riskMeasure` and `riskAversion` are required.
 * @throws EngineError INVALID_INPUT naming the input or option and its rule; INFEASIBLE naming the
 *   rule no portfolio can meet; SOLVER_FAILURE when the optimum cannot be certified.
 * @example
 * const r = assetReturns([[0.04, 0.01], [-0.02, 0.00], [0.03, 0.01], [-0.01, 0.00]], { assets: ["A", "B"], frequency: "daily" });
 * const bold = await meanRisk(r, { riskMeasure: "mad", riskAversion: 0.1 });
 * const shy = await meanRisk(r, { riskMeasure: "mad", riskAversion: 10 });
 * [bold.weights[0].weight, shy.weights[0].weight] // => [1, 0]
 */
export async function meanRisk(returns: AssetReturns, options: MeanRiskOptions): Promise<MeanRiskResult> {
  const data = readRiskReturns(returns);
  const o = readOptions<MeanRiskOptions>(options, SHAPE, OPTION_NAMES);
  if (o.riskAversion === undefined)
    throw new EngineError("INVALID_INPUT", "riskAversion is required: a finite number >= 0", { field: "riskAversion" });
  assertInRange("riskAversion", o.riskAversion, { min: 0 });
  const rules = readRiskRules(o, data.assets.length, data.periodsPerYear);
  const highs = await loadSolver();
  const solution = solveRisk(highs, data, rules, { riskAversion: o.riskAversion });
  return {
    ...riskResult("mean-risk", data, rules, solution),
    riskMeasure: rules.measure,
    risk: solution.risk,
    riskAversion: o.riskAversion,
  };
}
