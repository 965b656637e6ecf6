import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";

/** Options of {@link omegaRatio}: the period options and the annual required return. */
export interface OmegaRatioOptions extends PeriodOptions {
  /** Annual minimum acceptable return, finite and > -1; default 0. De-annualised geometrically: `(1 + L)^(1/p) - 1`. */
  requiredReturn?: number;
}

/**
 * Omega ratio (Keating & Shadwick 2002) at the threshold `τ = r_f + L_p`: the probability-weighted
 * gains over the losses relative to it, `Ω = Σ max(e_t, 0) / Σ max(-e_t, 0)` with
 * `e_t = r_t - r_f - L_p`, the per-period risk-free rate `r_f = (1 + rf)^(1/p) - 1` and required
 * return `L_p = (1 + L)^(1/p) - 1`. empyrical's `omega_ratio` and quantstats' `omega` compute the
 * same (empyrical takes its risk-free rate per period: pass `riskFreeRate = (1 + rf_period)^p - 1`).
 * Degenerate case: no loss below the threshold (the sum of losses <= EPS · the sum of |e_t|) gives 0.
 *
 * @see docs/maths.md#omega-ratio
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ requiredReturn, riskFreeRate, periodsPerYear }`, see {@link OmegaRatioOptions}.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, an option
 *   is out of range, or the ratio overflows.
 * @example
 * omegaRatio([0.02, -0.01, 0.03, -0.02]) // => 1.6666666666666667
 */
export function omegaRatio(returns: NumericArray, options: OmegaRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const { periodsPerYear, perPeriodRf } = periodOptions(options, ["requiredReturn"]);
  const requiredReturn = options.requiredReturn === undefined ? 0 : options.requiredReturn;
  assertInRange("requiredReturn", requiredReturn, { min: -1, minExclusive: true });
  const threshold = perPeriodRf + Math.expm1(Math.log1p(requiredReturn) / periodsPerYear);
  const g = gainsAndLosses(r, threshold);
  if (!(g.losses > EPS * (g.gains + g.losses))) return 0;
  return assertRepresentable(g.gains / g.losses, "returns", "the omega ratio") + 0;
}
