import type { Bench } from "tinybench";
import {
  buyAndHoldBacktest,
  rebalancedBacktest,
  tearSheet,
  type BacktestInput,
  type PriceSeries,
  tradingCalendar,
  weeklyPriceTable,
} from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";
import type { Suite } from "../harness.ts";

/** Monday–Friday calendar of about 20 years ending 2024-12-31. */
function businessDays(fromIso: string, toIso: string): number[] {
  const out: number[] = [];
  for (let t = Date.parse(`${fromIso}T00:00:00Z`) / 1000; t <= Date.parse(`${toIso}T00:00:00Z`) / 1000; t += 86400) {
    const wd = new Date(t * 1000).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(t);
  }
  return out;
}

function walk(random: () => number, n: number): Float64Array {
  const out = new Float64Array(n);
  let p = 50 + random() * 100;
  for (let t = 0; t < n; t++) {
    out[t] = p;
    p *= 1 + (random() - 0.5) * 0.04;
  }
  return out;
}

function input(holdingCount: number): BacktestInput {
  const random = lcg(7);
  const calendar = businessDays("2004-12-01", "2024-12-31");
  const prices = new Map<string, PriceSeries>();
  const holdings = [];
  for (let h = 0; h < holdingCount; h++) {
    prices.set(`S${h}`, { start: 0, closes: walk(random, calendar.length) });
    holdings.push({ id: `S${h}`, weight: random() });
  }
  return {
    calendar,
    holdings,
    prices,
    benchmark: { symbol: "SPY", series: { start: 0, closes: walk(random, calendar.length) } },
    years: 20,
  };
}

const suite: Suite = {
  name: "backtest",
  targets: { "buyAndHoldBacktest 500 holdings × 20 y daily": "<= 5 ms" },
  register(bench: Bench) {
    const big = input(500);
    const small = { ...input(3), years: 5 };
    bench.add("buyAndHoldBacktest 500 holdings × 20 y daily", () => {
      buyAndHoldBacktest(big);
    });
    bench.add("buyAndHoldBacktest 3 holdings × 5 y", () => {
      buyAndHoldBacktest(small);
    });
    // The same run with the calendar prepared once (as a server backtesting many portfolios does).
    const smallPrepared = { ...small, calendar: tradingCalendar(small.calendar as number[]) };
    bench.add("buyAndHoldBacktest 3 holdings × 5 y, tradingCalendar", () => {
      buyAndHoldBacktest(smallPrepared);
    });
    // Prices gathered once into a weekly price table (the WebAssembly SIMD kernel): bench:numpy compares it with numpy.
    const bigCalendar = tradingCalendar(big.calendar as number[]);
    const bigTabled = { ...big, calendar: bigCalendar, prices: weeklyPriceTable(bigCalendar, big.prices) };
    bench.add("buyAndHoldBacktest 500 holdings × 20 y, weeklyPriceTable", () => {
      buyAndHoldBacktest(bigTabled);
    });
    const smallTabled = { ...smallPrepared, prices: weeklyPriceTable(smallPrepared.calendar, small.prices) };
    bench.add("buyAndHoldBacktest 3 holdings × 5 y, weeklyPriceTable", () => {
      buyAndHoldBacktest(smallTabled);
    });
    const fifty = { ...input(50), years: 5 };
    const fiftyCalendar = tradingCalendar(fifty.calendar as number[]);
    const fiftyTabled = { ...fifty, calendar: fiftyCalendar, prices: weeklyPriceTable(fiftyCalendar, fifty.prices) };
    bench.add("rebalancedBacktest 50 holdings × 5 y, monthly + 5 % bands, 10 bp", () => {
      rebalancedBacktest({
        ...fiftyTabled,
        rebalance: { frequency: "monthly", bands: { relative: 0.05 }, costBps: 10 },
      });
    });
    const twenty = buyAndHoldBacktest({ ...fiftyTabled, years: 20 });
    bench.add("tearSheet of a 20-year weekly backtest (1,044 points, 26-week windows)", () => {
      tearSheet(twenty);
    });
  },
};

export default suite;
