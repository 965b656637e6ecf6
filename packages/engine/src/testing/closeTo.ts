/**
 * Whether |actual − expected| <= rel·max(|actual|, |expected|) + abs: the tolerance every
 * oracle comparison of the engine's tests uses (a boolean, for `fc.property` predicates).
 *
 * @example
 * closeTo(0.1 + 0.2, 0.3) // => true
 * closeTo(1, 1.001, 1e-6) // => false
 */
export function closeTo(actual: number, expected: number, rel = 1e-9, abs = 1e-12): boolean {
  return Math.abs(actual - expected) <= closeToTolerance(actual, expected, rel, abs);
}

/** The tolerance of {@link closeTo}: rel·max(|actual|, |expected|) + abs. */
export function closeToTolerance(actual: number, expected: number, rel = 1e-9, abs = 1e-12): number {
  return rel * Math.max(Math.abs(actual), Math.abs(expected)) + abs;
}
