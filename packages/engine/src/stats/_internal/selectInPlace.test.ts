import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { selectInPlace } from "./selectInPlace.ts";

describe("selectInPlace", () => {
  it("puts the k-th smallest at k with smaller values before and larger after", () => {
    // Few distinct values force many ties; long arrays exercise the partition loop.
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 400 }), fc.nat(), (xs, seed) => {
        const a = Float64Array.from(xs);
        const k = seed % a.length;
        selectInPlace(a, k);
        const sorted = Float64Array.from(xs).sort();
        expect(a[k]).toBe(sorted[k]);
        for (let i = 0; i < k; i++) expect(a[i]!).toBeLessThanOrEqual(a[k]!);
        for (let i = k + 1; i < a.length; i++) expect(a[i]!).toBeGreaterThanOrEqual(a[k]!);
        expect(Array.from(a).sort((p, q) => p - q)).toEqual(Array.from(sorted));
      }),
    );
  });

  it("handles adversarial orders (sorted, reversed, organ-pipe, all equal)", () => {
    const n = 5000;
    const cases = [
      Float64Array.from({ length: n }, (_, i) => i),
      Float64Array.from({ length: n }, (_, i) => n - i),
      Float64Array.from({ length: n }, (_, i) => Math.min(i, n - i)),
      new Float64Array(n).fill(7),
    ];
    for (const c of cases) {
      for (const k of [0, 1, 249, n - 251, n - 1]) {
        const a = c.slice();
        selectInPlace(a, k);
        expect(a[k]).toBe(c.slice().sort()[k]);
      }
    }
  });
});
