/**
 * Tolerances of the optimize area (docs/maths.md#optimizer-tolerances); the engine-wide EPS and
 * snapToInteger are in src/_internal/tolerance.ts.
 */

/** Weights below this are numerical dust from the solver and are reported as 0. */
export const DUST = 1e-12;

/**
 * A solve is certified optimal when (proven upper bound − objective at the returned weights) <= GAP_TOL.
 * Ten times HiGHS's primal feasibility tolerance (1e-10): a solution feasible only within that
 * tolerance can leave a gap just over 1e-10 with every scenario in the model, which a tolerance
 * equal to it rejected as SOLVER_FAILURE on valid input (regression cases in publicApi.badInput.test.ts).
 */
export const GAP_TOL = 1e-9;
