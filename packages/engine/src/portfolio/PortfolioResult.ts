import type { Frequency } from "../data/Frequency.ts";

/**
 * The one result of every method that produces weights (mean-CVaR, minimum CVaR, score tilt, the
 * mean–variance family, risk budgeting and ERC, HRP, discrete allocation), so that a chart, a
 * backtest or a notebook reads any of them the same way (docs/maths.md#portfolio-result).
 * Methods add their own fields beside these (`PortfolioResult & { … }`), never instead of them.
 */
export interface PortfolioResult<M extends PortfolioMethod = PortfolioMethod> {
  /** Which method produced the weights. */
  method: M;
  /** The input's asset ids, in the input's order. */
  assets: readonly string[];
  /** One `{ id, weight }` per asset, in the input's order (zeros included): Σ weight = 1 (or the invested share, for discrete allocation). */
  weights: ReadonlyArray<Weight>;
  /** The same weights as a typed array, in `assets` order, for hot paths. */
  vector: Float64Array;
  /** What the solver certifies about the weights. */
  certificate: Certificate;
  /** The portfolio's expected annual return, annual volatility and Sharpe ratio, with the frequency used. */
  performance: Performance;
  /** Plain-language notes: rules that bound, data dropped, units assumed. Never an error. */
  warnings: string[];
}

/** One labelled weight. */
export interface Weight {
  id: string;
  weight: number;
}

/** The methods whose result is a {@link PortfolioResult}. */
export type PortfolioMethod =
  | "minimum-variance"
  | "maximum-sharpe"
  | "efficient-return"
  | "efficient-risk"
  | "maximum-quadratic-utility"
  | "mean-cvar"
  | "minimum-cvar"
  | "minimum-risk"
  | "mean-risk"
  | "score-tilt"
  | "risk-budgeting"
  | "equal-risk-contribution"
  | "hierarchical-risk-parity"
  | "black-litterman"
  | "discrete-allocation"
  | "equal-weight"
  | "inverse-volatility";

/**
 * One certificate type for every method (docs/maths.md#certificate).
 * - "optimal": proven optimal to tolerance (KKT residuals for a quadratic problem, the proven gap for a linear or integer one).
 * - "time-limit": the solver stopped at the time limit; the weights are feasible and `gap` bounds the distance to the optimum.
 * - "cardinality-heuristic": a holdings-count rule was met by a heuristic; `gap` bounds the distance to the relaxed optimum.
 * - "closed-form": no solver; the weights are a formula of the inputs (HRP, equal weight, inverse volatility).
 */
export interface Certificate {
  status: "optimal" | "time-limit" | "cardinality-heuristic" | "closed-form";
  /** How the weights were computed. */
  solver:
    | "active-set-qp"
    | "critical-line"
    | "highs-qp"
    | "lp"
    | "qp"
    | "milp"
    | "cutting-plane-lp"
    | "cutting-plane-milp"
    | "newton"
    | "recursive-bisection"
    | "closed-form";
  /** The objective at the returned weights, recomputed from them; null for a closed form. */
  objective: number | null;
  /** Proven upper bound on objective − optimum (>= 0); 0 when exact. */
  gap: number;
  /** Relative KKT residuals of a quadratic or smooth problem (each <= 1e-9 when "optimal"); null otherwise. */
  residuals: KktResiduals | null;
  /** Solver iterations (active-set steps, LP/MILP solves, Newton steps, …); 0 for a closed form. */
  iterations: number;
}

/** Relative KKT residuals: each is divided by the size of the largest term it balances (docs/maths.md#mean-variance-certificate). */
export interface KktResiduals {
  stationarity: number;
  primalFeasibility: number;
  dualFeasibility: number;
  complementarity: number;
}

/**
 * A portfolio's expected return, volatility and Sharpe ratio, annualised with the data's
 * frequency (docs/maths.md#portfolio-performance):
 * `expectedReturn = μᵀw·P`, `volatility = √(wᵀΣw·P)`, `sharpeRatio = (expectedReturn − r_f)/volatility`
 * for P periods a year and the annual risk-free rate r_f.
 */
export interface Performance {
  /** Annual arithmetic expected return; null when the method had no expected returns. */
  expectedReturn: number | null;
  /** Annual volatility; null when the method had no covariance (discrete allocation alone). */
  volatility: number | null;
  /** Null when either is null, 0 when the volatility is 0. */
  sharpeRatio: number | null;
  /** The annual risk-free rate used. */
  riskFreeRate: number;
  /** P, the periods a year used to annualise (1 for unlabelled data: figures per period). */
  periodsPerYear: number;
  frequency: Frequency;
}

/**
 * Assembles the one result from a method's typed weights (private to the engine). Weights within
 * `dust` (default 1e-15) of 0 are reported as exactly 0, so that a solver's rounding never shows as
 * a holding; a method whose tiny weights are its own (the score tilt's 1e-18 at a high exponent)
 * passes 0.
 */
export function portfolioResult<M extends PortfolioMethod>(
  method: M,
  assets: readonly string[],
  vector: Float64Array,
  certificate: Certificate,
  performance: Performance,
  warnings: string[] = [],
  dust = 1e-15,
): PortfolioResult<M> {
  const weights = new Array<{ id: string; weight: number }>(assets.length);
  for (let i = 0; i < assets.length; i++) {
    if (Math.abs(vector[i]!) <= dust) vector[i] = 0;
    weights[i] = { id: assets[i]!, weight: vector[i]! };
  }
  return { method, assets, weights, vector, certificate, performance, warnings };
}
