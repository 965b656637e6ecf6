import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "../_test/outcome.ts";
import { scenarioArb } from "../_test/scenario.ts";
import type { PriceSeries } from "../types.ts";
import { navAtPoints } from "./navAtPoints.ts";
import { preparedCalendarOf } from "./preparedCalendar.ts";
import { resolveHoldings, type ResolvedHolding } from "./resolveHoldings.ts";
import { readClose } from "../validatePriceSeries.ts";
import { weeklyWindow } from "./weeklyWindow.ts";
import { firstAbove } from "../../_internal/sortedSearch.ts";

/**
 * The NAV one holding at a time, each close read through readClose, after every close of every
 * series has been read in holding order: the definition navAtPoints must match bit for bit,
 * errors included.
 */
function oneAtATime(holdings: readonly ResolvedHolding[], points: Int32Array): Float64Array {
  for (const h of holdings)
    for (let j = 0; j < h.series.closes.length; j++) readClose(`prices[${JSON.stringify(h.id)}]`, h.series.closes, j);
  const value = new Float64Array(points.length);
  for (const h of holdings) {
    const { start, closes } = h.series;
    const field = `prices[${JSON.stringify(h.id)}]`;
    const coefficient = h.weight / readClose(field, closes, points[h.investPoint]! - start);
    const lastTrading = firstAbove(points, h.lastIndex, h.investPoint) - 1;
    for (let k = 0; k < h.investPoint; k++) value[k]! += h.weight;
    for (let k = h.investPoint; k <= lastTrading; k++)
      value[k]! += coefficient * readClose(field, closes, points[k]! - start);
    if (lastTrading < points.length - 1) {
      const cash = coefficient * readClose(field, closes, h.lastIndex - start);
      for (let k = lastTrading + 1; k < points.length; k++) value[k]! += cash;
    }
  }
  const nav = new Float64Array(points.length);
  nav[0] = 10000;
  for (let k = 1; k < points.length; k++) nav[k] = 10000 * (value[k]! / value[0]!);
  return nav;
}

