import type { CovarianceInput } from "../data/covariance.ts";
import type { ExpectedReturns } from "../data/expectedReturns.ts";
import { perPeriod } from "../portfolio/annualRate.ts";
import { CONSTRAINT_OPTION_NAMES } from "../portfolio/ConstraintOptions.ts";
import type {
  ConstrainedMaximumSharpeOptions,
  MaximumSharpeOptions,
  MeanVarianceResult,
  WithoutConstraints,
} from "./types.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { infeasibleIn } from "./_internal/infeasibleIn.ts";
import { readRiskFreeRate } from "./_internal/readRiskFreeRate.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";
import { hasConstraintOptions, solveConstrained } from "./_internal/solveConstrained.ts";

/**
 * Efficient portfolio for a target return: minimise wᵀΣw s.t. μᵀw >= targetReturn and the weight
 * rules (as PyPortfolioOpt's efficient_return). When the minimum-variance portfolio already earns
 * the target it is the answer; otherwise the return row binds and the optimum is the point of the
 * critical line where μᵀw(t) = targetReturn, in closed form on its piece (docs/maths.md#efficient-return-and-risk).
 * `targetReturn` and `riskFreeRate` are annual, converted with the data's periods a year.
 *
 * With any constraint option ({@link ConstrainedMaximumSharpeOptions}) the call returns a Promise and
 * minimises annual variance + γ‖w‖² + Σc|w − w⁰| s.t. annual μᵀw >= targetReturn under the rules,
 * by HiGHS's QP solver (docs/maths.md#mean-variance-under-constraints).
 *
 * @see docs/maths.md#efficient-return-and-risk
 * Cost: as {@link maximumSharpe}.
 * @param expectedReturns μ per period, labelled or in the covariance's order. Never mutated.
 * @param covariance a labelled `Covariance`, or a bare matrix. Never mutated.
 * @param targetReturn annual: −1 < targetReturn < 1.
 * @param options the weight rules; `riskFreeRate` (annual) only for the reported Sharpe ratio.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold or targetReturn exceeds the largest return they allow (the message
 *   states the range of efficient targets, annual); SOLVER_FAILURE when the KKT residuals exceed 1e-9.
 * @example
 * const S = covariance([[0.0004, 0.00006], [0.00006, 0.0009]], { assets: ["A", "B"], frequency: "daily" });
 * const mu = expectedReturns({ A: 0.252, B: 0.504 }, { frequency: "daily" });
 * efficientReturn(mu, S, 0.4536).vector // => Float64Array [0.19999999999999996, 0.8]
 */
export function efficientReturn(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetReturn: number,
  options?: MaximumSharpeOptions & WithoutConstraints,
): MeanVarianceResult<"efficient-return">;
export function efficientReturn(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetReturn: number,
  options: ConstrainedMaximumSharpeOptions,
): Promise<MeanVarianceResult<"efficient-return">>;
export function efficientReturn(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetReturn: number,
  options?: ConstrainedMaximumSharpeOptions,
): MeanVarianceResult<"efficient-return"> | Promise<MeanVarianceResult<"efficient-return">> {
  const run = () => {
    const prepared = prepareProblem(expectedReturns, covariance, options, ["riskFreeRate", ...CONSTRAINT_OPTION_NAMES]);
    const plain = () => {
      const target = perPeriod("targetReturn", targetReturn, "rate", prepared.periodsPerYear);
      const riskFreeRate = readRiskFreeRate(options, prepared.periodsPerYear).annual;
      const annualVariance = (w: Float64Array) => portfolioVariance(prepared.Sigma, w) * prepared.periodsPerYear;
      const solution = solveWithRules(
        prepared,
        { kind: "efficient-return", target: target / prepared.muScale },
        annualVariance,
        "efficientReturn",
        infeasibleIn(prepared, { targetReturn }),
      );
      return describePortfolio("efficient-return", prepared, solution, "critical-line", "variance", riskFreeRate);
    };
    return { prepared, plain };
  };
  if (hasConstraintOptions(options)) {
    return (async () => {
      const { prepared, plain } = run();
      perPeriod("targetReturn", targetReturn, "rate", prepared.periodsPerYear);
      return solveConstrained(
        "efficient-return",
        prepared,
        options!,
        { kind: "efficient-return", targetReturn },
        readRiskFreeRate(options, prepared.periodsPerYear).annual,
        plain,
      );
    })();
  }
  return run().plain();
}
