import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";

/**
 * Shapes shared by the optimizers ({@link scoreTilt}, {@link meanCvarOptimize}, {@link minimumCvar},
 * {@link meanCvar}) and their helpers. The service optimizers' metadata mirror the service's
 * optimizer result (rest-interface.md §2.5); the maths is in docs/maths.md#optimizers.
 */

/** The company signal a score tilt weights by (real-service-notes.md "Optimize"). */
export type Signal = "convictionScore" | "linguisticBeta" | "marketBuzz";

/** The fields of a strategy holding (rest-interface.md §2.4) that the optimizers read. */
export interface OptimizerCompany {
  /** Unique, non-empty. */
  id: string;
  /** USD, finite and >= 0, or null when unknown. */
  marketCap: number | null;
  /** Finite (0..1 in the service). */
  linguisticBeta: number;
  /** Finite (>= 0 in the service; a negative value counts as 0 where a weight is derived from it). */
  marketBuzz: number;
  /** Finite, or null (counts as 0). */
  convictionScore: number | null;
}

/** Daily simple returns, T scenarios × N assets, row-major: returns[t*N + i] (252 periods a year where annualised). */
export interface ReturnScenarios {
  /** N unique ids, the column order of `returns`. */
  assetIds: readonly string[];
  /** T·N finite values, each > -1 (simple returns of positive prices). */
  returns: Float64Array;
  /** T, the number of scenarios (days), >= 2. */
  periods: number;
}

/** The optimizer result's `metadata` (rest-interface.md §2.5); docs/maths.md#portfolio-metadata. */
export interface OptimizerMetadata {
  numberStocks: number;
  weightedLinguisticBeta: number;
  marketBuzzCoverage: number;
  annualizedReturn: number;
  volatility: number;
  cvar: number;
  sharpeRatio: number;
  expectedDailyReturn: number;
  maxDrawdown: number;
}

/** A company dropped before optimising, with why. */
export interface ExcludedCompany {
  id: string;
  reason: string;
}

/** A term of the mean-CVaR objective (docs/maths.md#scale-aware-objective). */
export type ObjectiveTermName = "expectedReturn" | "linguisticBeta" | "tailRisk" | "buzzDistance";

/**
 * One term of the mean-CVaR objective at the returned weights, and its part in the normalised
 * objective J = Σ weight·normalized that the optimizer minimises (docs/maths.md#scale-aware-objective).
 */
export interface ObjectiveTerm {
  term: ObjectiveTermName;
  /** The option that weights the term; null for tail risk, the unit of the others (weight 1). */
  option: "returnMultiplier" | "linguisticBetaWeight" | "buzzPenalty" | null;
  /** The weight λ (the option's value, default included; 1 for tail risk). */
  weight: number;
  /** The term at the weights, natural units: μᵀw (mean return per period, daily for the service), ℓᵀw, CVaR_β (a loss per period), ‖w − b‖₁ (0..2). */
  value: number;
  /** Its best value over the feasible weights (without the holdings count), from the term alone. */
  best: number;
  /** Its worst value among the single-term optima (the payoff table), or over the feasible weights when they tie. */
  worst: number;
  /** |worst − best|, the term's unit in the normalised objective; 0 when the term is constant (it cannot move the weights). */
  scale: number;
  /** (distance of value from best) / scale: 0 at the term's best, 1 at its worst single-term optimum. */
  normalized: number;
  /** weight × normalized. */
  contribution: number;
  /** contribution / Σ contributions; all 0 when every term is at its best. */
  share: number;
}

/**
 * The result of either service optimizer ({@link meanCvarOptimize}, {@link scoreTilt}): the one
 * portfolio result (docs/maths.md#portfolio-result) over the companies that were optimised, with the
 * service's fields beside it. `assets` and `weights` are those companies in input order, zeros
 * included (the mock lists the positive weights, heaviest first); the companies dropped before
 * optimising are not among them and are listed in `excluded`. `performance` is annualised from the
 * daily scenarios (252 a year); null-filled for a score tilt without scenarios.
 */
export type OptimizerResult<M extends "mean-cvar" | "score-tilt" = "mean-cvar" | "score-tilt"> = PortfolioResult<M> & {
  metadata: OptimizerMetadata;
  /** Companies dropped before optimising, in input order. */
  excluded: ExcludedCompany[];
  /** Mean-CVaR only: the four objective terms in the order expectedReturn, linguisticBeta, tailRisk, buzzDistance. */
  objectiveTerms?: ObjectiveTerm[];
};
