import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { navCents, navCentsText } from "./navCents.ts";

const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
const navLike = fc.double({ min: 0, max: 1e6, noNaN: true });
const nearLimit = fc.double({ min: 1e12, max: 1e14, noNaN: true });

describe("navCents", () => {
  it("is within half a cent of x (up to x·100's own rounding) and has at most 2 decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const r = navCents(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + Math.abs(x) * 4e-16);
        expect(Number.isInteger(Math.round(r * 100))).toBe(true);
        expect(navCents(r)).toBe(r);
      }),
    );
  });

  it("never gives NaN, an infinity or -0 for a finite x", () => {
    fc.assert(
      fc.property(anyFinite, (x) => {
        const r = navCents(x);
        expect(Number.isFinite(r)).toBe(true);
        expect(Object.is(r, -0)).toBe(false);
      }),
    );
    expect(Object.is(navCents(-0.001), 0)).toBe(true);
    expect(navCents(Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
  });

  it("keeps the rebased start and the reference examples' values", () => {
    expect(navCents(10000)).toBe(10000);
    expect(navCents(10089.5)).toBe(10089.5);
    expect(navCents(11565.68)).toBe(11565.68);
    expect(navCents(10156.8049)).toBe(10156.8);
  });
});

describe("navCentsText", () => {
  it("is exactly JSON.stringify(navCents(x)) for NAV-like values, values near the exact limit, and any finite double", () => {
    for (const arb of [navLike, nearLimit, anyFinite]) {
      fc.assert(
        fc.property(arb, (x) => {
          expect(navCentsText(x)).toBe(JSON.stringify(navCents(x)));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it("writes every cents value of a whole number the way JSON does", () => {
    for (let c = 0; c < 100; c++) {
      const x = 12345 + c / 100;
      expect(navCentsText(x)).toBe(JSON.stringify(navCents(x)));
    }
    expect(navCentsText(0.05)).toBe("0.05");
    expect(navCentsText(0.001)).toBe("0");
    expect(navCentsText(-1.23456)).toBe("-1.23");
  });
});
