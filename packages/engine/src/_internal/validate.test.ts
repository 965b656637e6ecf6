import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EngineError } from "../errors/EngineError.ts";
import { assertInRange, assertInteger, toFiniteFloat64 } from "./validate.ts";

describe("toFiniteFloat64", () => {
  it("names the first non-finite index", () => {
    expect(() => toFiniteFloat64("returns", [1, Number.NaN])).toThrowError(
      /returns\[1\] must be a finite number, got NaN/,
    );
    expect(() => toFiniteFloat64("returns", [Infinity])).toThrowError(EngineError);
  });
  it("rejects non-arrays and short input", () => {
    expect(() => toFiniteFloat64("x", "abc")).toThrowError(/x must be an array/);
    expect(() => toFiniteFloat64("x", [], 1)).toThrowError(/at least 1 value, got 0/);
  });
  it("copies plain arrays and never mutates the input", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1 }), (xs) => {
        const frozen = Object.freeze([...xs]);
        const out = toFiniteFloat64("xs", frozen);
        expect(Array.from(out)).toEqual(xs.map((x) => (Object.is(x, -0) ? -0 : x)));
      }),
    );
  });
});

describe("ranges", () => {
  it("states the rule it enforces", () => {
    expect(() => assertInRange("maxWeight", 0, { min: 0, max: 1, minExclusive: true })).toThrowError(
      "maxWeight must satisfy 0 < maxWeight <= 1, got 0",
    );
    expect(() => assertInteger("years", 2.5, { min: 1, max: 20 })).toThrowError("years must be an integer, got 2.5");
    expect(() => assertInteger("years", 21, { min: 1, max: 20 })).toThrowError(
      "years must satisfy 1 <= years <= 20, got 21",
    );
  });
});
