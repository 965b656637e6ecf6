import { EngineError } from "../../errors/EngineError.ts";
import { assertInteger, toFiniteFloat64 } from "../../_internal/validate.ts";
import type { ReturnMatrix } from "../types.ts";

/** A checked {@link ReturnMatrix}: the returns as a Float64Array (a view when already one), T and N. */
export interface CheckedReturnMatrix {
  returns: Float64Array;
  periods: number;
  assets: number;
}

/**
 * Checks a {@link ReturnMatrix}: an object, `periods` an integer >= `minPeriods`, `returns` finite
 * numbers whose count is a positive multiple of `periods`. Throws INVALID_INPUT naming the field.
 */
export function validateReturnMatrix(matrix: ReturnMatrix, minPeriods = 2): CheckedReturnMatrix {
  if (matrix === null || typeof matrix !== "object") {
    throw new EngineError("INVALID_INPUT", "returns must be an object {returns, periods}", { field: "returns" });
  }
  assertInteger("periods", matrix.periods, { min: minPeriods });
  const returns = toFiniteFloat64("returns", matrix.returns, matrix.periods);
  if (returns.length % matrix.periods !== 0) {
    throw new EngineError(
      "INVALID_INPUT",
      `returns must hold periods × assets values: ${returns.length} is not a multiple of periods (${matrix.periods})`,
      { field: "returns" },
    );
  }
  return { returns, periods: matrix.periods, assets: returns.length / matrix.periods };
}
