import { EngineError } from "../errors/EngineError.ts";

/**
 * Returns `value` (with -0 turned into 0) when it is finite; otherwise throws `INVALID_INPUT`
 * naming `field`: the inputs were finite but the exact result is beyond the float64 range
 * (for example a variance of returns near 1e200), and no finite value would be honest.
 */
export function assertRepresentable(value: number, field: string, what: string): number {
  if (!Number.isFinite(value)) {
    throw new EngineError("INVALID_INPUT", `${field} is out of range: ${what} overflows a float64 (exceeds 1.8e308)`, {
      field,
    });
  }
  return value + 0;
}
