/**
 * The shared relative tolerance of docs/maths.md#numbers (`EPS = 1e-9`), and the rule that uses it
 * to decide when a floating-point product such as β·n "is" an integer.
 */
export const EPS = 1e-9;

/** `x` rounded to the nearest integer when it lies within `EPS` relative of it, else `x` unchanged. */
export function snapToInteger(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) <= EPS * Math.abs(x) ? r : x;
}
