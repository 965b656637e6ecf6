import { EngineError } from "../../errors/EngineError.ts";
import { assertInRange, assertInteger, toFiniteFloat64 } from "../../_internal/validate.ts";
import { scaledByLargestVariance } from "../../_internal/symmetricMatrix.ts";
import { matVec } from "../../linearAlgebra/matVec.ts";
import { readOptions } from "../../_internal/readOptions.ts";
import { bareCovarianceWarning } from "../../_internal/readEstimates.ts";
import { readCovariance, type CovarianceInput } from "../../data/covariance.ts";
import { weightVector } from "../../portfolio/weightVector.ts";
import { performanceOf } from "../../portfolio/portfolioPerformance.ts";
import { portfolioResult } from "../../portfolio/PortfolioResult.ts";
import type { RiskBudgetOptions, RiskBudgetResult } from "../RiskBudgetResult.ts";
import { solveRiskBudget } from "./solveRiskBudget.ts";

/**
 * Risk budgeting as the one portfolio result under a method name (riskBudgetWeights and
 * equalRiskContribution share it): reads the covariance (readCovariance) and the budgets (by id or
 * by position), solves Spinu's problem (solveRiskBudget) and reports the weights, the annual
 * performance, the risk contributions and budgets by id, and the Newton certificate.
 */
export function riskBudgetResult<M extends "risk-budgeting" | "equal-risk-contribution">(
  method: M,
  covariance: CovarianceInput,
  options: RiskBudgetOptions | undefined,
): RiskBudgetResult<M> {
  const opts = readOptions<RiskBudgetOptions>(options, "{ budgets?, tolerance?, maxIterations? }", [
    "budgets",
    "tolerance",
    "maxIterations",
  ]);
  const bare = bareCovarianceWarning(covariance);
  const cov = readCovariance("covariance", covariance);
  const n = cov.size;
  const scaled = scaledByLargestVariance(cov.values, n);
  const tolerance = opts.tolerance === undefined ? 1e-12 : opts.tolerance;
  assertInRange("tolerance", tolerance, { min: 1e-15, max: 1e-3 });
  const maxIterations = opts.maxIterations === undefined ? 100 : opts.maxIterations;
  assertInteger("maxIterations", maxIterations, { min: 1, max: 1000 });
  const budgets = readBudgets(opts.budgets, cov.assets);
  const solution = solveRiskBudget(scaled.data, n, budgets, tolerance, maxIterations);
  const w = solution.weights;
  const sw = matVec(scaled.data, n, w);
  let variance = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    variance += w[i]! * sw[i]!;
    sum += w[i]!;
  }
  const contributions = new Float64Array(n);
  let worst = 0;
  for (let i = 0; i < n; i++) {
    contributions[i] = (w[i]! * sw[i]!) / variance;
    worst = Math.max(worst, Math.abs(contributions[i]! - budgets[i]!));
  }
  const performance = performanceOf(w, {
    sigma: cov.values,
    mu: undefined,
    riskFreeRate: 0,
    periodsPerYear: cov.periodsPerYear,
    frequency: cov.frequency,
  });
  const warnings = bare === undefined ? [] : [bare];
  const result = portfolioResult(
    method,
    cov.assets,
    Float64Array.from(w),
    {
      status: "optimal",
      solver: "newton",
      objective: worst,
      gap: worst,
      residuals: { stationarity: worst, primalFeasibility: Math.abs(sum - 1), dualFeasibility: 0, complementarity: 0 },
      iterations: solution.iterations,
    },
    performance,
    warnings,
  );
  return {
    ...result,
    riskContributions: cov.assets.map((id, i) => ({ id, contribution: contributions[i]! })),
    budgets: cov.assets.map((id, i) => ({ id, budget: budgets[i]! })),
  };
}

function readBudgets(value: RiskBudgetOptions["budgets"], assets: readonly string[]): Float64Array {
  const n = assets.length;
  if (value === undefined) return new Float64Array(n).fill(1 / n);
  let b: Float64Array;
  const byId =
    value instanceof Map ||
    (value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      !ArrayBuffer.isView(value) &&
      typeof (value as ArrayLike<number>).length !== "number");
  if (byId) {
    b = weightVector("budgets", value as Readonly<Record<string, number>>, assets);
    const given = new Set(value instanceof Map ? [...value.keys()] : Object.keys(value));
    const missing = assets.filter((id) => !given.has(id));
    if (missing.length > 0) {
      throw new EngineError(
        "INVALID_INPUT",
        `budgets must give every asset a budget > 0: missing ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` and ${missing.length - 5} more` : ""}`,
        {
          field: "budgets",
          details: { missing },
        },
      );
    }
  } else {
    b = Float64Array.from(toFiniteFloat64("budgets", value, 1));
    if (b.length !== n) {
      throw new EngineError(
        "INVALID_INPUT",
        `budgets must hold one budget per covariance row: got ${b.length} for a ${n}×${n} covariance`,
        { field: "budgets" },
      );
    }
  }
  const name = (i: number) => (byId ? `budgets.${assets[i]}` : `budgets[${i}]`);
  let top = 0;
  for (let i = 0; i < n; i++) {
    if (!(b[i]! > 0)) throw new EngineError("INVALID_INPUT", `${name(i)} must be > 0, got ${b[i]}`, { field: name(i) });
    top = Math.max(top, b[i]!);
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    b[i] = b[i]! / top;
    sum += b[i]!;
  }
  for (let i = 0; i < n; i++) b[i] = b[i]! / sum;
  // A budget that underflows relative to the largest is not representable as a risk share.
  for (let i = 0; i < n; i++) {
    if (!(b[i]! >= 1e-12))
      throw new EngineError("INVALID_INPUT", `${name(i)} must be at least 1e-12 of the budgets' sum`, {
        field: name(i),
      });
  }
  return b;
}
