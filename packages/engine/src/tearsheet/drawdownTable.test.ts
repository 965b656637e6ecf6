import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { drawdownTable } from "./drawdownTable.ts";
import { maxDrawdown } from "../stats/maxDrawdown.ts";
import { drawdownOracle } from "./_test/oracles.ts";

const navArb = fc.array(fc.integer({ min: 50, max: 150 }), { minLength: 1, maxLength: 120 });

describe("drawdownTable", () => {
  it("equals a brute-force scan of every peak, deepest first", () => {
    fc.assert(
      fc.property(navArb, (v) => {
        expect(drawdownTable(v)).toStrictEqual(drawdownOracle(v));
      }),
    );
  });
  it("its deepest depth is maxDrawdown; episodes do not overlap; depths are in [-1, 0); scaling the values changes nothing", () => {
    fc.assert(
      fc.property(navArb, fc.constantFrom(2, 0.25, 1024), (v, c) => {
        const table = drawdownTable(v);
        expect(table.length === 0 ? 0 : table[0]!.depth).toBe(maxDrawdown(v));
        const byTime = [...table].sort((a, b) => a.start - b.start);
        for (let i = 1; i < byTime.length; i++)
          expect(byTime[i]!.start).toBeGreaterThanOrEqual(byTime[i - 1]!.recovery);
        for (const e of table) {
          expect(e.depth).toBeLessThan(0);
          expect(e.depth).toBeGreaterThanOrEqual(-1);
          expect(e.start).toBeLessThan(e.trough);
          if (e.recovery >= 0) expect(e.recovery - e.start).toBe(e.length);
        }
        expect(drawdownTable(v.map((x) => x * c))).toStrictEqual(table);
        expect(drawdownTable(v, 2)).toStrictEqual(table.slice(0, 2));
      }),
    );
  });
  it("hand-checked: two episodes, the last unrecovered", () => {
    expect(drawdownTable([100, 120, 90, 130, 117])).toEqual([
      { depth: -0.25, start: 1, trough: 2, recovery: 3, length: 2 },
      { depth: (117 - 130) / 130, start: 3, trough: 4, recovery: -1, length: 1 },
    ]);
    expect(drawdownTable([1, 2, 3])).toEqual([]);
  });
});
