import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { totalReturn } from "./totalReturn.ts";
import { simpleReturns } from "./simpleReturns.ts";
import { expectClose, pricesArb, tamePriceArb } from "./_test/helpers.ts";

describe("totalReturn", () => {
  it("is last / first - 1 (hand-checked: 12500 / 10000 - 1 = 0.25)", () => {
    expect(totalReturn([10000, 9000, 12500])).toBe(0.25);
  });

  it("is 0 for a single value", () => {
    fc.assert(
      fc.property(pricesArb(1, 1), (v) => {
        expect(totalReturn(v)).toBe(0);
      }),
    );
  });

  it("equals the compounded simple returns", () => {
    fc.assert(
      fc.property(fc.array(tamePriceArb, { minLength: 2, maxLength: 60 }), (v) => {
        let growth = 1;
        for (const r of simpleReturns(v)) growth *= 1 + r;
        expectClose(totalReturn(v), growth - 1, 1e-11, 1e-12);
      }),
    );
  });

  it("rejects empty and non-positive input", () => {
    expect(() => totalReturn([])).toThrowError(/values must hold at least 1 value, got 0/);
    expect(() => totalReturn([1, -2])).toThrowError(/values\[1\] must be > 0, got -2/);
  });
});
