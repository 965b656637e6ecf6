import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { yearsBetween } from "./yearsBetween.ts";
import { DAYS_PER_YEAR, SECONDS_PER_DAY } from "./conventions.ts";
import { expectClose } from "./_test/helpers.ts";

describe("yearsBetween", () => {
  it("counts Julian years of 365.25 days", () => {
    expect(DAYS_PER_YEAR * SECONDS_PER_DAY).toBe(31557600);
    expect(yearsBetween(0, 31557600)).toBe(1);
    // 2000-01-01 to 2020-01-01 holds 5 leap days: 7305 days = exactly 20 Julian years.
    expect(yearsBetween(946684800, 1577836800)).toBe(20);
    expect(yearsBetween(5, 5)).toBe(0);
  });

  it("is additive", () => {
    const t = fc.integer({ min: 0, max: 4_000_000_000 });
    fc.assert(
      fc.property(t, t, t, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort((p, q) => p - q) as [number, number, number];
        expectClose(yearsBetween(x, y) + yearsBetween(y, z), yearsBetween(x, z), 1e-12, 1e-12);
      }),
    );
  });

  it("rejects end before start and non-finite input", () => {
    expect(() => yearsBetween(10, 9)).toThrowError(/endSeconds must satisfy endSeconds >= startSeconds \(10\), got 9/);
    expect(() => yearsBetween(Number.NaN, 9)).toThrowError(/startSeconds must be a finite number, got NaN/);
    expect(() => yearsBetween(-1.7e308, 1.7e308)).toThrowError(
      /startSeconds = -1.7e\+308 is not a Unix time in seconds/,
    );
    // Milliseconds (docs/maths.md#strict-inputs): refused, not read as 1000 times the span.
    expect(() => yearsBetween(1672617600000, 1704153600000)).toThrowError(
      "startSeconds = 1,672,617,600,000 is not a Unix time in seconds (years 1 to 9999): it looks like milliseconds (2023-01-02 once divided by 1000); give seconds",
    );
  });
});
