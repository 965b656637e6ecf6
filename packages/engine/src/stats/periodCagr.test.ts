import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { periodCagr } from "./periodCagr.ts";
import { cagr } from "./cagr.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -5000, max: 5000 }).map((x) => x / 1e5);

describe("periodCagr", () => {
  it("is cagr over n / p years, and compounds back to the total growth", () => {
    fc.assert(
      fc.property(fc.array(ret, { minLength: 1, maxLength: 300 }), fc.constantFrom(252, 52, 12, 1), (r, p) => {
        const growth = r.reduce((a, x) => a * (1 + x), 1);
        const rate = periodCagr(r, p);
        expectClose(rate, cagr(1, growth, r.length / p), 1e-9, 1e-12);
        expectClose((1 + rate) ** (r.length / p), growth, 1e-9);
      }),
    );
  });
  it("hand-checked and bad input", () => {
    expect(periodCagr([0.1, 0.1], 1)).toBe(0.1);
    expectClose(periodCagr([0.21], 0.5), 0.1, 1e-12); // one period of 2 years: 1.21^(1/2) - 1
    expect(() => periodCagr([0.1, -1])).toThrowError("returns[1] must satisfy -1 < returns[1], got -1");
    expect(() => periodCagr([0.1], 0)).toThrowError("periodsPerYear must satisfy 0 < periodsPerYear, got 0");
  });
});
