import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compensatedSum } from "./compensatedSum.ts";

/** Values m · 2^e (|m| < 2^53, -20 <= e <= 60): exactly representable as BigInt multiples of 2^-20. */
const dyadicArb = fc
  .tuple(
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.integer({ min: 0, max: 2 ** 21 }),
    fc.integer({ min: -20, max: 30 }),
  )
  .map(([hi, lo, e]) => (hi * 2 ** 21 + lo) * 2 ** e);

/** The exact sum computed in BigInt, rounded once to float64 (Number(bigint) rounds to nearest). */
function exactSum(xs: number[]): number {
  let s = 0n;
  for (const x of xs) s += BigInt(x * 2 ** 20);
  return Number(s) * 2 ** -20;
}

describe("compensatedSum", () => {
  it("recovers terms plain summation loses", () => {
    expect(compensatedSum([1e100, 1, -1e100])).toBe(1);
    expect(compensatedSum([1, 1e100, 1, -1e100])).toBe(2);
    expect(compensatedSum([])).toBe(0);
  });

  it("meets Neumaier's error bound against the exact sum on ill-conditioned input", () => {
    fc.assert(
      fc.property(
        fc.array(dyadicArb, { minLength: 1, maxLength: 200 }),
        fc.array(dyadicArb, { maxLength: 5 }),
        (xs, extra) => {
          // Large terms that cancel, leaving the small extras: plain summation loses most of them.
          const terms = [...xs, ...extra, ...xs.map((v) => -v)];
          const exact = exactSum(terms);
          // Neumaier's bound: |error| <= u·|S| + O(n·u²)·Σ|x_i|, u = 2^-53 (Higham 2002, §4.3).
          const absSum = terms.reduce((acc, v) => acc + Math.abs(v), 0);
          const bound = 2 ** -52 * Math.abs(exact) + terms.length * 2 ** -104 * absSum;
          expect(Math.abs(compensatedSum(terms) - exact)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("sums a sub-range", () => {
    expect(compensatedSum([1, 2, 3, 4], 1, 3)).toBe(5);
  });
});
