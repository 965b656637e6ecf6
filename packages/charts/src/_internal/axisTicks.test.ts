import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalsOf, linearTicks, logTicks, niceStep } from "./axisTicks.ts";

describe("axis ticks", () => {
  it("steps are 1, 2 or 5 times a power of ten, and decimals write them exactly", () => {
    expect(niceStep(0, 1, 10)).toBe(0.1);
    expect(niceStep(51, 163, 6)).toBe(20);
    expect(decimalsOf(20)).toBe(0);
    expect(decimalsOf(0.5)).toBe(1);
    expect(decimalsOf(0.25)).toBe(2);
    expect(linearTicks(51, 163, 6).values).toEqual([60, 80, 100, 120, 140, 160]);
  });

  it("any range: log ticks lie in it (to rounding), at least two, each written differently by their format", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 1e7, noNaN: true }),
        fc.double({ min: 1.05, max: 1e6, noNaN: true }),
        (low, ratio) => {
          const high = low * ratio;
          const { values, format: spec } = logTicks(low, high);
          expect(values.length).toBeGreaterThanOrEqual(2);
          for (const v of values) {
            expect(v).toBeGreaterThanOrEqual(low * (1 - 1e-9));
            expect(v).toBeLessThanOrEqual(high * (1 + 1e-9));
          }
          // The d3 format ",.Nf" as Intl writes it: thousands grouped, N decimals.
          const decimals = Number(/^,\.(\d+)f$/.exec(spec)![1]);
          const labels = values.map((v) =>
            v.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
          );
          expect(new Set(labels).size).toBe(labels.length);
          // The labels cover the range: the outermost ticks are within a step (a decade at most) of its ends.
          expect(values[0]!).toBeLessThanOrEqual(low * 10);
          expect(values.at(-1)!).toBeGreaterThanOrEqual(high / 10);
        },
      ),
    );
  });
});
