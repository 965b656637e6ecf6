import { EngineError } from "../errors/EngineError.ts";
import { assertInteger } from "../_internal/validate.ts";
import type { CovarianceInput } from "../data/covariance.ts";
import type { ExpectedReturns } from "../data/expectedReturns.ts";
import type { Certificate, KktResiduals } from "../portfolio/PortfolioResult.ts";
import { CONSTRAINT_OPTION_NAMES, type ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import type { MaximumSharpeOptions, MeanVarianceResult, WithoutConstraints } from "./types.ts";
import { constrainedFrontier } from "./_internal/constrainedFrontier.ts";
import { hasConstraintOptions } from "./_internal/solveConstrained.ts";
import { activeSetAt } from "./_internal/activeSetAt.ts";
import { assertCertified, certifyPath } from "./_internal/certify.ts";
import { criticalLine, type Segment } from "./_internal/criticalLine.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { infeasibleIn } from "./_internal/infeasibleIn.ts";
import { readRiskFreeRate } from "./_internal/readRiskFreeRate.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { dot } from "./_internal/qpProblem.ts";
import { diagnosingSingular } from "./_internal/diagnosingSingular.ts";
import { expandWeights } from "./_internal/expandWeights.ts";
import { solveWithRules, type RuledSolution } from "./_internal/solveWithRules.ts";
import { pointOn } from "./_internal/solveGoal.ts";

/** Options of {@link efficientFrontier}. */
export interface EfficientFrontierOptions extends MaximumSharpeOptions {
  /** Number of points sampled: integer, 2 <= x <= 10,000; default 50. */
  points?: number;
}

/**
 * The sampled frontier: each point is the one portfolio result (labelled weights, annual
 * performance, its own certificate), by increasing expected return.
 */
export interface EfficientFrontier {
  method: "efficient-frontier";
  /** The covariance's asset ids (the order of every point's weights). */
  assets: readonly string[];
  /** From the minimum-variance portfolio to the largest return: each the efficientReturn optimum of its return. */
  points: Array<MeanVarianceResult<"efficient-return">>;
  /** The worst residuals and gap over the points; "cardinality-heuristic" when any point needed it; objective null. */
  certificate: Certificate;
  warnings: string[];
}

/**
 * The efficient frontier as a sampled curve: `points` portfolios whose target returns are evenly
 * spaced from the minimum-variance portfolio's return to the largest return the weight rules
 * allow, each the {@link efficientReturn} optimum for its target. The whole critical line is walked
 * once and each point is read off its piece in closed form (docs/maths.md#efficient-frontier);
 * a point that breaks the minHoldings rule (when asked) is solved again as efficientReturn does.
 * Volatility and return both increase along the curve. `efficientFrontierChart` (@thematic/charts)
 * draws it from each point's annual `performance`.
 *
 * With any constraint option (`ConstraintOptions`) the call returns a Promise: each point is the
 * constrained {@link efficientReturn} optimum of its target, from the constrained minimum-variance
 * portfolio's return to the largest return the rules allow, one HiGHS QP per point
 * (docs/maths.md#mean-variance-under-constraints).
 *
 * @see docs/maths.md#efficient-frontier
 * Cost: the minimum-variance solve plus every piece of the critical line (O(n·|F| + |F|³) each),
 * plus O(n²) per point.
 * @param expectedReturns μ per period, labelled or in the covariance's order. Never mutated.
 * @param covariance a labelled `Covariance`, or a bare matrix. Never mutated.
 * @param options see {@link EfficientFrontierOptions}; `riskFreeRate` (annual) only for the Sharpe ratios.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold; SOLVER_FAILURE when a point's KKT residuals exceed 1e-9.
 * @example
 * const S = covariance([[0.0004, 0.00006], [0.00006, 0.0009]], { assets: ["A", "B"], frequency: "daily" });
 * const mu = expectedReturns({ A: 0.252, B: 0.504 }, { frequency: "daily" });
 * efficientFrontier(mu, S, { points: 3 }).points.map((p) => p.performance.expectedReturn) // => [0.3246101694915254, 0.4143050847457628, 0.504]
 */
export function efficientFrontier(expectedReturns: ExpectedReturns | ArrayLike<number>, covariance: CovarianceInput, options?: EfficientFrontierOptions & WithoutConstraints): EfficientFrontier;
export function efficientFrontier(expectedReturns: ExpectedReturns | ArrayLike<number>, covariance: CovarianceInput, options: EfficientFrontierOptions & ConstraintOptions): Promise<EfficientFrontier>;
export function efficientFrontier(expectedReturns: ExpectedReturns | ArrayLike<number>, covariance: CovarianceInput, options?: EfficientFrontierOptions & ConstraintOptions): EfficientFrontier | Promise<EfficientFrontier> {
  if (hasConstraintOptions(options)) {
    return (async () => {
      const prepared = prepareProblem(expectedReturns, covariance, options, ["riskFreeRate", "points", ...CONSTRAINT_OPTION_NAMES]);
      const riskFreeRate = readRiskFreeRate(options, prepared.periodsPerYear).annual;
      const points = options?.points === undefined ? 50 : options.points;
      assertInteger("points", points, { min: 2, max: 10_000 });
      const solved = await constrainedFrontier(prepared, options!, points, riskFreeRate);
      if (solved === null) return sampledFrontier(prepared, points, riskFreeRate);
      const warnings = [...new Set(solved.points.flatMap((p) => p.warnings))];
      return { method: "efficient-frontier" as const, assets: prepared.assets, points: solved.points, certificate: solved.certificate, warnings };
    })();
  }
  const prepared = prepareProblem(expectedReturns, covariance, options, ["riskFreeRate", "points"]);
  const riskFreeRate = readRiskFreeRate(options, prepared.periodsPerYear).annual;
  const points = options?.points === undefined ? 50 : options.points;
  assertInteger("points", points, { min: 2, max: 10_000 });
  return sampledFrontier(prepared, points, riskFreeRate);
}

/** The frontier read off the critical line (no constraint options). */
function sampledFrontier(prepared: ReturnType<typeof prepareProblem>, points: number, riskFreeRate: number): EfficientFrontier {
  const P = prepared.scaled;
  const annualVariance = (w: Float64Array) => portfolioVariance(prepared.Sigma, w) * prepared.periodsPerYear;
  const onInfeasible = infeasibleIn(prepared, {});
  return diagnosingSingular(prepared, () => {
    const start = activeSetAt(P, 0);
    const pieces: Array<Segment & { r0: number; r1: number }> = [];
    for (const s of criticalLine(P, start.state, 0)) pieces.push({ ...s, r0: dot(P.mu, s.face.p), r1: dot(P.mu, s.face.q) });
    const first = pieces[0]!;
    const last = pieces[pieces.length - 1]!;
    const rMin = first.r0;
    const rMax = last.r0 + last.r1 * last.from;
    const worst: KktResiduals = { stationarity: 0, primalFeasibility: 0, dualFeasibility: 0, complementarity: 0 };
    let status: Certificate["status"] = "optimal";
    let gap = 0;
    let iterations = start.iterations + pieces.length;
    const out: Array<MeanVarianceResult<"efficient-return">> = [];
    let piece = 0;
    for (let k = 0; k < points; k++) {
      const target = k === points - 1 ? rMax : rMin + ((rMax - rMin) * k) / (points - 1);
      while (piece < pieces.length - 1 && pieces[piece]!.r0 + pieces[piece]!.r1 * pieces[piece]!.to < target) piece++;
      const s = pieces[piece]!;
      let t = s.r1 > 0 ? (target - s.r0) / s.r1 : s.from;
      t = Math.min(Math.max(t, s.from), s.to === Infinity ? s.from : s.to);
      let w = pointOn(P, s, t);
      let kkt = certifyPath(P, w, s.state, t);
      if (prepared.groups !== null) {
        const expanded = expandWeights(prepared, w, s.state, prepared.full.lo);
        w = expanded.weights;
        kkt = certifyPath(prepared.full, w, expanded.state, t);
      }
      assertCertified(kkt, "efficientFrontier");
      let active = 0;
      for (let i = 0; i < prepared.n; i++) if (w[i]! >= prepared.rules.minActiveWeight * (1 - 1e-12)) active++;
      let solution: RuledSolution = { weights: w, status: "optimal", kkt, gap: 0, iterations: 0 };
      if (active < prepared.rules.minHoldings) {
        solution = solveWithRules(prepared, { kind: "efficient-return", target }, annualVariance, "efficientFrontier", onInfeasible);
        iterations += solution.iterations;
      }
      for (const key of ["stationarity", "primalFeasibility", "dualFeasibility", "complementarity"] as const) worst[key] = Math.max(worst[key], solution.kkt[key]);
      gap = Math.max(gap, solution.gap);
      if (solution.status !== "optimal") status = solution.status;
      out.push(describePortfolio("efficient-return", prepared, solution, "critical-line", "variance", riskFreeRate));
    }
    if (out.length !== points) throw new EngineError("SOLVER_FAILURE", "efficientFrontier lost a point");
    const certificate: Certificate = { status, solver: "critical-line", objective: null, gap, residuals: worst, iterations };
    return { method: "efficient-frontier" as const, assets: prepared.assets, points: out, certificate, warnings: [...prepared.warnings] };
  });
}
