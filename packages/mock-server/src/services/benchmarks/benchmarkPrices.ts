import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import { isoWeekIndex } from "@thematic/engine";
import { shiftIsoDayYears } from "../_internal/addUtcMonths.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { BenchmarkPricesInput, BenchmarkPricesOut } from "../../schemas/benchmark.ts";
import { dayToSeconds, isoDay, lowerBound, seriesRange } from "./_internal/seriesDates.ts";
import { findBenchmark } from "./findBenchmark.ts";

/** Default window when `from` is omitted, in years before `to`. */
export const DEFAULT_BENCHMARK_YEARS = 5;

/**
 * Closes of a benchmark between `from` and `to` inclusive (the "reading benchmark data" tag of
 * docs/parity.md#other-endpoints): `to` defaults to the benchmark's last date, `from` to the same day
 * {@link DEFAULT_BENCHMARK_YEARS} years earlier. `daily`: every trading day; `weekly` (default):
 * the last trading day of each ISO week (Monday to Sunday, engine `isoWeekIndex`, the backtest's
 * rule) within the range, so a range ending mid-week ends on its last trading day (as the
 * backtest's weekly points do). Points are
 * `[unixSeconds at 00:00 UTC, close]`, ascending; a range with no trading day is an empty list.
 * Cost: O(log D + n) for n days in the range.
 *
 * @throws ApiError 404 for an unknown symbol
 * @throws ApiError 400 when `from` is after `to`
 * @example
 * benchmarkPrices(ctx, "SPY", { interval: "weekly" }).prices.length // => about 261
 */
export function benchmarkPrices(
  ctx: UniverseAccess & MemoAccess,
  symbol: string,
  query: BenchmarkPricesInput,
): BenchmarkPricesOut {
  const benchmark = findBenchmark(ctx, symbol);
  const series = benchmark?.series;
  if (benchmark === undefined || series === undefined) throw notFound("benchmark", symbol);
  const { calendar } = ctx.universe.prices;
  const interval = query.interval ?? "weekly";
  const range = seriesRange(series);
  if (range.last < range.first) return { symbol: benchmark.symbol, interval, prices: [] };
  const to = query.to ?? isoDay(calendar[range.last]!);
  const from = query.from ?? shiftYears(to, -DEFAULT_BENCHMARK_YEARS);
  if (from > to) throw new ApiError(400, `query.from: must not be after query.to (from ${from}, to ${to})`);
  const lo = Math.max(range.first, lowerBound(calendar, dayToSeconds(from)));
  const hi = Math.min(range.last, lowerBound(calendar, dayToSeconds(to) + 86400) - 1);
  const prices: Array<[number, number]> = [];
  for (let i = lo; i <= hi; i++) {
    const t = calendar[i]!;
    if (interval === "weekly" && i < hi && isoWeekIndex(calendar[i + 1]!) === isoWeekIndex(t)) continue;
    prices.push([t, series.closes[i - series.start]!]);
  }
  return { symbol: benchmark.symbol, interval, prices };
}

/** `day` moved by `years` calendar years (29 February → 28 February). */
function shiftYears(day: string, years: number): string {
  return shiftIsoDayYears(day, years);
}
