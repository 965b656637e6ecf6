import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestNames, editDistance } from "./closestNames.ts";

describe("editDistance", () => {
  it("counts single-character edits", () => {
    expect(editDistance("objectve", "objective")).toBe(1);
    expect(editDistance("colour", "color")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("SPY", "spy")).toBe(0);
  });
  it("is a metric: symmetric, zero only for equal strings, triangle inequality", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b, c) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a.toLowerCase() === b.toLowerCase());
        expect(editDistance(a, c)).toBeLessThanOrEqual(editDistance(a, b) + editDistance(b, c));
      }),
    );
  });
});

describe("closestNames", () => {
  it("suggests the nearest known names, nearest first", () => {
    expect(closestNames("objectve", ["name", "objective", "exclusions"])).toEqual(["objective"]);
    expect(closestNames("SPX", ["SPY", "QQQ", "XLK", "SPYG"])).toEqual(["SPY", "SPYG"]);
    expect(closestNames("colour", ["name", "objective"])).toEqual([]);
    expect(closestNames("", ["a"])).toEqual([]);
  });
});
