import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rollingSortino } from "./rollingSortino.ts";
import { sortinoRatio } from "./sortinoRatio.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);

describe("rollingSortino", () => {
  it("is sortinoRatio of each window", () => {
    fc.assert(
      fc.property(
        fc.array(ret, { minLength: 2, maxLength: 80 }),
        fc.integer({ min: 2, max: 80 }),
        fc.double({ min: -0.02, max: 0.1, noNaN: true }),
        (r, m, rf) => {
          const window = Math.min(m, r.length);
          const got = rollingSortino(r, window, { riskFreeRate: rf, periodsPerYear: 52 });
          expect(got.length).toBe(r.length - window + 1);
          got.forEach((x, i) =>
            expect(x).toBe(sortinoRatio(r.slice(i, i + window), { riskFreeRate: rf, periodsPerYear: 52 })),
          );
        },
      ),
    );
  });
  it("rejects a bad window", () => {
    expect(() => rollingSortino([0.1, 0.2], 3)).toThrowError("window must be at most the number of returns (2), got 3");
    expect(() => rollingSortino([0.1, 0.2], 1)).toThrowError("window must satisfy 2 <= window, got 1");
  });
});
