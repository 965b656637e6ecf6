import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { annualReturns, monthlyReturns } from "./periodReturns.ts";
import { expectClose } from "../stats/_test/helpers.ts";

const DAY = 86400;
/** Points at increasing day offsets from 2019-12-20 (Unix seconds), NAVs 50..150. */
const seriesArb = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 50, max: 150 })), { minLength: 1, maxLength: 120 })
  .map((steps) => {
    let t = 1576800000;
    const out: Array<[number, number]> = [[t, 100]];
    for (const [d, v] of steps) out.push([(t += d * DAY), v]);
    return out;
  });

describe("monthlyReturns and annualReturns", () => {
  it("compound to the total return, are in time order, and chain end to start", () => {
    fc.assert(
      fc.property(seriesArb, (s) => {
        const total = s[s.length - 1]![1] / s[0]![1];
        for (const table of [monthlyReturns(s), annualReturns(s)]) {
          expectClose(
            table.reduce((a, m) => a * (1 + m.return), 1),
            total,
            1e-12,
          );
          expect(table[0]!.start).toBe(s[0]![0]);
          expect(table[table.length - 1]!.end).toBe(s[s.length - 1]![0]);
          for (let i = 1; i < table.length; i++) expect(table[i]!.start).toBe(table[i - 1]!.end);
        }
        const months = monthlyReturns(s);
        for (const m of months) {
          const d = new Date(m.end * 1000);
          expect([d.getUTCFullYear(), d.getUTCMonth() + 1]).toEqual([m.year, m.month]);
        }
        // A year's return is the product of its months' returns.
        for (const y of annualReturns(s)) {
          const inYear = months.filter((m) => m.year === y.year);
          expectClose(inYear.reduce((a, m) => a * (1 + m.return), 1) - 1, y.return, 1e-12, 1e-15);
        }
      }),
    );
  });
  it("hand-checked: partial first month, a gap, and bad input", () => {
    const jan15 = 1705276800; // 2024-01-15
    const s: Array<[number, number]> = [
      [jan15, 100],
      [jan15 + 10 * DAY, 110],
      [jan15 + 20 * DAY, 121],
      [jan15 + 80 * DAY, 121],
    ];
    const m = monthlyReturns(s);
    expect(m.map((x) => [x.year, x.month, x.partial])).toEqual([
      [2024, 1, true],
      [2024, 2, false],
      [2024, 4, true],
    ]);
    expectClose(m[0]!.return, 0.1, 1e-15);
    expectClose(m[1]!.return, 0.1, 1e-15);
    expect(m[2]!.return).toBe(0);
    expect(annualReturns(s)).toEqual([
      { year: 2024, return: 0.20999999999999996, start: jan15, end: jan15 + 80 * DAY, partial: true },
    ]);
    expect(() => monthlyReturns([[0, 1]])).toThrowError("timeSeries must be an array of at least 2 [t, value] points");
    expect(() =>
      monthlyReturns([
        [0, 1],
        [0, 2],
      ]),
    ).toThrowError("timeSeries[1][0] must be a finite timestamp above the previous one, got 0");
    expect(() =>
      annualReturns([
        [0, 1],
        [1, -2],
      ]),
    ).toThrowError("timeSeries[1][1] must be a finite number > 0, got -2");
  });
});
