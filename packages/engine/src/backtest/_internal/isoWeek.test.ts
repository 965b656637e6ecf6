import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isoWeek } from "./isoWeek.ts";
import { mondayOf } from "../_test/businessCalendar.ts";

describe("isoWeek", () => {
  it("two midnights share a number exactly when they share a Monday-to-Sunday week (checked with Date.getUTCDay)", () => {
    const day = fc.integer({ min: -20000, max: 40000 }).map((d) => d * 86400);
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(isoWeek(a) === isoWeek(b)).toBe(mondayOf(a) === mondayOf(b));
      }),
    );
  });

  it("starts weeks on Monday: Sunday 2024-01-07 and Monday 2024-01-08 differ; 1970-01-01 (Thursday) is week 0", () => {
    expect(isoWeek(Date.UTC(2024, 0, 8) / 1000) - isoWeek(Date.UTC(2024, 0, 7) / 1000)).toBe(1);
    expect(isoWeek(Date.UTC(2024, 0, 14) / 1000)).toBe(isoWeek(Date.UTC(2024, 0, 8) / 1000));
    expect(isoWeek(0)).toBe(0);
    expect(isoWeek(-3 * 86400)).toBe(0);
    expect(isoWeek(-4 * 86400)).toBe(-1);
  });
});
