import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertUnixSeconds, MAX_UNIX_SECONDS, MIN_UNIX_SECONDS } from "./assertUnixSeconds.ts";

describe("assertUnixSeconds", () => {
  it("accepts years 1 to 9999 in seconds", () => {
    fc.assert(
      fc.property(fc.double({ min: MIN_UNIX_SECONDS, max: MAX_UNIX_SECONDS, noNaN: true }).map(Math.floor), (t) => {
        expect(() => assertUnixSeconds("t", t)).not.toThrow();
      }),
    );
    expect(new Date(MAX_UNIX_SECONDS * 1000).toISOString()).toBe("9999-12-31T23:59:59.000Z");
    expect(new Date(MIN_UNIX_SECONDS * 1000).toISOString()).toBe("0001-01-01T00:00:00.000Z");
  });
  it("refuses any date from 1979 given in milliseconds, and says so", () => {
    fc.assert(
      fc.property(
        fc.double({ min: Date.UTC(1979, 0, 1), max: Date.UTC(9999, 0, 1), noNaN: true }).map(Math.floor),
        (ms) => {
          expect(() => assertUnixSeconds("calendar[0]", ms)).toThrow(/looks like milliseconds/);
        },
      ),
    );
    expect(() => assertUnixSeconds("calendar[0]", Date.UTC(2023, 0, 2))).toThrowError(
      "calendar[0] = 1,672,617,600,000 is not a Unix time in seconds (years 1 to 9999): it looks like milliseconds (2023-01-02 once divided by 1000); give seconds",
    );
    expect(() => assertUnixSeconds("t", 1e20)).toThrowError(
      "t = 100,000,000,000,000,000,000 is not a Unix time in seconds (years 1 to 9999)",
    );
  });
});
