import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isoWeekIndex } from "./isoWeekIndex.ts";
import { mondayOf } from "./_test/businessCalendar.ts";

describe("isoWeekIndex", () => {
  it("two instants share an index exactly when they share a Monday-to-Sunday UTC week (checked with Date)", () => {
    const instant = fc.integer({ min: -20000 * 86400, max: 40000 * 86400 });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const midnight = (t: number) => Math.floor(t / 86400) * 86400;
        expect(isoWeekIndex(a) === isoWeekIndex(b)).toBe(mondayOf(midnight(a)) === mondayOf(midnight(b)));
      }),
    );
  });

  it("matches its examples; a week starts on Monday 00:00 UTC", () => {
    expect(isoWeekIndex(Date.UTC(2024, 0, 7) / 1000)).toBe(2818);
    expect(isoWeekIndex(Date.UTC(2024, 0, 8) / 1000)).toBe(2819);
    expect(isoWeekIndex(Date.UTC(2024, 0, 8) / 1000 - 1)).toBe(2818);
    expect(Object.is(isoWeekIndex(0), 0)).toBe(true);
  });

  it("rejects a non-finite or non-number timestamp, naming it", () => {
    for (const bad of [Number.NaN, Infinity, "1", null]) {
      expect(() => isoWeekIndex(bad as number)).toThrowError(
        expect.objectContaining({ code: "INVALID_INPUT", field: "unixSeconds" }),
      );
    }
  });
});
