import { EngineError } from "../../errors/EngineError.ts";
import { loadSolver } from "../../optimize/_internal/solver.ts";
import type { ConstraintOptions } from "../../portfolio/ConstraintOptions.ts";
import type { Certificate, KktResiduals } from "../../portfolio/PortfolioResult.ts";
import { readConstraints } from "../../portfolio/_internal/readConstraints.ts";
import type { MeanVarianceResult } from "../types.ts";
import { buildGeneralQp } from "./buildGeneralQp.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import { solveConstrained } from "./solveConstrained.ts";
import { GeneralQpStop, solveGeneral } from "./solveGeneral.ts";

/**
 * The efficient frontier under constraint options (docs/maths.md#mean-variance-under-constraints):
 * `points` efficient-return portfolios whose annual target returns are evenly spaced from the
 * constrained minimum-variance portfolio's return to the largest return the rules allow (one LP),
 * each solved and certified on its own (one QP per point: no critical line under general rules).
 * The last target is the largest return less 1e-12 of it, so that the return row stays feasible
 * to rounding. Returns the points and the worst of their certificates; null when the compiled
 * rules are only the plain ones (the critical-line frontier is then the answer).
 */
export async function constrainedFrontier(
  prepared: PreparedProblem,
  options: ConstraintOptions,
  points: number,
  riskFreeRate: number,
): Promise<{ points: Array<MeanVarianceResult<"efficient-return">>; certificate: Certificate } | null> {
  const compiled = readConstraints(options, prepared.assets, prepared.rules.maxWeight, prepared.periodsPerYear);
  if (!compiled.any) return null;
  // Only reached when compiled.any is false, which returned above.
  const plain = (): never => {
    throw new EngineError("SOLVER_FAILURE", "efficientFrontier: the constrained path was asked for the plain one");
  };
  const first = await solveConstrained("minimum-variance", prepared, options, { kind: "min-variance" }, riskFreeRate, plain);
  const highs = await loadSolver();
  const layout = buildGeneralQp(prepared, { ...compiled, l2: 0, costs: null }, { kind: "efficient-risk", targetVolatility: 1e6 });
  let top: Float64Array;
  try {
    top = solveGeneral(highs, layout.qp).x;
  } catch (cause) {
    if (cause instanceof GeneralQpStop) throw new EngineError("SOLVER_FAILURE", "efficientFrontier: the largest return the rules allow could not be found");
    throw cause;
  }
  const P = prepared.periodsPerYear;
  const mu = prepared.mu!;
  let rMax = 0;
  for (let i = 0; i < prepared.n; i++) rMax += mu[i]! * top[i]! * P;
  const rMin = Math.min(first.performance.expectedReturn!, rMax);
  const out: Array<MeanVarianceResult<"efficient-return">> = [];
  const worst: KktResiduals = { stationarity: 0, primalFeasibility: 0, dualFeasibility: 0, complementarity: 0 };
  let iterations = 0;
  let gap = 0;
  let status: Certificate["status"] = "optimal";
  for (let k = 0; k < points; k++) {
    const target = k === points - 1 ? rMax - 1e-12 * Math.abs(rMax) : rMin + ((rMax - rMin) * k) / (points - 1);
    const r = await solveConstrained("efficient-return", prepared, options, { kind: "efficient-return", targetReturn: target }, riskFreeRate, plain);
    for (const key of ["stationarity", "primalFeasibility", "dualFeasibility", "complementarity"] as const) worst[key] = Math.max(worst[key], r.certificate.residuals![key]);
    iterations += r.certificate.iterations;
    gap = Math.max(gap, r.certificate.gap);
    if (r.certificate.status !== "optimal") status = r.certificate.status;
    out.push(r);
  }
  return { points: out, certificate: { status, solver: "highs-qp", objective: null, gap, residuals: worst, iterations } };
}
