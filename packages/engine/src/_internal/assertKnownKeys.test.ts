import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { assertKnownKeys, closestName, editDistance } from "./assertKnownKeys.ts";

describe("editDistance", () => {
  it("hand-checked: a transposition is one edit, case is ignored", () => {
    expect(editDistance("maxWieght", "maxWeight")).toBe(1);
    expect(editDistance("MAXWEIGHT", "maxWeight")).toBe(0);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
  it("is a metric's basics: 0 on itself, symmetric, at most the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe("assertKnownKeys", () => {
  const allowed = ["minHoldings", "maxWeight", "buzzPenalty"];
  it("names the unknown key and the closest valid name, with details", () => {
    let error: unknown;
    try {
      assertKnownKeys("options", { maxWieght: 0.5 }, allowed);
    } catch (e) {
      error = e;
    }
    expect(isEngineError(error, "INVALID_INPUT")).toBe(true);
    expect((error as Error).message).toBe(
      "options has no option maxWieght (did you mean maxWeight?); valid: minHoldings, maxWeight, buzzPenalty",
    );
    expect((error as { field: string }).field).toBe("options.maxWieght");
    expect((error as { details: unknown }).details).toEqual({ key: "maxWieght", closest: "maxWeight", allowed });
    expect(closestName("buzzpenality", allowed)).toBe("buzzPenalty");
  });
  it("accepts any subset of the valid keys, refuses any other key", () => {
    fc.assert(
      fc.property(fc.subarray(allowed), fc.string({ minLength: 1, maxLength: 10 }), (keys, extra) => {
        const ok = Object.fromEntries(keys.map((k) => [k, 1]));
        expect(() => assertKnownKeys("options", ok, allowed)).not.toThrow();
        if (!allowed.includes(extra) && extra !== "__proto__")
          expect(() => assertKnownKeys("options", { ...ok, [extra]: 1 }, allowed)).toThrow(/has no option/);
      }),
    );
  });
});
