import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { purgedKFold } from "./purgedKFold.ts";
import { expectPathRules, expectSplitRules, testCounts } from "./_test/splitInvariants.ts";

/** T, K and a purge and embargo small enough that every split keeps a train period. */
const kFoldArb = fc
  .integer({ min: 4, max: 80 })
  .chain((periods) =>
    fc.record({ periods: fc.constant(periods), folds: fc.integer({ min: 2, max: Math.floor(periods / 2) }) }),
  )
  .chain(({ periods, folds }) => {
    const budget = periods - Math.ceil(periods / folds) - 1;
    return fc.integer({ min: 0, max: Math.min(budget, Math.floor(periods / folds) - 1) }).chain((purge) =>
      fc.record({
        periods: fc.constant(periods),
        folds: fc.constant(folds),
        purge: fc.constant(purge),
        embargo: fc.integer({ min: 0, max: budget - purge }),
      }),
    );
  });

describe("purgedKFold", () => {
  it("its doc example holds", () => {
    const cv = purgedKFold(10, { folds: 2, purge: 1, embargo: 1 });
    expect(cv.splits.map((s) => [Array.from(s.train), Array.from(s.test)])).toEqual([
      [
        [7, 8, 9],
        [0, 1, 2, 3, 4],
      ],
      [
        [0, 1, 2, 3],
        [5, 6, 7, 8, 9],
      ],
    ]);
  });

  it("purged train and test never overlap, no train period lies in a purge or embargo zone, and nothing else is removed", () => {
    fc.assert(
      fc.property(kFoldArb, ({ periods, folds, purge, embargo }) => {
        const cv = purgedKFold(periods, { folds, purge, embargo });
        expect([cv.method, cv.splits.length, cv.testGroups, cv.purge, cv.embargo]).toEqual([
          "purged-k-fold",
          folds,
          1,
          purge,
          embargo,
        ]);
        expectSplitRules(cv);
      }),
      { numRuns: 150 },
    );
  });

  it("tests every period exactly once, in folds whose sizes differ by at most one, assembled into one path", () => {
    fc.assert(
      fc.property(kFoldArb, ({ periods, folds, purge, embargo }) => {
        const cv = purgedKFold(periods, { folds, purge, embargo });
        expect(testCounts(cv).every((c) => c === 1)).toBe(true);
        const sizes = cv.splits.map((s) => s.test.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expectPathRules(cv, 1);
      }),
    );
  });

  it("without purge or embargo, train and test make up all the periods; a longer purge or embargo only removes train periods", () => {
    fc.assert(
      fc.property(kFoldArb, ({ periods, folds, purge, embargo }) => {
        const plain = purgedKFold(periods, { folds });
        for (const s of plain.splits) expect(s.train.length + s.test.length).toBe(periods);
        const cv = purgedKFold(periods, { folds, purge, embargo });
        cv.splits.forEach((s, k) => {
          const wider = new Set(plain.splits[k]!.train);
          for (const t of s.train) expect(wider.has(t)).toBe(true);
        });
      }),
    );
  });

  it("reads an embargo fraction f as ⌊f·T⌋ periods", () => {
    const byFraction = purgedKFold(100, { folds: 5, embargo: { fraction: 0.037 } });
    expect(byFraction.embargo).toBe(3);
    expect(byFraction.splits).toEqual(purgedKFold(100, { folds: 5, embargo: 3 }).splits);
  });

  it("refuses out-of-range options naming them, and a purge that leaves nothing to train on as INSUFFICIENT_DATA", () => {
    const fieldOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (isEngineError(e)) return [e.code, e.field];
      }
      return undefined;
    };
    expect(fieldOf(() => purgedKFold(10, { folds: 6 }))).toEqual(["INVALID_INPUT", "options.folds"]);
    expect(fieldOf(() => purgedKFold(3))).toEqual(["INVALID_INPUT", "periods"]);
    expect(fieldOf(() => purgedKFold(10, { purge: -1 }))).toEqual(["INVALID_INPUT", "options.purge"]);
    expect(fieldOf(() => purgedKFold(10, { embargo: 0.5 }))).toEqual(["INVALID_INPUT", "options.embargo"]);
    expect(fieldOf(() => purgedKFold(10, { embargo: { fraction: 1 } }))).toEqual([
      "INVALID_INPUT",
      "options.embargo.fraction",
    ]);
    expect(fieldOf(() => purgedKFold(10, { folds: 2, purge: 5 }))).toEqual(["INSUFFICIENT_DATA", "options.purge"]);
    expect(fieldOf(() => purgedKFold(10, { folds: 2, embargo: 5 }))).toEqual(["INSUFFICIENT_DATA", "options.embargo"]);
    expect(() => purgedKFold(10, { fold: 2 } as never)).toThrow(/has no option fold \(did you mean folds\?\)/);
  });
});
