import type { CovarianceInput } from "../data/covariance.ts";
import { CONSTRAINT_OPTION_NAMES } from "../portfolio/ConstraintOptions.ts";
import type { ConstrainedMeanVarianceOptions, MeanVarianceOptions, MeanVarianceResult, WithoutConstraints } from "./types.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { infeasibleIn } from "./_internal/infeasibleIn.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";
import { hasConstraintOptions, solveConstrained } from "./_internal/solveConstrained.ts";

/**
 * Minimum-variance portfolio (Markowitz 1952):
 *
 *   minimise wᵀΣw   s.t.  Σw = 1,  0 <= w_i <= maxWeight   (and #{i : w_i >= minActiveWeight} >= minHoldings when asked),
 *
 * solved exactly by an active-set method on a dense Σ (docs/maths.md#minimum-variance), with a KKT
 * certificate; without `minHoldings` the result is the true optimum, with it the rule of
 * docs/maths.md#mean-variance-cardinality. A semi-definite Σ is accepted where the optimum is
 * still well defined: exact duplicates are solved as one asset (a warning says so); collinear
 * assets on the optimum's face are refused naming them.
 *
 * @see docs/maths.md#minimum-variance
 * Cost: O(n²) per warm-start step (at most 200) plus O(n·|F| + |F|³) per active-set iteration,
 * |F| the number of free weights: 30 ms at 100 assets, 350 ms at 500 on the loaded bench machine
 * (bench/README.md, "Mean-variance against scipy"). A bare matrix is checked first (O(n³/3)).
 * @param covariance a labelled `Covariance` (from an estimator or `covariance()`), or a bare
 *   matrix (rows, n·n values, `{ size, values }`: assets "0", "1", …, figures per period). Never mutated.
 * With any constraint option ({@link ConstrainedMeanVarianceOptions}: groups, linear rules, turnover, costs, tracking error,
 * L2, long/short) the call returns a Promise and solves min annual variance + γ‖w‖² + Σc|w − w⁰|
 * under the rules with HiGHS's QP solver (docs/maths.md#mean-variance-under-constraints).
 * @param options the weight rules (see {@link MeanVarianceOptions}), and the constraint options.
 * @throws EngineError INVALID_INPUT when the covariance or an option breaks its rule (the message
 *   names it, and the collinear assets when Σ is singular where the optimum lies); INFEASIBLE when
 *   the weight rules cannot all hold; SOLVER_FAILURE when the KKT residuals exceed 1e-9.
 * @example
 * const S = covariance([[0.04, 0.006], [0.006, 0.09]], { assets: ["A", "B"], frequency: "annual" });
 * const r = minimumVariance(S);
 * r.weights // => [{ id: "A", weight: 0.7118644067796611 }, { id: "B", weight: 0.28813559322033894 }]
 * r.certificate.status // => "optimal"
 * const capped = await minimumVariance(S, { groups: { sector: { A: "Tech" } }, groupLimits: { sector: { Tech: [0, 0.5] } } });
 * capped.warnings // => ["rules that bind at the optimum: groupLimits.sector.Tech"]
 * capped.certificate.solver // => "highs-qp"
 */
export function minimumVariance(covariance: CovarianceInput, options?: MeanVarianceOptions & WithoutConstraints): MeanVarianceResult<"minimum-variance">;
export function minimumVariance(covariance: CovarianceInput, options: ConstrainedMeanVarianceOptions): Promise<MeanVarianceResult<"minimum-variance">>;
export function minimumVariance(covariance: CovarianceInput, options?: ConstrainedMeanVarianceOptions): MeanVarianceResult<"minimum-variance"> | Promise<MeanVarianceResult<"minimum-variance">> {
  const run = () => {
    const prepared = prepareProblem(undefined, covariance, options, CONSTRAINT_OPTION_NAMES, false);
    const plain = () => {
      const annualVariance = (w: Float64Array) => portfolioVariance(prepared.Sigma, w) * prepared.periodsPerYear;
      const solution = solveWithRules(prepared, { kind: "min-variance" }, annualVariance, "minimumVariance", infeasibleIn(prepared, {}));
      return describePortfolio("minimum-variance", prepared, solution, "active-set-qp", "variance", 0);
    };
    return { prepared, plain };
  };
  if (hasConstraintOptions(options)) {
    return (async () => {
      const { prepared, plain } = run();
      return solveConstrained("minimum-variance", prepared, options!, { kind: "min-variance" }, 0, plain);
    })();
  }
  return run().plain();
}
