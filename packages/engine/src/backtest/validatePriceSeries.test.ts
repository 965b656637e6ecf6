import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { firstBadClose, forgetCheckedCloses, validateCloses } from "./validatePriceSeries.ts";

/** The definition: the first index whose value is not a finite number > 0, or -1. */
function reference(closes: ArrayLike<unknown>): number {
  for (let j = 0; j < closes.length; j++) {
    const v = closes[j];
    if (!(typeof v === "number" && Number.isFinite(v) && v > 0)) return j;
  }
  return -1;
}

const good = fc.oneof(
  fc.double({ min: 1e-300, max: 1e6, noNaN: true }),
  fc.constantFrom(5e-324, Number.MAX_VALUE, 1e308),
);
const bad = fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, 0, -0, -1, -5e-324, "7", null, undefined);

describe("firstBadClose", () => {
  it("finds the first close that is not a finite number > 0, in a Float64Array or any array, whatever the length and wherever the bad values are", () => {
    fc.assert(
      fc.property(
        fc.array(good, { maxLength: 70 }),
        fc.array(fc.tuple(fc.nat(), bad), { maxLength: 3 }),
        fc.boolean(),
        (values, bads, typed) => {
          const plain: unknown[] = [...values];
          for (const [at, v] of bads)
            if (plain.length > 0) plain[at % plain.length] = typed && typeof v !== "number" ? Number.NaN : v;
          const closes = typed ? Float64Array.from(plain as number[]) : plain;
          forgetCheckedCloses();
          expect(firstBadClose(closes as ArrayLike<number>)).toBe(reference(closes));
        },
      ),
      { seed: 2909, numRuns: 2000 },
    );
  });

  it("finite closes whose sum passes 1.8e308 are good (the sum is only a shortcut)", () => {
    const closes = new Float64Array(64).fill(Number.MAX_VALUE);
    forgetCheckedCloses();
    expect(firstBadClose(closes)).toBe(-1);
    closes[40] = Infinity;
    forgetCheckedCloses();
    expect(firstBadClose(closes)).toBe(40);
  });

  it("checks an array once: later calls do not scan it again; a longer array is checked from where the check stopped", () => {
    forgetCheckedCloses();
    const closes = [1, 2, 3];
    expect(firstBadClose(closes)).toBe(-1);
    closes[1] = Number.NaN; // written in place after the check: not seen (documented)
    expect(firstBadClose(closes)).toBe(-1);
    closes.push(4, -5);
    expect(firstBadClose(closes)).toBe(4);
    closes[4] = 5;
    expect(firstBadClose(closes)).toBe(-1);
    forgetCheckedCloses();
    expect(firstBadClose(closes)).toBe(1);
  });

  it("validateCloses names the first bad close under the given field", () => {
    forgetCheckedCloses();
    expect(() => validateCloses(() => 'prices["A"]', Float64Array.from([1, 2, -0, 4]))).toThrowError(
      expect.objectContaining({
        code: "INVALID_INPUT",
        field: 'prices["A"].closes[2]',
        message: 'prices["A"].closes[2] must be a finite number > 0, got 0',
      }),
    );
  });
});
