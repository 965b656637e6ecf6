import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { captureRatios } from "./captureRatios.ts";
import { hitRate } from "./hitRate.ts";
import { extremePeriods } from "./extremePeriods.ts";
import { expectClose } from "../stats/_test/helpers.ts";
import { captureOracle } from "./_test/oracles.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const pairArb = fc
  .integer({ min: 1, max: 120 })
  .chain((n) => fc.tuple(fc.array(ret, { minLength: n, maxLength: n }), fc.array(ret, { minLength: n, maxLength: n })));

describe("captureRatios", () => {
  it("matches the annualised geometric returns of the up and down periods computed by plain products", () => {
    fc.assert(
      fc.property(pairArb, fc.constantFrom(1, 12, 52), ([r, b], p) => {
        const got = captureRatios(r, b, p);
        const want = captureOracle(r, b, p);
        expectClose(got.up, want.up, 1e-8, 1e-12);
        expectClose(got.down, want.down, 1e-8, 1e-12);
        expect(got.upPeriods + got.downPeriods).toBe(b.filter((x) => x !== 0).length);
      }),
    );
  });
  it("closed forms: the benchmark captures itself 1 and 1; no up (down) periods give 0; a better return in every up period gives up > 1", () => {
    fc.assert(
      fc.property(pairArb, ([, b]) => {
        const self = captureRatios(b, b, 52);
        if (self.upPeriods > 0) expectClose(self.up, 1, 1e-12, 0);
        if (self.downPeriods > 0) expectClose(self.down, 1, 1e-12, 0);
        const nonPositive = b.map((x) => -Math.abs(x));
        expect(captureRatios(b, nonPositive, 52).up).toBe(0);
        const better = b.map((x) => (x > 0 ? x + 0.01 : x));
        if (self.upPeriods > 0) expect(captureRatios(better, b, 52).up).toBeGreaterThan(1);
      }),
    );
  });
  it("rejects returns <= -1 (log of a loss of everything) naming the index", () => {
    expect(() => captureRatios([0.1, -1], [0.1, -0.1])).toThrow(/returns\[1\]/);
  });
});

describe("hitRate", () => {
  it("counts the periods that beat the benchmark (or are positive), ties as misses", () => {
    fc.assert(
      fc.property(pairArb, ([r, b]) => {
        expect(hitRate(r, b)).toBe(r.filter((x, i) => x > b[i]!).length / r.length);
        expect(hitRate(r)).toBe(r.filter((x) => x > 0).length / r.length);
        expect(hitRate(b, b)).toBe(0);
        // Swapping sides: hits + reverse hits + ties = n.
        const ties = r.filter((x, i) => x === b[i]).length;
        expectClose(hitRate(r, b) + hitRate(b, r) + ties / r.length, 1, 1e-12, 1e-12);
      }),
    );
  });
});

describe("extremePeriods", () => {
  it("finds the first maximum and minimum, invariant to positive scaling", () => {
    fc.assert(
      fc.property(fc.array(ret, { minLength: 1, maxLength: 200 }), (r) => {
        const e = extremePeriods(r);
        expect(e.best).toBe(Math.max(...r) + 0);
        expect(e.worst).toBe(Math.min(...r) + 0);
        expect(e.bestIndex).toBe(r.indexOf(Math.max(...r)));
        expect(e.worstIndex).toBe(r.indexOf(Math.min(...r)));
        const neg = extremePeriods(r.map((x) => -x));
        expect([neg.best, neg.worst]).toEqual([-e.worst + 0, -e.best + 0]);
      }),
    );
  });
});
