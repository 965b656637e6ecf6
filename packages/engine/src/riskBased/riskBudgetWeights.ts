import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, assertInteger, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { matVec, toCovariance, type MatrixInput } from "../_internal/symmetricMatrix.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { solveRiskBudget } from "./_internal/solveRiskBudget.ts";

/** Options of {@link riskBudgetWeights}. */
export interface RiskBudgetOptions {
  /** n budgets > 0 (normalised to sum 1); default equal budgets 1/n (equal risk contribution). */
  budgets?: NumericArray;
  /** Stop when every risk contribution is within this of its budget; in [1e-15, 1e-3], default 1e-12. */
  tolerance?: number;
  /** Newton steps allowed, an integer in [1, 1000]; default 100. */
  maxIterations?: number;
}

/** Long-only weights whose risk contributions match the budgets. */
export interface RiskBudgetResult {
  /** n weights > 0 summing to 1, in the covariance's order. */
  weights: Float64Array;
  /** n risk contributions `w_i·(Σw)_i / wᵀΣw` (fractions summing to 1) at `weights`. */
  riskContributions: Float64Array;
  /** The budgets used, normalised to sum 1. */
  budgets: Float64Array;
  /** `sqrt(wᵀΣw)`, in the covariance's units (per period when Σ is per period). */
  volatility: number;
  /** Newton steps taken. */
  iterations: number;
}

/**
 * Risk budgeting (Maillard, Roncalli & Teïletche 2010; Roncalli 2013): the long-only, fully
 * invested weights w whose risk contributions `w_i·(Σw)_i / wᵀΣw` equal given budgets `b_i`.
 * Solved as Spinu's (2013) convex problem `min ½·yᵀΣy − Σ b_i·ln y_i` (y > 0) by damped Newton
 * steps, then `w = y / Σy`; the solution is unique. With equal budgets this is the equal risk
 * contribution (ERC) portfolio.
 *
 * @see docs/maths.md#risk-budgeting
 * Cost: O(n³) per Newton step (a Cholesky solve); typically under 15 steps.
 * @param covariance n×n covariance, n >= 1: symmetric, PSD, every variance > 0 (rows, or n·n values
 *   row-major; docs/maths.md#matrix-inputs). Never mutated.
 * @param options see {@link RiskBudgetOptions}.
 * @throws EngineError INVALID_INPUT when an input breaks its rule; SOLVER_FAILURE when the Newton
 *   iteration does not reach `tolerance` within `maxIterations` steps.
 * @example
 * riskBudgetWeights([[0.04, 0], [0, 0.01]]).weights // => Float64Array [0.3333333333333333, 0.6666666666666666]
 */
export function riskBudgetWeights(covariance: MatrixInput, options: RiskBudgetOptions = {}): RiskBudgetResult {
  const opts = readOptions<RiskBudgetOptions>(options, "{ budgets?, tolerance?, maxIterations? }", ["budgets", "tolerance", "maxIterations"]);
  const cov = toCovariance("covariance", covariance);
  const { n } = cov;
  const tolerance = opts.tolerance === undefined ? 1e-12 : opts.tolerance;
  assertInRange("tolerance", tolerance, { min: 1e-15, max: 1e-3 });
  const maxIterations = opts.maxIterations === undefined ? 100 : opts.maxIterations;
  assertInteger("maxIterations", maxIterations, { min: 1, max: 1000 });
  const budgets = readBudgets(opts.budgets, n);
  const solution = solveRiskBudget(cov.data, n, budgets, tolerance, maxIterations);
  const w = solution.weights;
  const sw = matVec(cov.data, n, w);
  let variance = 0;
  for (let i = 0; i < n; i++) variance += w[i]! * sw[i]!;
  const contributions = new Float64Array(n);
  for (let i = 0; i < n; i++) contributions[i] = (w[i]! * sw[i]!) / variance;
  return {
    weights: w,
    riskContributions: contributions,
    budgets,
    volatility: Math.sqrt(variance) * Math.sqrt(cov.scale),
    iterations: solution.iterations,
  };
}

function readBudgets(value: NumericArray | undefined, n: number): Float64Array {
  if (value === undefined) return new Float64Array(n).fill(1 / n);
  const b = Float64Array.from(toFiniteFloat64("budgets", value, 1));
  if (b.length !== n) {
    throw new EngineError("INVALID_INPUT", `budgets must hold one budget per covariance row: got ${b.length} for a ${n}×${n} covariance`, { field: "budgets" });
  }
  let top = 0;
  for (let i = 0; i < n; i++) {
    if (!(b[i]! > 0)) throw new EngineError("INVALID_INPUT", `budgets[${i}] must be > 0, got ${b[i]}`, { field: `budgets[${i}]` });
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
    if (!(b[i]! >= 1e-12)) throw new EngineError("INVALID_INPUT", `budgets[${i}] must be at least 1e-12 of the budgets' sum`, { field: `budgets[${i}]` });
  }
  return b;
}
