import { EngineError } from "../../errors/EngineError.ts";

/** Returns `values` when every entry is finite (with -0 made 0); else INVALID_INPUT: the estimate overflows. */
export function finiteMatrix(values: Float64Array, what: string): Float64Array {
  for (let k = 0; k < values.length; k++) {
    if (!Number.isFinite(values[k]!)) {
      throw new EngineError("INVALID_INPUT", `returns is out of range: ${what} overflows a float64 (exceeds 1.8e308)`, {
        field: "returns",
      });
    }
    values[k] = values[k]! + 0;
  }
  return values;
}
