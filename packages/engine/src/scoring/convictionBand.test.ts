import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { convictionBand } from "./index.ts";

describe("convictionBand", () => {
  it("uses the service's bands: > 0.5 high, 0.2 to 0.5 moderate, < 0.2 low", () => {
    expect(convictionBand(1)).toBe("high");
    expect(convictionBand(0.5 + 2 ** -53)).toBe("high"); // next double above 0.5
    expect(convictionBand(0.5)).toBe("moderate");
    expect(convictionBand(0.2)).toBe("moderate");
    expect(convictionBand(0.19999999999999998)).toBe("low"); // previous double below 0.2
    expect(convictionBand(0)).toBe("low"); // an ineligible company
  });

  it("rejects a score outside [0, 1] or not finite", () => {
    for (const bad of [Number.NaN, -0.1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(() => convictionBand(bad)).toThrow(EngineError);
    }
    expect(() => convictionBand(1.5)).toThrow("score must satisfy 0 <= score <= 1, got 1.5");
    expect(() => convictionBand(Number.NaN)).toThrow("score must be a finite number, got NaN");
  });

  it("is monotone: a higher score never gets a lower band (property)", () => {
    const rank = { low: 0, moderate: 1, high: 2 } as const;
    const score = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(score, score, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank[convictionBand(lo)]).toBeLessThanOrEqual(rank[convictionBand(hi)]);
      }),
    );
  });
});
