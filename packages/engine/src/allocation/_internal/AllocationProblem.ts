import type { ObjectiveSense, VariableType } from "highs";

/** One allocation problem over n priced assets: weights (Σ = 1), prices, cash, the objective. */
export interface AllocationProblem {
  n: number;
  w: Float64Array;
  p: Float64Array;
  C: number;
  timeLimitSeconds: number | undefined;
  leastCash: boolean;
}

/** The HiGHS constants a model needs (so that the models are built without a solver instance). */
export interface SolverConstants {
  infinity: number;
  /** `highs.constants.objectiveSense.minimize` (1). */
  minimize: ObjectiveSense;
  /** `highs.constants.variableType.integer` (1). */
  integer: VariableType;
}
