/**
 * Shapes shared by the risk models and expected-return estimators (docs/maths.md#risk-models-and-mean-variance)
 * and the mean–variance optimizers that read them.
 */
import type { NumericArray } from "../_internal/validate.ts";

/**
 * Per-period simple returns, T periods × N assets, row-major: `returns[t*N + i]`. N is
 * `returns.length / periods`. A {@link ReturnScenarios} (from `scenariosFromPrices`) is one.
 */
export interface ReturnMatrix {
  /** T·N finite values. Never mutated. */
  returns: NumericArray;
  /** T, the number of periods (rows): an integer >= 2 that divides `returns.length`. */
  periods: number;
}

/**
 * A symmetric N×N matrix, row-major: `values[i*size + j]`, in the units of the returns it was
 * estimated from (per period squared; multiply by 252 to annualise daily data).
 */
export interface CovarianceMatrix {
  size: number;
  values: Float64Array;
}
