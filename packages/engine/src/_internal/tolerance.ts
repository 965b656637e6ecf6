/**
 * The engine's named tolerances, in one place (docs/maths.md#numbers and
 * docs/maths.md#optimizer-tolerances). A comparison that means "equal up to rounding" or "small
 * enough to be zero" uses one of these, never a bare literal, so each decision can be found and
 * changed in one place. All are relative unless stated.
 */

/** The shared relative tolerance of docs/maths.md#numbers: "is an integer", feasibility of the weight rules, covariance symmetry and definiteness. */
export const EPS = 1e-9;

/**
 * Relative rounding: two numbers computed by different routes that agree to 12 digits are the same
 * number (duplicated assets, a holding at its minimum active weight, a return target already met,
 * a vanishing Black–Litterman pivot, an event of the critical line at the current t).
 */
export const ROUNDING = 1e-12;

/** Solver weights below this (absolute) are numerical dust and are reported as 0. */
export const DUST = 1e-12;

/**
 * A HiGHS solve is certified optimal when (proven upper bound − objective at the returned weights)
 * <= GAP_TOL (absolute, in the units of the normalised objective). Ten times HiGHS's primal
 * feasibility tolerance (1e-10): a solution feasible only within that tolerance can leave a gap
 * just over 1e-10 with every scenario in the model, which a tolerance equal to it rejected as
 * SOLVER_FAILURE on valid input (regression cases in publicApi.badInput.test.ts).
 */
export const GAP_TOL = 1e-9;

/** A mean–variance optimum is certified when every relative KKT residual is within this. */
export const KKT_TOLERANCE = 1e-9;

/** The budget-and-bounds QP: relative tolerance of a multiplier's sign (scaled by the largest gradient term). */
export const SIGN_TOLERANCE = 1e-12;

/** The QP's projected-gradient warm start stops once no weight moves by more than this (absolute). */
export const WARM_START_STEP = 1e-13;

/** `x` rounded to the nearest integer when it lies within `EPS` relative of it, else `x` unchanged. */
export function snapToInteger(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) <= EPS * Math.abs(x) ? r : x;
}
