import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { combinatorialPurgedSplits } from "./combinatorialPurgedSplits.ts";
import { binomial } from "./_internal/combinations.ts";
import { expectPathRules, expectSplitRules, testCounts } from "./_test/splitInvariants.ts";

/** T, N, k, and a purge and embargo small enough (2h + e < ⌊T/N⌋) that every split keeps a train period. */
const cpcvArb = fc
  .integer({ min: 4, max: 70 })
  .chain((periods) =>
    fc.record({
      periods: fc.constant(periods),
      groups: fc.integer({ min: 2, max: Math.min(9, Math.floor(periods / 2)) }),
    }),
  )
  .chain(({ periods, groups }) => {
    const budget = Math.floor(periods / groups) - 1;
    return fc
      .record({
        testGroups: fc.integer({ min: 1, max: groups - 1 }),
        purge: fc.integer({ min: 0, max: Math.floor(budget / 2) }),
      })
      .chain(({ testGroups, purge }) =>
        fc.record({
          periods: fc.constant(periods),
          groups: fc.constant(groups),
          testGroups: fc.constant(testGroups),
          purge: fc.constant(purge),
          embargo: fc.integer({ min: 0, max: budget - 2 * purge }),
        }),
      );
  });

describe("combinatorialPurgedSplits", () => {
  it("its doc example holds", () => {
    const cv = combinatorialPurgedSplits(12, { groups: 4, testGroups: 2 });
    expect([cv.splits.length, cv.paths.length, Array.from(cv.paths[0]!)]).toEqual([6, 3, [0, 0, 1, 2]]);
  });

  it("makes C(N, k) splits, each tests k groups, and keeps every purge and embargo rule", () => {
    fc.assert(
      fc.property(cpcvArb, ({ periods, ...o }) => {
        const cv = combinatorialPurgedSplits(periods, o);
        expect(cv.splits.length).toBe(binomial(o.groups, o.testGroups));
        for (const s of cv.splits) expect(s.testGroups.length).toBe(o.testGroups);
        // Distinct test-group sets, in lexicographic order.
        const keys = cv.splits.map((s) => Array.from(s.testGroups).join(","));
        expect(new Set(keys).size).toBe(keys.length);
        expectSplitRules(cv);
      }),
      { numRuns: 120 },
    );
  });

  it("tests every period exactly φ = k/N·C(N, k) times and assembles φ paths that each cover every period once", () => {
    fc.assert(
      fc.property(cpcvArb, ({ periods, ...o }) => {
        const cv = combinatorialPurgedSplits(periods, o);
        const phi = (o.testGroups / o.groups) * binomial(o.groups, o.testGroups);
        expect(Number.isInteger(Math.round(phi))).toBe(true);
        expect(testCounts(cv).every((c) => c === Math.round(phi))).toBe(true);
        expect(Math.round(phi)).toBe(binomial(o.groups - 1, o.testGroups - 1));
        expectPathRules(cv, Math.round(phi));
      }),
      { numRuns: 120 },
    );
  });

  it("with k = 1 is purged K-fold: N splits, one path", () => {
    const cv = combinatorialPurgedSplits(30, { groups: 5, testGroups: 1, purge: 1, embargo: 2 });
    expect([cv.splits.length, cv.paths.length, Array.from(cv.paths[0]!)]).toEqual([5, 1, [0, 1, 2, 3, 4]]);
  });

  it("refuses out-of-range options naming them", () => {
    const fieldOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (isEngineError(e)) return [e.code, e.field];
      }
      return undefined;
    };
    expect(fieldOf(() => combinatorialPurgedSplits(20, { groups: 4, testGroups: 4 }))).toEqual([
      "INVALID_INPUT",
      "options.testGroups",
    ]);
    expect(fieldOf(() => combinatorialPurgedSplits(20, { groups: 11 }))).toEqual(["INVALID_INPUT", "options.groups"]);
    expect(fieldOf(() => combinatorialPurgedSplits(1000, { groups: 30, testGroups: 10 }))).toEqual([
      "INVALID_INPUT",
      "options.groups",
    ]);
    expect(fieldOf(() => combinatorialPurgedSplits(12, { groups: 4, testGroups: 3, purge: 2 }))).toEqual([
      "INSUFFICIENT_DATA",
      "options.purge",
    ]);
    expect(() => combinatorialPurgedSplits(20, { testGroup: 2 } as never)).toThrow(
      /has no option testGroup \(did you mean testGroups\?\)/,
    );
  });
});
