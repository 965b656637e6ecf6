import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDistinct, formatNumber } from "./formatNumber.ts";

describe("formatNumber", () => {
  it("hand-checked: rounds float noise away, groups thousands, keeps small and huge in exponent form", () => {
    expect(formatNumber(3 * 0.2)).toBe("0.6");
    expect(formatNumber(500_000_000)).toBe("500,000,000");
    expect(formatNumber(-1234567.891)).toBe("-1,234,570");
    expect(formatNumber(1 / 3)).toBe("0.333333");
    expect(formatNumber(1e-7)).toBe("1e-7");
    expect(formatNumber(1e25)).toBe("1e+25");
    expect(formatNumber(Number.NaN)).toBe("NaN");
  });
  it("writes safe integers exactly (a bound never reads as a larger one)", () => {
    expect(formatNumber(Number.MAX_SAFE_INTEGER)).toBe("9,007,199,254,740,991");
    expect(formatNumber(1_234_567)).toBe("1,234,567");
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => Number(formatNumber(n).replaceAll(",", "")) === n)); // -0 reads as 0, which === -0
  });
  it("reads back (commas removed) within the rounding of 6 significant digits", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const back = Number(formatNumber(x).replaceAll(",", ""));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(5e-6 * Math.abs(x));
      }),
    );
  });
});

describe("formatDistinct", () => {
  it("adds digits until the value no longer reads as a bound it differs from", () => {
    expect(formatDistinct(1.0000000000000002, [0, 1])).toBe("1.0000000000000002");
    expect(formatDistinct(0.6000000000000001, [1])).toBe("0.6");
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (x, bound) => {
          if (x !== bound) expect(formatDistinct(x, [bound])).not.toBe(formatNumber(bound, 17));
        },
      ),
    );
  });
});
