import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { meanReturn } from "./meanReturn.ts";
import { anyFiniteArb, expectClose, returnArb, returnsArb } from "./_test/helpers.ts";

describe("meanReturn", () => {
  it("matches simple-statistics' mean", () => {
    fc.assert(fc.property(returnsArb(1), (r) => expectClose(meanReturn(r), ss.mean(r), 1e-10, 1e-13)));
  });

  it("lies in [min, max] and is exact for a constant series", () => {
    fc.assert(
      fc.property(returnArb, fc.integer({ min: 1, max: 500 }), (x, n) => {
        expect(meanReturn(new Array<number>(n).fill(x))).toBe(x + 0);
      }),
    );
    fc.assert(
      fc.property(fc.array(anyFiniteArb, { minLength: 1, maxLength: 100 }), (r) => {
        const m = meanReturn(r);
        expect(Number.isFinite(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(Math.min(...r));
        expect(m).toBeLessThanOrEqual(Math.max(...r));
      }),
    );
  });

  it("does not overflow or lose small terms (regression: plain summation gives Infinity and 0)", () => {
    expect(meanReturn([1.7e308, 1.7e308])).toBe(1.7e308);
    expect(meanReturn([1e16, 1, -1e16, 1])).toBe(0.5);
  });

  it("never mutates the input and rejects bad input", () => {
    const frozen = Object.freeze([0.1, 0.2]);
    expectClose(meanReturn(frozen), 0.15, 1e-15);
    expect(() => meanReturn([])).toThrowError(/returns must hold at least 1 value, got 0/);
    expect(() => meanReturn([0, Infinity])).toThrowError(/returns\[1\] must be a finite number, got Infinity/);
  });
});
