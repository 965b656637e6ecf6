import type { CovarianceMatrix } from "../riskModels/types.ts";
import type { MeanVarianceOptions, MeanVarianceResult } from "./types.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";

/**
 * Minimum-variance portfolio (Markowitz 1952):
 *
 *   minimise wᵀΣw   s.t.  Σw = 1,  0 <= w_i <= maxWeight,  #{i : w_i >= minActiveWeight} >= minHoldings,
 *
 * solved exactly by an active-set method on a dense Σ (docs/maths.md#minimum-variance), with a KKT
 * certificate; the minHoldings rule as in docs/maths.md#mean-variance-cardinality.
 *
 * @see docs/maths.md#minimum-variance
 * Cost: O(n²) per warm-start step (at most 200) plus O(n·|F| + |F|³) per active-set iteration,
 * |F| the number of free weights: 30 ms at 100 assets, 350 ms at 500 on the loaded bench machine
 * (bench/README.md, "Mean-variance against scipy").
 * @param covariance positive definite, symmetric (see {@link CovarianceMatrix}). Never mutated.
 * @param options the weight rules (see {@link MeanVarianceOptions}).
 * @throws EngineError INVALID_INPUT when the covariance or an option breaks its rule (the message
 *   names it); INFEASIBLE when the weight rules cannot all hold; SOLVER_FAILURE when the KKT
 *   residuals exceed 1e-9.
 * @example
 * const r = minimumVariance({ size: 2, values: new Float64Array([0.04, 0.006, 0.006, 0.09]) });
 * r.weights // => Float64Array [0.7118644067796611, 0.28813559322033894]
 * r.certificate.status // => "optimal"
 */
export function minimumVariance(covariance: CovarianceMatrix, options: MeanVarianceOptions = {}): MeanVarianceResult {
  const prepared = prepareProblem(covariance, undefined, options);
  const solution = solveWithRules(prepared, { kind: "min-variance" }, (w) => portfolioVariance(prepared.Sigma, w), "minimumVariance");
  return describePortfolio(prepared.Sigma, undefined, 0, solution.weights, solution.certificate);
}
