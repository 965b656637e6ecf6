import fc from "fast-check";
import type { BacktestInput, PriceSeries } from "../backtest/types.ts";
import { businessCalendar, utc } from "./businessCalendar.ts";
import { geometricRandomWalk } from "./randomWalk.ts";
import { seededRandom } from "./seededRandom.ts";

/** A random but well-formed backtest input: business-day calendar with holidays, random-walk prices. */
export interface BacktestScenario {
  /** The generated input; its calendar is always the plain array of days. */
  input: BacktestInput & { calendar: number[] };
  /** Ids whose series start after the calendar's first day / end before its last day. */
  lateIds: string[];
  delistedIds: string[];
}

/** Options of {@link arbitraryBacktestScenario}. */
export interface BacktestScenarioOptions {
  /** Most holdings in a scenario (default 6). */
  maxHoldings?: number;
  /** Allow series that start late or end early (default true). */
  irregular?: boolean;
}

/**
 * Arbitrary of backtest scenarios (a portfolio with its price history): a business-day calendar of
 * 1–3 years (plus up to a year of earlier history) with holidays (gaps), 1..`maxHoldings` holdings
 * on geometric random walks, some listed late or delisted early (`irregular`; the first holding
 * is never delisted, so the backtest always has a holding to price), weights of any scale, and an
 * SPY-like benchmark over the whole calendar. Everything derives from a seed drawn
 * by fast-check, so a failure replays and shrinks.
 *
 * @example
 * fc.assert(fc.property(arbitraryBacktestScenario(), ({ input }) => buyAndHoldBacktest(input).timeSeries[0][1] === 10000));
 */
export function arbitraryBacktestScenario({
  maxHoldings = 6,
  irregular = true,
}: BacktestScenarioOptions = {}): fc.Arbitrary<BacktestScenario> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      startDay: fc.integer({ min: 0, max: 3000 }),
      years: fc.integer({ min: 1, max: 3 }),
      extraDays: fc.integer({ min: 0, max: 400 }),
      holdingCount: fc.integer({ min: 1, max: maxHoldings }),
      holidayRate: fc.constantFrom(0, 0.02, 0.1),
    })
    .map(({ seed, startDay, years, extraDays, holdingCount, holidayRate }) => {
      const random = seededRandom(seed);
      const from = utc("2005-01-03") + startDay * 86400;
      const to = from + Math.round((years * 365.25 + extraDays) * 86400);
      const calendar = businessCalendar(from, to, () => random() < holidayRate);
      const n = calendar.length;
      const prices = new Map<string, PriceSeries>();
      const holdings: BacktestInput["holdings"][number][] = [];
      const lateIds: string[] = [];
      const delistedIds: string[] = [];
      for (let h = 0; h < holdingCount; h++) {
        const id = `H${h}`;
        let start = 0;
        let end = n;
        if (irregular && random() < 0.25) {
          start = Math.floor(random() * n * 0.9);
          if (start > 0) lateIds.push(id);
        }
        // The first holding is never delisted (its draw is still made, so the other holdings' draws
        // are unchanged): a holding delisted before the window leaves it unpriced, and with every
        // holding so the backtest would refuse the input (NO_RESOLVABLE_HOLDINGS).
        if (irregular && random() < 0.25 && h > 0) {
          end = start + 1 + Math.floor(random() * (n - start - 1));
          if (end < n) delistedIds.push(id);
        }
        const closes = geometricRandomWalk(random, end - start, {
          start: 10 + random() * 200,
          vol: 0.005 + random() * 0.04,
        });
        prices.set(id, { start, closes });
        holdings.push({ id, weight: random() < 0.1 ? 0.5 : 0.01 + random() * 3 });
      }
      const benchmark = { symbol: "SPY", series: { start: 0, closes: geometricRandomWalk(random, n, { vol: 0.012 }) } };
      return { input: { calendar, holdings, prices, benchmark, years }, lateIds, delistedIds };
    });
}

/**
 * {@link arbitraryBacktestScenario} under the name a portfolio test reads best: holdings, their
 * price series (gaps, late listings, delistings) and a benchmark, ready for `buyAndHoldBacktest`.
 *
 * @example
 * fc.assert(fc.property(arbitraryPortfolio(), ({ input }) => closeTo(buyAndHoldBacktest(input).timeSeries.at(-1)![1], oracleNav(input).nav.at(-1)!, 1e-9)));
 */
export const arbitraryPortfolio = arbitraryBacktestScenario;
