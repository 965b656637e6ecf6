/** Arbitraries of holdings and calendars for backtests. */
import fc from "fast-check";
import type { BacktestHolding } from "../backtest/types.ts";
import { businessCalendar, utc } from "./businessCalendar.ts";
import { seededRandom } from "./seededRandom.ts";

/**
 * Holdings over `ids`: a non-empty subset, weights of any scale (0.01..3, some 0), duplicates
 * possible (the backtest merges them), at least one weight > 0.
 *
 * @example
 * fc.assert(fc.property(arbitraryHoldings(["A", "B"]), (hs) => hs.some((h) => h.weight > 0)));
 */
export function arbitraryHoldings(
  ids: readonly string[],
  { maxLength = 2 * ids.length }: { maxLength?: number } = {},
): fc.Arbitrary<BacktestHolding[]> {
  const weight = fc.oneof(
    { arbitrary: fc.double({ min: 0.01, max: 3, noNaN: true }), weight: 9 },
    { arbitrary: fc.constant(0), weight: 1 },
  );
  return fc
    .array(fc.record({ id: fc.constantFrom(...ids), weight }), { minLength: 1, maxLength: Math.max(1, maxLength) })
    .filter((hs) => hs.some((h) => h.weight > 0));
}

/**
 * A trading calendar: Monday–Friday Unix seconds (00:00 UTC) from a start in 2005..2013 over
 * 1..`maxYears` years, with holidays at a rate of 0, 2% or 10% (gaps of any length).
 *
 * @example
 * fc.assert(fc.property(arbitraryCalendar(), (days) => days.every((d, i) => i === 0 || d > days[i - 1]!)));
 */
export function arbitraryCalendar({ maxYears = 3 }: { maxYears?: number } = {}): fc.Arbitrary<number[]> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      startDay: fc.integer({ min: 0, max: 3000 }),
      days: fc.integer({ min: 5, max: Math.round(maxYears * 365.25) }),
      holidayRate: fc.constantFrom(0, 0.02, 0.1),
    })
    .map(({ seed, startDay, days, holidayRate }) => {
      const random = seededRandom(seed);
      const from = utc("2005-01-03") + startDay * 86400;
      return businessCalendar(from, from + days * 86400, () => random() < holidayRate);
    })
    .filter((days) => days.length > 0);
}
