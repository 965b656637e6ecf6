import { assertSameLength, toFiniteFloat64 } from "../../_internal/validate.ts";

/** `returns` and `benchmarkReturns` checked: finite, at least `minLength` each, the same length. */
export function pairedReturns(
  returns: unknown,
  benchmarkReturns: unknown,
  minLength = 2,
): { r: Float64Array; b: Float64Array } {
  const r = toFiniteFloat64("returns", returns, minLength);
  const b = toFiniteFloat64("benchmarkReturns", benchmarkReturns, minLength);
  assertSameLength("returns", r, "benchmarkReturns", b);
  return { r, b };
}
