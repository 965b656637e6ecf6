/**
 * Tolerances of the optimize area (docs/maths.md#numbers and docs/maths.md#optimizer-tolerances).
 */

/** The shared relative tolerance of docs/maths.md#numbers. */
export const EPS = 1e-9;

/** Weights below this are numerical dust from the solver and are reported as 0. */
export const DUST = 1e-12;

/**
 * A solve is certified optimal when (proven upper bound − objective at the returned weights) <= GAP_TOL.
 * Ten times HiGHS's primal feasibility tolerance (1e-10): a solution feasible only within that
 * tolerance can leave a gap just over 1e-10 with every scenario in the model, which a tolerance
 * equal to it rejected as SOLVER_FAILURE on valid input (regression cases in publicApi.badInput.test.ts).
 */
export const GAP_TOL = 1e-9;

/** `x` rounded to the nearest integer when within EPS relative of it (so 0.05·1260 counts as 63). */
export function snapToInteger(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) <= EPS * Math.abs(x) ? r : x;
}
