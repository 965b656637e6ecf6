import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstAbove, firstAtLeast } from "./sortedSearch.ts";

describe("firstAtLeast / firstAbove", () => {
  it("equal a linear scan for any ascending array, value and range", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 })),
        fc.integer({ min: -25, max: 25 }),
        fc.nat(),
        fc.nat(),
        (values, x, a, b) => {
          const sorted = values.sort((p, q) => p - q);
          const from = Math.min(a, b) % (sorted.length + 1);
          const to = Math.max(from, Math.max(a, b) % (sorted.length + 1));
          const scan = (ok: (v: number) => boolean) => {
            for (let i = from; i < to; i++) if (ok(sorted[i]!)) return i;
            return to;
          };
          expect(firstAtLeast(sorted, x, from, to)).toBe(scan((v) => v >= x));
          expect(firstAbove(sorted, x, from, to)).toBe(scan((v) => v > x));
          expect(firstAtLeast(Float64Array.from(sorted), x)).toBe(firstAtLeast(sorted, x, 0, sorted.length));
        },
      ),
    );
  });

  it("matches the examples", () => {
    expect(firstAtLeast([1, 3, 3, 5], 3)).toBe(1);
    expect(firstAbove([1, 3, 3, 5], 3)).toBe(3);
    expect(firstAbove([1, 3, 3, 5], 9)).toBe(4);
    expect(firstAtLeast([], 0)).toBe(0);
  });
});
