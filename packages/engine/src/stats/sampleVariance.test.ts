import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { sampleVariance } from "./sampleVariance.ts";
import { expectClose, returnArb, returnsArb } from "./_test/helpers.ts";

describe("sampleVariance", () => {
  it("matches simple-statistics' sampleVariance", () => {
    fc.assert(fc.property(returnsArb(2), (r) => expectClose(sampleVariance(r), ss.sampleVariance(r), 1e-8, 1e-15)));
  });

  it("hand-checked value: [0.01, -0.02, 0.04] has mean 0.01 and variance (0 + 9e-4 + 9e-4) / 2 = 9e-4", () => {
    expectClose(sampleVariance([0.01, -0.02, 0.04]), 9e-4, 1e-13);
  });

  it("is exactly 0 for a constant series, and >= 0 always", () => {
    fc.assert(
      fc.property(returnArb, fc.integer({ min: 2, max: 500 }), (x, n) => {
        expect(sampleVariance(new Array<number>(n).fill(x))).toBe(0);
      }),
    );
    fc.assert(
      fc.property(returnsArb(2), (r) => {
        expect(sampleVariance(r)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("is shift invariant and scales by c²", () => {
    const shift = fc.double({ min: -10, max: 10, noNaN: true });
    const c = fc.double({ min: 1e-3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(returnsArb(2, 100), shift, c, (r, s, k) => {
        const v = sampleVariance(r);
        expectClose(sampleVariance(r.map((x) => x + s)), v, 1e-6, 1e-12);
        expectClose(sampleVariance(r.map((x) => x * k)), v * k * k, 1e-9, 1e-15);
      }),
    );
  });

  it("handles extreme magnitudes: finite when representable, an error when not", () => {
    expect(sampleVariance([1e-200, 3e-200])).toBe(0); // true value 2e-400 rounds to 0 in float64
    expectClose(sampleVariance([1e150, 3e150]), 2e300, 1e-12);
    expect(() => sampleVariance([-1e300, 1e300])).toThrowError(
      /returns is out of range: the sample variance overflows/,
    );
  });

  it("rejects fewer than two values", () => {
    expect(() => sampleVariance([1])).toThrowError(/returns must hold at least 2 values, got 1/);
  });
});
