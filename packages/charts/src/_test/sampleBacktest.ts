import { buyAndHoldBacktest, type BacktestResult, type PriceSeries } from "@thematic/engine";
import { seededRandom } from "../../../engine/src/_test/seededRandom.ts";

/**
 * A real engine backtest on random-walk prices: `years` of weekdays ending 2026-11-20, three
 * holdings and a benchmark, seeded (same seed, same result); weekly points, or daily ones.
 */
export function sampleBacktest(years: number, seed = 7, frequency: "weekly" | "daily" = "weekly"): BacktestResult {
  const random = seededRandom(seed);
  const calendar: number[] = [];
  const end = Date.UTC(2026, 10, 20) / 1000;
  for (let day = end - Math.ceil(years * 366 + 30) * 86400; day <= end; day += 86400) {
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) calendar.push(day);
  }
  const walk = (drift: number, vol: number): PriceSeries => {
    const closes = new Float64Array(calendar.length);
    let p = 100;
    for (let i = 0; i < closes.length; i++) {
      p *= Math.exp(drift + vol * (random() + random() + random() - 1.5) * 2);
      closes[i] = p;
    }
    return { start: 0, closes };
  };
  const prices = new Map<string, PriceSeries>([
    ["a", walk(0.0005, 0.02)],
    ["b", walk(0.0002, 0.012)],
    ["c", walk(0.0003, 0.03)],
  ]);
  return buyAndHoldBacktest({
    calendar,
    holdings: [
      { id: "a", weight: 0.5 },
      { id: "b", weight: 0.3 },
      { id: "c", weight: 0.2 },
    ],
    prices,
    benchmark: { symbol: "SPY", series: walk(0.0003, 0.011) },
    years,
    frequency,
  });
}
