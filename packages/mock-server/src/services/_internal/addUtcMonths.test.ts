import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addUtcMonths, shiftIsoDayYears } from "./addUtcMonths.ts";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("addUtcMonths", () => {
  it("clamps the day to the target month's length", () => {
    expect(iso(addUtcMonths(Date.UTC(2024, 2, 31), -1))).toBe("2024-02-29");
    expect(iso(addUtcMonths(Date.UTC(2023, 2, 31), -1))).toBe("2023-02-28");
    expect(iso(addUtcMonths(Date.UTC(2024, 7, 31), -6))).toBe("2024-02-29");
    expect(iso(addUtcMonths(Date.UTC(2024, 11, 31), 2))).toBe("2025-02-28");
    expect(iso(addUtcMonths(Date.UTC(2025, 0, 15), -1))).toBe("2024-12-15");
    expect(iso(addUtcMonths(Date.UTC(2024, 1, 29, 13, 5), -12))).toBe("2023-02-28");
    expect(shiftIsoDayYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(shiftIsoDayYears("2020-02-29", 4)).toBe("2024-02-29");
    expect(shiftIsoDayYears("2025-06-30", -5)).toBe("2020-06-30");
  });

  it("moves by exactly the months asked, never past the month's end, and keeps the day when it exists", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.integer({ min: -240, max: 240 }),
        (ms, months) => {
          const from = new Date(ms);
          const to = new Date(addUtcMonths(ms, months));
          expect(to.getUTCFullYear() * 12 + to.getUTCMonth() - (from.getUTCFullYear() * 12 + from.getUTCMonth())).toBe(
            months,
          );
          expect(to.getUTCHours() + to.getUTCMinutes() + to.getUTCSeconds() + to.getUTCMilliseconds()).toBe(0);
          const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
          expect(to.getUTCDate()).toBe(Math.min(from.getUTCDate(), lastDay));
        },
      ),
      { seed: 2323, numRuns: 500 },
    );
  });
});
