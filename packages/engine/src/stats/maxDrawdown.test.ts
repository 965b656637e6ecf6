import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { maxDrawdown } from "./maxDrawdown.ts";
import { expectClose, pricesArb } from "./_test/helpers.ts";

/** O(n²) definition: the worst fall from any earlier value. */
function bruteForce(v: number[]): number {
  let worst = 0;
  for (let t = 0; t < v.length; t++) for (let s = 0; s <= t; s++) worst = Math.min(worst, v[t]! / v[s]! - 1);
  return worst;
}

describe("maxDrawdown", () => {
  it("hand-checked: peak 120 to trough 90 is -25%", () => {
    expect(maxDrawdown([100, 120, 90, 130, 117])).toBe(-0.25);
  });

  it("is exact for a small fall from the peak ((V − peak)/peak: the difference is exact, docs/maths.md#maximum-drawdown)", () => {
    // 3 − 2⁻⁴⁰ is a double; the true drawdown is −2⁻⁴⁰/3. V/peak − 1 would be off by about 4e-4 relative.
    expectClose(maxDrawdown([3, 3 - 2 ** -40]), -(2 ** -40) / 3, 1e-15, 0);
  });

  it("lies in [-1, 0] and equals the brute-force definition", () => {
    fc.assert(
      fc.property(pricesArb(1, 120), (v) => {
        const dd = maxDrawdown(v);
        expect(dd).toBeGreaterThanOrEqual(-1);
        expect(dd).toBeLessThanOrEqual(0);
        expectClose(dd, bruteForce(v), 1e-12, 1e-15);
      }),
    );
  });

  it("is 0 (not -0) for a non-decreasing series and for one value", () => {
    fc.assert(
      fc.property(pricesArb(1, 50), (v) => {
        const sorted = [...v].sort((a, b) => a - b);
        expect(Object.is(maxDrawdown(sorted), 0)).toBe(true);
      }),
    );
  });

  it("is scale invariant", () => {
    fc.assert(
      fc.property(pricesArb(2, 80), fc.double({ min: 0.01, max: 100, noNaN: true }), (v, c) => {
        expectClose(maxDrawdown(v.map((x) => x * c)), maxDrawdown(v), 1e-12, 1e-15);
      }),
    );
  });

  it("never mutates the input and rejects bad input", () => {
    const frozen = Object.freeze([3, 1, 2]);
    expectClose(maxDrawdown(frozen), -2 / 3, 1e-15);
    expect(() => maxDrawdown([])).toThrowError(/values must hold at least 1 value/);
    expect(() => maxDrawdown([1, 0])).toThrowError(/values\[1\] must be > 0, got 0/);
  });
});
