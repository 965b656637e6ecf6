import { EngineError } from "../errors/EngineError.ts";
import { assertFinite, assertInteger } from "../_internal/validate.ts";
import type { CovarianceMatrix } from "../riskModels/types.ts";
import type { MaximumSharpeOptions } from "./maximumSharpe.ts";
import type { MeanVarianceCertificate, MeanVarianceResult } from "./types.ts";
import { activeSetAt } from "./_internal/activeSetAt.ts";
import { assertCertified, certifyPath } from "./_internal/certify.ts";
import { criticalLine, type Segment } from "./_internal/criticalLine.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { dot } from "./_internal/qpProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";
import { pointOn } from "./_internal/solveGoal.ts";

/** Options of {@link efficientFrontier}. */
export interface EfficientFrontierOptions extends MaximumSharpeOptions {
  /** Number of points sampled: integer, 2 <= x <= 10,000; default 50. */
  points?: number;
}

/** The sampled frontier. */
export interface EfficientFrontier {
  /** By increasing expected return, from the minimum-variance portfolio to the largest return. */
  points: MeanVarianceResult[];
  /** The worst residuals over the points; "cardinality-heuristic" when any point needed it. */
  certificate: MeanVarianceCertificate;
}

/**
 * The efficient frontier as a sampled curve: `points` portfolios whose target returns are evenly
 * spaced from the minimum-variance portfolio's return to the largest return the weight rules
 * allow, each the {@link efficientReturn} optimum for its target. The whole critical line is walked
 * once and each point is read off its piece in closed form (docs/maths.md#efficient-frontier);
 * a point that breaks the minHoldings rule is solved again as efficientReturn does. Volatility and
 * return both increase along the curve.
 *
 * @see docs/maths.md#efficient-frontier
 * Cost: the minimum-variance solve plus every piece of the critical line (O(n·|F| + |F|³) each),
 * plus O(n²) per point.
 * @param expectedReturns μ, one finite value per asset (per period). Never mutated.
 * @param covariance positive definite, symmetric. Never mutated.
 * @param options see {@link EfficientFrontierOptions}; `riskFreeRate` only for the Sharpe ratios.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold; SOLVER_FAILURE when a point's KKT residuals exceed 1e-9.
 * @example
 * const f = efficientFrontier([0.001, 0.002], { size: 2, values: new Float64Array([0.0004, 0.00006, 0.00006, 0.0009]) }, { points: 3 });
 * f.points.map((p) => p.expectedReturn) // => [0.0012881355932203389, 0.0016440677966101697, 0.002]
 */
export function efficientFrontier(expectedReturns: ArrayLike<number>, covariance: CovarianceMatrix, options: EfficientFrontierOptions = {}): EfficientFrontier {
  const prepared = prepareProblem(covariance, expectedReturns, options, ["riskFreeRate", "points"]);
  const { riskFreeRate = 0, points = 50 } = options;
  assertFinite("riskFreeRate", riskFreeRate);
  assertInteger("points", points, { min: 2, max: 10_000 });
  const P = prepared.scaled;
  const start = activeSetAt(P, 0);
  const pieces: Array<Segment & { r0: number; r1: number }> = [];
  for (const s of criticalLine(P, start.state, 0)) pieces.push({ ...s, r0: dot(P.mu, s.face.p), r1: dot(P.mu, s.face.q) });
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const rMin = first.r0;
  const rMax = last.r0 + last.r1 * last.from;
  const certificate: MeanVarianceCertificate = {
    status: "optimal", stationarity: 0, primalFeasibility: 0, dualFeasibility: 0, complementarity: 0, gap: 0, iterations: start.iterations + pieces.length,
  };
  const out: MeanVarianceResult[] = [];
  let piece = 0;
  for (let k = 0; k < points; k++) {
    const target = k === points - 1 ? rMax : rMin + ((rMax - rMin) * k) / (points - 1);
    while (piece < pieces.length - 1 && pieces[piece]!.r0 + pieces[piece]!.r1 * pieces[piece]!.to < target) piece++;
    const s = pieces[piece]!;
    let t = s.r1 > 0 ? (target - s.r0) / s.r1 : s.from;
    t = Math.min(Math.max(t, s.from), s.to === Infinity ? s.from : s.to);
    const w = pointOn(P, s, t);
    const kkt = certifyPath(P, w, s.state, t);
    assertCertified(kkt, "efficientFrontier");
    let active = 0;
    for (let i = 0; i < P.n; i++) if (w[i]! >= prepared.rules.minActiveWeight * (1 - 1e-12)) active++;
    let pointCertificate: MeanVarianceCertificate = { status: "optimal", ...kkt, gap: 0, iterations: 0 };
    let weights: Float64Array = w;
    if (active < prepared.rules.minHoldings) {
      const solved = solveWithRules(prepared, { kind: "efficient-return", target }, (x) => portfolioVariance(prepared.Sigma, x), "efficientFrontier");
      weights = solved.weights;
      pointCertificate = solved.certificate;
      certificate.iterations += solved.certificate.iterations;
    }
    for (const key of ["stationarity", "primalFeasibility", "dualFeasibility", "complementarity", "gap"] as const) {
      certificate[key] = Math.max(certificate[key], pointCertificate[key]);
    }
    if (pointCertificate.status !== "optimal") certificate.status = pointCertificate.status;
    out.push(describePortfolio(prepared.Sigma, prepared.mu, riskFreeRate, weights, pointCertificate));
  }
  if (out.length !== points) throw new EngineError("SOLVER_FAILURE", "efficientFrontier lost a point");
  return { points: out, certificate };
}
