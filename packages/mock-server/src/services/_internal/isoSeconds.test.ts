import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isoSeconds } from "./isoSeconds.ts";

describe("isoSeconds", () => {
  it("writes seconds without milliseconds, as the reference's examples", () => {
    expect(isoSeconds(Date.UTC(2023, 10, 7, 5, 31, 56, 999))).toBe("2023-11-07T05:31:56Z");
    expect(isoSeconds(Date.UTC(2023, 10, 7, 5, 31, 56))).toBe("2023-11-07T05:31:56Z");
  });
  it("parses back to the instant floored to the second", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const s = isoSeconds(ms);
        expect(s).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(Date.parse(s)).toBe(Math.floor(ms / 1000) * 1000);
      }),
    );
  });
});
