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
import { describePortfolio } from "./_internal/describePortfolio.ts";
import { infeasibleIn } from "./_internal/infeasibleIn.ts";
import { readRiskFreeRate } from "./_internal/readRiskFreeRate.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";
import { hasConstraintOptions, solveConstrained } from "./_internal/solveConstrained.ts";

/**
 * Efficient portfolio for a target risk: maximise μᵀw s.t. √(wᵀΣw) <= targetVolatility and the
 * weight rules (as PyPortfolioOpt's efficient_risk). The optimum is the point of the critical line
 * where wᵀΣw(t) = targetVolatility², in closed form on its piece; when even the largest-return
 * portfolio is less risky than the target, the constraint is slack and that portfolio is the
 * answer (docs/maths.md#efficient-return-and-risk). `targetVolatility` and `riskFreeRate` are
 * annual, converted with the data's periods a year (σ/√P, r_f/P).
 *
 * With any constraint option ({@link ConstrainedMaximumSharpeOptions}) the call returns a Promise and
 * maximises annual μᵀw − γ‖w‖² − Σc|w − w⁰| s.t. annual volatility <= targetVolatility under the
 * rules, the volatility limit a second-order cone handled by cutting planes and a Newton polish
 * (docs/maths.md#mean-variance-under-constraints).
 *
 * @see docs/maths.md#efficient-return-and-risk
 * Cost: as {@link maximumSharpe}.
 * @param expectedReturns μ per period, labelled or in the covariance's order. Never mutated.
 * @param covariance a labelled `Covariance`, or a bare matrix. Never mutated.
 * @param targetVolatility annual: 0 < targetVolatility < 5.
 * @param options the weight rules; `riskFreeRate` (annual) only for the reported Sharpe ratio.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold or targetVolatility is below the least volatility they allow (stated,
 *   annual); SOLVER_FAILURE when the KKT residuals exceed 1e-9.
 * @example
 * const S = covariance([[0.0004, 0.00006], [0.00006, 0.0009]], { assets: ["A", "B"], frequency: "daily" });
 * const mu = expectedReturns({ A: 0.252, B: 0.504 }, { frequency: "daily" });
 * efficientRisk(mu, S, 0.02 * Math.sqrt(252)).performance.expectedReturn // => 0.39722033898305087
 */
export function efficientRisk(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetVolatility: number,
  options?: MaximumSharpeOptions & WithoutConstraints,
): MeanVarianceResult<"efficient-risk">;
export function efficientRisk(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetVolatility: number,
  options: ConstrainedMaximumSharpeOptions,
): Promise<MeanVarianceResult<"efficient-risk">>;
export function efficientRisk(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  targetVolatility: number,
  options?: ConstrainedMaximumSharpeOptions,
): MeanVarianceResult<"efficient-risk"> | Promise<MeanVarianceResult<"efficient-risk">> {
  const run = () => {
    const prepared = prepareProblem(expectedReturns, covariance, options, ["riskFreeRate", ...CONSTRAINT_OPTION_NAMES]);
    const plain = () => {
      const target = perPeriod("targetVolatility", targetVolatility, "volatility", prepared.periodsPerYear);
      const riskFreeRate = readRiskFreeRate(options, prepared.periodsPerYear).annual;
      const mu = prepared.mu!;
      const annualReturn = (w: Float64Array) => {
        let s = 0;
        for (let i = 0; i < w.length; i++) s += mu[i]! * w[i]!;
        return s * prepared.periodsPerYear;
      };
      const solution = solveWithRules(
        prepared,
        { kind: "efficient-risk", variance: (target * target) / prepared.sigmaScale },
        annualReturn,
        "efficientRisk",
        infeasibleIn(prepared, { targetVolatility }),
      );
      return describePortfolio("efficient-risk", prepared, solution, "critical-line", "expected-return", riskFreeRate);
    };
    return { prepared, plain };
  };
  if (hasConstraintOptions(options)) {
    return (async () => {
      const { prepared, plain } = run();
      perPeriod("targetVolatility", targetVolatility, "volatility", prepared.periodsPerYear);
      return solveConstrained(
        "efficient-risk",
        prepared,
        options!,
        { kind: "efficient-risk", targetVolatility },
        readRiskFreeRate(options, prepared.periodsPerYear).annual,
        plain,
      );
    })();
  }
  return run().plain();
}
