import fc from "fast-check";
import { expect } from "vitest";

/** Asserts |actual - expected| <= rel·max(|actual|, |expected|) + abs. */
export function expectClose(actual: number, expected: number, rel = 1e-9, abs = 1e-12): void {
  const tol = rel * Math.max(Math.abs(actual), Math.abs(expected)) + abs;
  if (!(Math.abs(actual - expected) <= tol)) {
    expect.fail(`expected ${actual} to be within ${tol} of ${expected}`);
  }
}

/** A realistic periodic simple return (> -1, at most +500%). */
export const returnArb = fc.double({ min: -0.99, max: 5, noNaN: true });

/** A series of realistic returns. */
export const returnsArb = (minLength = 2, maxLength = 300) => fc.array(returnArb, { minLength, maxLength });

/** A positive price or NAV. */
export const priceArb = fc.double({ min: 1e-3, max: 1e6, noNaN: true });

/** A price in a realistic band: ratios between two of them stay within 1e-3..1e3, so tests of
 * r = P_t / P_{t-1} - 1 are not dominated by cancellation near r = -1. */
export const tamePriceArb = fc.double({ min: 1, max: 1000, noNaN: true });

/** A series of positive prices. */
export const pricesArb = (minLength = 1, maxLength = 300) => fc.array(priceArb, { minLength, maxLength });

/** Any finite double, including extremes (±1.8e308, subnormals, -0). */
export const anyFiniteArb = fc.double({ noNaN: true, noDefaultInfinity: true });

/** Confidence level strictly inside (0, 1). */
export const betaArb = fc.double({ min: 0.001, max: 0.999, noNaN: true });
