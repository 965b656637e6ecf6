import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, assertInteger, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { matVec, scaledByLargestVariance } from "../_internal/symmetricMatrix.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { readCovariance, type CovarianceInput } from "../data/covariance.ts";
import { bareCovarianceWarning } from "../_internal/readEstimates.ts";
import { weightVector } from "../portfolio/weightVector.ts";
import { performanceOf } from "../portfolio/portfolioPerformance.ts";
import { portfolioResult } from "../portfolio/_internal/portfolioResult.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import { solveRiskBudget } from "./_internal/solveRiskBudget.ts";

/** Options of {@link riskBudgetWeights}. */
export interface RiskBudgetOptions {
  /**
   * One budget > 0 per asset (normalised to sum 1): by id (`{ A: 0.5, B: 0.25, C: 0.25 }` or a Map,
   * every asset named), or n numbers in the covariance's order; default equal budgets 1/n (equal
   * risk contribution).
   */
  budgets?: Readonly<Record<string, number>> | ReadonlyMap<string, number> | NumericArray;
  /** Stop when every risk contribution is within this of its budget; in [1e-15, 1e-3], default 1e-12. */
  tolerance?: number;
  /** Newton steps allowed, an integer in [1, 1000]; default 100. */
  maxIterations?: number;
}

/** One asset's share of the portfolio variance. */
export interface RiskContribution {
  id: string;
  /** `w_i·(Σw)_i / wᵀΣw`: the fractions sum to 1. */
  contribution: number;
}

/** One asset's risk budget, normalised. */
export interface RiskBudget {
  id: string;
  budget: number;
}

/**
 * Long-only weights whose risk contributions match the budgets: the one portfolio result
 * (docs/maths.md#portfolio-result; performance annual, expected return null) with, beside it, the
 * risk contributions and the budgets by id. The certificate: solver "newton", `objective` = `gap` =
 * the largest |risk contribution − budget| at the weights (0 at the unique optimum), residuals
 * `{ stationarity: that gap, primalFeasibility: |Σw − 1| }`, iterations the Newton steps.
 */
export type RiskBudgetResult<M extends "risk-budgeting" | "equal-risk-contribution" = "risk-budgeting" | "equal-risk-contribution"> = PortfolioResult<M> & {
  /** Each asset's risk contribution at the weights, in the covariance's order. */
  riskContributions: RiskContribution[];
  /** The budgets used, normalised to sum 1. */
  budgets: RiskBudget[];
};

/**
 * Risk budgeting (Maillard, Roncalli & Teïletche 2010; Roncalli 2013): the long-only, fully
 * invested weights w whose risk contributions `w_i·(Σw)_i / wᵀΣw` equal given budgets `b_i`.
 * Solved as Spinu's (2013) convex problem `min ½·yᵀΣy − Σ b_i·ln y_i` (y > 0) by damped Newton
 * steps, then `w = y / Σy`; the solution is unique. With equal budgets this is the equal risk
 * contribution (ERC) portfolio.
 *
 * @see docs/maths.md#risk-budgeting
 * Cost: O(n³) per Newton step (a Cholesky solve); typically under 15 steps.
 * @param covariance a labelled `Covariance`, or a bare matrix (rows, n·n values, `{ size, values }`;
 *   assets "0", "1", …): symmetric, PSD, every variance > 0 (docs/maths.md#covariance-rules). Never mutated.
 * @param options see {@link RiskBudgetOptions}.
 * @throws EngineError INVALID_INPUT when an input breaks its rule (a budget naming an unknown asset
 *   is refused with the closest ids); SOLVER_FAILURE when the Newton iteration does not reach
 *   `tolerance` within `maxIterations` steps.
 * @example
 * const S = covariance([[0.04, 0], [0, 0.01]], { assets: ["A", "B"], frequency: "annual" });
 * riskBudgetWeights(S, { budgets: { A: 0.5, B: 0.5 } }).weights // => [{ id: "A", weight: 0.3333333333333333 }, { id: "B", weight: 0.6666666666666666 }]
 */
export function riskBudgetWeights(covariance: CovarianceInput, options?: RiskBudgetOptions): RiskBudgetResult<"risk-budgeting"> {
  return solveRiskBudgeting("risk-budgeting", covariance, options);
}

/** Risk budgeting under a method name (equalRiskContribution shares it). */
export function solveRiskBudgeting<M extends "risk-budgeting" | "equal-risk-contribution">(method: M, covariance: CovarianceInput, options: RiskBudgetOptions | undefined): RiskBudgetResult<M> {
  const opts = readOptions<RiskBudgetOptions>(options, "{ budgets?, tolerance?, maxIterations? }", ["budgets", "tolerance", "maxIterations"]);
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
  const performance = performanceOf(w, { sigma: cov.values, mu: undefined, riskFreeRate: 0, periodsPerYear: cov.periodsPerYear, frequency: cov.frequency });
  const warnings = bare === undefined ? [] : [bare];
  const result = portfolioResult(
    method,
    cov.assets,
    Float64Array.from(w),
    { status: "optimal", solver: "newton", objective: worst, gap: worst, residuals: { stationarity: worst, primalFeasibility: Math.abs(sum - 1), dualFeasibility: 0, complementarity: 0 }, iterations: solution.iterations },
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
  const byId = value instanceof Map || (value !== null && typeof value === "object" && !Array.isArray(value) && !ArrayBuffer.isView(value) && typeof (value as ArrayLike<number>).length !== "number");
  if (byId) {
    b = weightVector("budgets", value as Readonly<Record<string, number>>, assets);
    const given = new Set(value instanceof Map ? [...value.keys()] : Object.keys(value));
    const missing = assets.filter((id) => !given.has(id));
    if (missing.length > 0) {
      throw new EngineError("INVALID_INPUT", `budgets must give every asset a budget > 0: missing ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` and ${missing.length - 5} more` : ""}`, {
        field: "budgets",
        details: { missing },
      });
    }
  } else {
    b = Float64Array.from(toFiniteFloat64("budgets", value, 1));
    if (b.length !== n) {
      throw new EngineError("INVALID_INPUT", `budgets must hold one budget per covariance row: got ${b.length} for a ${n}×${n} covariance`, { field: "budgets" });
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
    if (!(b[i]! >= 1e-12)) throw new EngineError("INVALID_INPUT", `${name(i)} must be at least 1e-12 of the budgets' sum`, { field: name(i) });
  }
  return b;
}
