import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { navCents } from "../../_internal/navCents.ts";
import { pointsTextWriter } from "./pointsTextWriter.ts";

const expected = (t: ArrayLike<number>, nav: ArrayLike<number>) =>
  JSON.stringify(Array.from(t, (ti, k) => [ti, navCents(nav[k]!)])).slice(1, -1);

describe("pointsTextWriter", () => {
  it("writes exactly the JSON of the [t, navCents(nav)] pairs, for NAV-like and any finite values", () => {
    const series = fc.integer({ min: 0, max: 60 }).chain((n) =>
      fc.tuple(
        fc.array(fc.integer({ min: 0, max: 4_102_444_800 }), { minLength: n, maxLength: n }),
        fc.array(
          fc.oneof(
            fc.double({ min: 0, max: 1e6, noNaN: true }),
            fc.double({ min: 2e7, max: 1e14, noNaN: true }),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
          ),
          {
            minLength: n,
            maxLength: n,
          },
        ),
      ),
    );
    fc.assert(
      fc.property(series, ([t, nav]) => {
        const write = pointsTextWriter(t);
        expect(write(nav)).toBe(expected(t, nav));
        expect(write(Float64Array.from(nav))).toBe(expected(t, nav));
      }),
      { numRuns: 500 },
    );
  });

  it("writes every cents value and the edges of its integer path", () => {
    const t = [1594339200];
    const write = pointsTextWriter(t);
    for (const whole of [0, 1, 9, 10, 99, 100, 999, 10000, 21474835, 21474836, 21474837, 1e9]) {
      for (let c = 0; c < 100; c++) {
        const x = whole + c / 100;
        expect(write([x])).toBe(expected(t, [x]));
      }
    }
    expect(write([10156.804])).toBe("[1594339200,10156.8]");
  });

  it("keeps nothing between calls and refuses a series of the wrong length", () => {
    const t = [1, 2, 3];
    const write = pointsTextWriter(t);
    const long = pointsTextWriter(Array.from({ length: 5000 }, (_, k) => k));
    expect(write([1.5, 2.25, 3])).toBe("[1,1.5],[2,2.25],[3,3]");
    long(Array.from({ length: 5000 }, () => 123456.78));
    expect(write([4, 5, 6])).toBe("[1,4],[2,5],[3,6]");
    expect(() => write([1, 2])).toThrow(RangeError);
    expect(pointsTextWriter([])([])).toBe("");
  });
});
