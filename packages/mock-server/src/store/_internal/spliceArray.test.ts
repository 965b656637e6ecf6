import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spliceArray } from "./spliceArray.ts";

describe("spliceArray", () => {
  it("does what splice does, for inserts short and long (above the spread limit)", () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(60),
        fc.constantFrom(0, 2, 8192, 8193, 20_000),
        (length, at, remove, inserted) => {
          const xs = Array.from({ length }, (_, i) => i);
          const insert = Array.from({ length: inserted }, (_, i) => -i - 1);
          const index = Math.floor(at * length);
          const expected = xs.slice();
          expected.splice(index, remove, ...insert.slice(0, 8192)); // the native form, where it can run
          if (inserted > 8192) expected.splice(index + 8192, 0, ...insert.slice(8192));
          spliceArray(xs, index, remove, insert);
          expect(xs).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("inserts 200,000 items, which the spread form cannot", () => {
    const insert = Array.from({ length: 200_000 }, (_, i) => i);
    expect(() => [0].splice(0, 0, ...insert)).toThrow(RangeError);
    const xs = ["a", "b"];
    spliceArray(xs, 1, 0, insert);
    expect(xs.length).toBe(200_002);
    expect([xs[0], xs[1], xs[200_000], xs[200_001]]).toEqual(["a", 0, 199_999, "b"]);
  });
});
