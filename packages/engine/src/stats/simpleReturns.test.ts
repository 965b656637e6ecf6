import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EngineError } from "../errors/EngineError.ts";
import { simpleReturns } from "./simpleReturns.ts";
import { expectClose, tamePriceArb } from "./_test/helpers.ts";

describe("simpleReturns", () => {
  it("computes P_t / P_{t-1} - 1 (hand-checked: 110/100 - 1 = 0.1, 99/110 - 1 = -0.1)", () => {
    const r = simpleReturns([100, 110, 99]);
    expect(r).toBeInstanceOf(Float64Array);
    expectClose(r[0]!, 0.1, 1e-15);
    expectClose(r[1]!, -0.1, 1e-15);
  });

  it("compounds back to the prices and never mutates the input", () => {
    fc.assert(
      fc.property(fc.array(tamePriceArb, { minLength: 2, maxLength: 300 }), (prices) => {
        const frozen = Object.freeze([...prices]);
        const r = simpleReturns(frozen);
        expect(r.length).toBe(prices.length - 1);
        let p: number;
        for (let t = 1; t < prices.length; t++) {
          p = prices[t - 1]! * (1 + r[t - 1]!);
          expectClose(p, prices[t]!, 1e-12);
        }
        expect(frozen).toEqual(prices);
      }),
    );
  });

  it("accepts typed arrays without touching them", () => {
    const prices = new Float64Array([1, 2, 4]);
    expect(Array.from(simpleReturns(prices))).toEqual([1, 1]);
    expect(Array.from(prices)).toEqual([1, 2, 4]);
  });

  it("rejects short, non-finite and non-positive input, naming the index", () => {
    expect(() => simpleReturns([1])).toThrowError(/prices must hold at least 2 values, got 1/);
    expect(() => simpleReturns([1, Number.NaN])).toThrowError(/prices\[1\] must be a finite number, got NaN/);
    expect(() => simpleReturns([1, 0])).toThrowError(/prices\[1\] must be > 0, got 0/);
    expect(() => simpleReturns([1e-300, 1e300])).toThrowError(EngineError);
  });
});
