import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { projectOntoBudgetBox } from "./projectOntoBudgetBox.ts";

describe("projectOntoBudgetBox", () => {
  it("returns the point of {Σw = 1, lo <= w <= hi} nearest to v: feasible, and w = clip(v − ν) for one ν", () => {
    const instance = fc
      .record({
        v: fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 2, maxLength: 30 }),
        loShare: fc.double({ min: 0, max: 0.999, noNaN: true }),
        hiShare: fc.double({ min: 0.001, max: 1, noNaN: true }),
      })
      .map(({ v, loShare, hiShare }) => ({
        v: Float64Array.from(v),
        lo: (loShare / v.length) * 0.999,
        hi: 1 / v.length + hiShare * (1 - 1 / v.length),
      }));
    fc.assert(
      fc.property(instance, ({ v, lo, hi }) => {
        const w = projectOntoBudgetBox(v, lo, hi);
        expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThanOrEqual(1e-12);
        for (const x of w) {
          expect(x).toBeGreaterThanOrEqual(lo);
          expect(x).toBeLessThanOrEqual(hi);
        }
        // One shift ν: read it off a coordinate strictly inside the bounds; the others are clipped consistently.
        const inside = Array.from(w.keys()).find((i) => w[i]! > lo + 1e-12 && w[i]! < hi - 1e-12);
        if (inside !== undefined) {
          const nu = v[inside]! - w[inside]!;
          w.forEach((x, i) => expect(Math.abs(x - Math.min(hi, Math.max(lo, v[i]! - nu)))).toBeLessThanOrEqual(1e-9));
        }
      }),
      { numRuns: 500 },
    );
  });
});
