/** Arbitrary of one security's price series on a calendar: late listings, early delistings, gaps. */
import fc from "fast-check";
import type { PriceSeries } from "../backtest/types.ts";
import { geometricRandomWalk } from "./randomWalk.ts";
import { seededRandom } from "./seededRandom.ts";

/**
 * A geometric-random-walk series on a calendar of `calendarLength` days: with `irregular` (default)
 * it may start late (listed after the first day) and end early (delisted), and is empty
 * sometimes; closes are finite and > 0. Pair it with {@link arbitraryCalendar} for holidays.
 *
 * @example
 * fc.assert(fc.property(arbitraryPriceSeries(250), (s) => s.start + s.closes.length <= 250));
 */
export function arbitraryPriceSeries(
  calendarLength: number,
  { irregular = true }: { irregular?: boolean } = {},
): fc.Arbitrary<PriceSeries> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      startShare: irregular ? fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })) : fc.constant(0),
      lengthShare: irregular ? fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })) : fc.constant(1),
      vol: fc.double({ min: 0.005, max: 0.045, noNaN: true }),
    })
    .map(({ seed, startShare, lengthShare, vol }) => {
      const random = seededRandom(seed);
      const start = Math.min(calendarLength, Math.floor(startShare * calendarLength));
      const length = Math.round(lengthShare * (calendarLength - start));
      return { start, closes: geometricRandomWalk(random, length, { start: 10 + random() * 200, vol }) };
    });
}