describe("navAtPoints (eight holdings at a time)", () => {
  it("equals the one-holding-at-a-time sum bit for bit, and throws the same first error, over mixed array types and bad closes", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 13 }),
        fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }),
        fc.option(
          fc.record({
            holding: fc.nat(),
            at: fc.nat(),
            bad: fc.constantFrom<unknown>(Number.NaN, 0, -1, Infinity, "7", null),
          }),
          { nil: undefined },
        ),
        fc.option(fc.record({ holding: fc.nat(), at: fc.nat() }), { nil: undefined }),
        ({ input }, typed, corruption, second) => {
          const calendar = preparedCalendarOf(input.calendar);
          const { points } = weeklyWindow(calendar, input.years ?? 5, calendar.days[calendar.days.length - 1]!);
          if (points.length < 2) return;
          const prices = new Map<string, PriceSeries>();
          let i = 0;
          for (const [id, s] of input.prices) {
            const closes: ArrayLike<unknown> = typed[i++]
              ? Float64Array.from(s.closes)
              : (Array.from(s.closes) as unknown[]);
            prices.set(id, { start: s.start, closes: closes as ArrayLike<number> });
          }
          // Up to two bad closes, on weekly points (read by the sums) or anywhere.
          for (const c of [corruption, second === undefined ? undefined : { ...second, bad: Number.NaN }]) {
            if (c === undefined) continue;
            const id = `H${c.holding % input.prices.size}`;
            const s = prices.get(id)!;
            if (s.closes.length === 0) continue;
            const closes = Array.from(s.closes) as unknown[];
            const j = c.at % 3 === 0 ? points[c.at % points.length]! - s.start : c.at % closes.length;
            if (j < 0 || j >= closes.length) continue;
            closes[j] = c.bad;
            prices.set(id, { start: s.start, closes: closes as number[] });
          }
          const resolved = outcome(() => resolveHoldings(input.holdings, prices, calendar.days, points, []));
          if (!Array.isArray(resolved)) return;
          const expected = outcome(() => Array.from(oneAtATime(resolved as ResolvedHolding[], points)));
          const actual = outcome(() => Array.from(navAtPoints(resolved as ResolvedHolding[], points)));
          expect(actual).toStrictEqual(expected);
        },
      ),
      { seed: 23041, numRuns: 300 },
    );
  });

  it("equals the one-holding-at-a-time sum bit for bit over Float64Array series (the typed kernel: full groups of eight and a padded last group), bad closes included", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 27 }),
        fc.option(
          fc.record({
            holding: fc.nat(),
            at: fc.nat(),
            bad: fc.constantFrom(Number.NaN, 0, -0, -1, Infinity, -Infinity),
          }),
          { nil: undefined },
        ),
        fc.option(fc.record({ holding: fc.nat(), at: fc.nat() }), { nil: undefined }),
        ({ input }, corruption, second) => {
          const calendar = preparedCalendarOf(input.calendar);
          const { points } = weeklyWindow(calendar, input.years ?? 5, calendar.days[calendar.days.length - 1]!);
          if (points.length < 2) return;
          const prices = new Map<string, PriceSeries>();
          for (const [id, s] of input.prices) prices.set(id, { start: s.start, closes: Float64Array.from(s.closes) });
          for (const c of [corruption, second === undefined ? undefined : { ...second, bad: Infinity }]) {
            if (c === undefined) continue;
            const s = prices.get(`H${c.holding % input.prices.size}`)!;
            if (s.closes.length === 0) continue;
            const j = c.at % 3 === 0 ? points[c.at % points.length]! - s.start : c.at % s.closes.length;
            if (j >= 0 && j < s.closes.length) (s.closes as Float64Array)[j] = c.bad;
          }
          const resolved = outcome(() => resolveHoldings(input.holdings, prices, calendar.days, points, []));
          if (!Array.isArray(resolved)) return;
          const expected = outcome(() => Array.from(oneAtATime(resolved as ResolvedHolding[], points)));
          const actual = outcome(() => Array.from(navAtPoints(resolved as ResolvedHolding[], points)));
          expect(actual).toStrictEqual(expected);
        },
      ),
      { seed: 23042, numRuns: 200 },
    );
  });

  it("sums a point whose terms overflow as a holding-at-a-time loop does (the kernel leaves it to the term-by-term sum)", () => {
    const points = Int32Array.from([0, 1, 2, 3]);
    const holding = (id: string, closes: number[]): ResolvedHolding => ({
      id,
      weight: 0.1,
      series: { start: 0, closes: Float64Array.from(closes) },
      investPoint: 0,
      lastIndex: 3,
    });
    // Ten holdings (a group of eight, then two); the second's closes grow from 1e-300 to 1e300: its term overflows at point 2.
    const holdings = Array.from({ length: 10 }, (_, n) =>
      holding(`H${n}`, n === 1 ? [1e-300, 1, 1e300, 1] : [10, 11, 12, 13]),
    );
    const expected = Array.from(oneAtATime(holdings, points));
    expect(Array.from(navAtPoints(holdings, points))).toStrictEqual(expected);
    expect(expected[2]).toBe(Infinity);
    expect(Number.isFinite(expected[3])).toBe(true);
  });

  it("writes into out and starts at exactly 10000", () => {
    const points = Int32Array.from([0, 1, 2]);
    const holding = (id: string, closes: number[]): ResolvedHolding => ({
      id,
      weight: 0.2,
      series: { start: 0, closes },
      investPoint: 0,
      lastIndex: 2,
    });
    const holdings = ["A", "B", "C", "D", "E"].map((id, n) => holding(id, [10, 10 + n, 10 + 2 * n]));
    const out = new Float64Array(3);
    expect(navAtPoints(holdings, points, out)).toBe(out);
    expect(Array.from(out)).toStrictEqual(Array.from(oneAtATime(holdings, points)));
    expect(out[0]).toBe(10000);
  });
});
