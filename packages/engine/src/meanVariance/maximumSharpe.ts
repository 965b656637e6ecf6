import type { CovarianceInput } from "../data/covariance.ts";
import type { ExpectedReturns } from "../data/expectedReturns.ts";
import { CONSTRAINT_OPTION_NAMES } from "../portfolio/ConstraintOptions.ts";
import type {
  ConstrainedMaximumSharpeOptions,
  MaximumSharpeOptions,
  MeanVarianceResult,
  WithoutConstraints,
} from "./types.ts";
import { describePortfolio, performanceIn } from "./_internal/describePortfolio.ts";
import { infeasibleIn } from "./_internal/infeasibleIn.ts";
import { readRiskFreeRate } from "./_internal/readRiskFreeRate.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";
import { hasConstraintOptions, solveConstrained } from "./_internal/solveConstrained.ts";

export type { MaximumSharpeOptions };

/**
 * Maximum-Sharpe (tangency) portfolio: maximise (μᵀw − r_f)/√(wᵀΣw) over the weight rules. Not a
 * grid: the convex reformulation of Cornuejols & Tütüncü (2007, "Optimization Methods in Finance",
 * §8.2),
 *
 *   minimise yᵀΣy  s.t.  (μ − r_f)ᵀy = 1,  Σy = κ,  0 <= y_i <= maxWeight·κ,  κ >= 0,   w = y/κ,
 *
 * is solved through its KKT conditions, which hold on the critical line exactly where
 * ψ(t) = wᵀΣw − t·(μᵀw − r_f) = 0; ψ is affine on each piece of the line, so the root is in closed
 * form (docs/maths.md#maximum-sharpe). The certificate is the KKT residuals of that QP.
 * `riskFreeRate` is annual, converted with the data's periods a year (r_f/P per period).
 *
 * With any constraint option ({@link ConstrainedMaximumSharpeOptions}) the call returns a Promise and
 * maximises (annual return − r_f − Σc|w − w⁰|)/√(annual variance + γ‖w‖²) under the rules: the
 * same homogenisation with every rule's right-hand side times κ, solved by HiGHS's QP solver
 * (docs/maths.md#mean-variance-under-constraints).
 *
 * @see docs/maths.md#maximum-sharpe
 * Cost: the minimum-variance solve plus O(n·|F| + |F|³) per piece of the critical line walked.
 * @param expectedReturns μ per period: labelled `ExpectedReturns` (matched to the covariance by id),
 *   or one value per covariance asset in its order. Never mutated.
 * @param covariance a labelled `Covariance`, or a bare matrix (see {@link minimumVariance}). Never mutated.
 * @param options the weight rules and the annual `riskFreeRate` (see {@link MaximumSharpeOptions}).
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule, or the two estimates
 *   name different assets or frequencies; INFEASIBLE when the weight rules cannot hold or no
 *   portfolio earns more than riskFreeRate (the message gives the best asset's annual expected
 *   return and the annual rate); SOLVER_FAILURE when the KKT residuals exceed 1e-9.
 * @example
 * const S = covariance([[0.0004, 0.00006], [0.00006, 0.0009]], { assets: ["A", "B"], frequency: "daily" });
 * const mu = expectedReturns({ A: 0.252, B: 0.504 }, { frequency: "daily" });
 * maximumSharpe(mu, S).vector // => Float64Array [0.513157894736842, 0.48684210526315796]
 */
export function maximumSharpe(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  options?: MaximumSharpeOptions & WithoutConstraints,
): MeanVarianceResult<"maximum-sharpe">;
export function maximumSharpe(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  options: ConstrainedMaximumSharpeOptions,
): Promise<MeanVarianceResult<"maximum-sharpe">>;
export function maximumSharpe(
  expectedReturns: ExpectedReturns | ArrayLike<number>,
  covariance: CovarianceInput,
  options?: ConstrainedMaximumSharpeOptions,
): MeanVarianceResult<"maximum-sharpe"> | Promise<MeanVarianceResult<"maximum-sharpe">> {
  const run = () => {
    const prepared = prepareProblem(expectedReturns, covariance, options, ["riskFreeRate", ...CONSTRAINT_OPTION_NAMES]);
    const plain = () => {
      const { annual: riskFreeRate, perPeriod: perPeriodRate } = readRiskFreeRate(options, prepared.periodsPerYear);
      const sharpe = (w: Float64Array): number => performanceIn(prepared, w, riskFreeRate).sharpeRatio!;
      const solution = solveWithRules(
        prepared,
        { kind: "max-sharpe", riskFree: perPeriodRate / prepared.muScale },
        sharpe,
        "maximumSharpe",
        infeasibleIn(prepared, { riskFreeRate }),
      );
      return describePortfolio("maximum-sharpe", prepared, solution, "critical-line", "sharpe-ratio", riskFreeRate);
    };
    return { prepared, plain };
  };
  if (hasConstraintOptions(options)) {
    return (async () => {
      const { prepared, plain } = run();
      const { annual, perPeriod: perPeriodRate } = readRiskFreeRate(options, prepared.periodsPerYear);
      return solveConstrained(
        "maximum-sharpe",
        prepared,
        options!,
        { kind: "max-sharpe", riskFreePerPeriod: perPeriodRate },
        annual,
        plain,
      );
    })();
  }
  return run().plain();
}
