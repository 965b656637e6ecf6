import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import {
  backtestPortfolio,
  backtestWindow,
  type BacktestWindow,
  type PortfolioBacktest,
  type PriceSeries,
  type WeeklyPriceTable,
} from "@thematic/engine";
import type { BacktestInputBody, BacktestResultOut } from "../../schemas/backtest.ts";
import { resolveBenchmarkSymbol } from "../benchmarks/resolveBenchmarkSymbol.ts";
import { universeCalendar } from "../_internal/universeCalendar.ts";
import { companyPriceTable } from "./_internal/companyPriceTable.ts";
import { navCents } from "../_internal/navCents.ts";
import { withServiceSharpe } from "../_internal/withServiceSharpe.ts";

/** A backtest before it is shaped for the response: the prepared window and the portfolio's run. */
export interface BacktestRun {
  window: BacktestWindow;
  portfolio: PortfolioBacktest;
}

/** Prepared windows by price table, benchmark series and years: none of them changes within a universe. */
const windows = new WeakMap<WeeklyPriceTable, WeakMap<PriceSeries, Map<number, BacktestWindow>>>();

/**
 * The engine's buy-and-hold backtest of a request (docs/parity.md#backtest-endpoint, #backtest-result; real-service notes
 * "Backtest"), before it is shaped: each company id is resolved to its primary active listing (a
 * delisted company to its last primary listing, so the engine converts it to cash at its last
 * close with a warning) through the universe's company price table (`companyPriceTable`, weekly
 * closes gathered once); unknown companies are dropped by the engine with a warning naming the
 * company id. The window (weekly points ending on the fixtures' as-of date, NAV from 10000, the
 * benchmark rebased on the same dates and its statistics) is prepared once per (benchmark, years)
 * with `backtestWindow`; each request runs `backtestPortfolio` only.
 * Cost: O(H·W) for H holdings and W weekly points, contiguous rows.
 *
 * The benchmark is any listed symbol: a benchmark ETF or a company ticker (`resolveBenchmarkSymbol`).
 * `out`, when given, supplies the Float64Array the NAV is written into (of the length asked), for
 * a caller that reads the NAV before the next run and allocates nothing per request.
 *
 * @throws ApiError 400 when the benchmark symbol is neither a benchmark ETF nor an active company ticker
 * @throws EngineError (→ 400) INSUFFICIENT_DATA, NO_RESOLVABLE_HOLDINGS (no company can be priced), INVALID_INPUT
 */
export function backtestRun(
  ctx: UniverseAccess & MemoAccess,
  input: BacktestInputBody,
  out?: (length: number) => Float64Array,
): BacktestRun {
  const { universe } = ctx;
  const benchmark = resolveBenchmarkSymbol(ctx, input.benchmark);
  const benchmarkSeries = benchmark.series;
  const table = companyPriceTable(universe);
  let bySeries = windows.get(table);
  if (bySeries === undefined) windows.set(table, (bySeries = new WeakMap()));
  let byYears = bySeries.get(benchmarkSeries);
  if (byYears === undefined) bySeries.set(benchmarkSeries, (byYears = new Map()));
  let window = byYears.get(input.years);
  if (window === undefined) {
    window = backtestWindow({
      calendar: universeCalendar(universe.prices),
      prices: table,
      benchmark,
      years: input.years,
      asOf: Date.parse(`${universe.asOf}T00:00:00Z`) / 1000,
    });
    byYears.set(input.years, window);
  }
  const holdings = input.holdings.map((h) => ({ id: h.companyId, weight: h.weight }));
  return { window, portfolio: backtestPortfolio(window, holdings, out?.(window.weekCount + 1)) };
}

/**
 * Buy-and-hold backtest of company holdings (docs/parity.md#backtest-endpoint, #backtest-result): {@link backtestRun} shaped as
 * the response, `[t, nav]` pairs for both series, NAV rounded to cents as the service answers
 * ({@link navCents}, docs/maths.md#nav-in-responses; the statistics come from the unrounded NAV),
 * the Sharpe ratios as the service reports them ({@link withServiceSharpe}, docs/maths.md#service-sharpe-ratio).
 * Nothing is cached per request.
 *
 * @throws as backtestRun
 * @example
 * runBacktest(ctx, { holdings: [{ companyId, weight: 1 }], years: 1, benchmark: "SPY" }).timeSeries[0][1] // => 10000
 */
export function runBacktest(ctx: UniverseAccess & MemoAccess, input: BacktestInputBody): BacktestResultOut {
  const { window, portfolio } = backtestRun(ctx, input);
  const t = window.timestamps;
  const nav = portfolio.nav;
  const benchmarkNav = window.benchmark.nav;
  return {
    metadata: withServiceSharpe(portfolio.metadata),
    timeSeries: Array.from(t, (ti, k) => [ti, navCents(nav[k]!)] as [number, number]),
    benchmarkMetadata: { ...withServiceSharpe(window.benchmark.statistics), symbol: window.benchmark.symbol },
    benchmarkTimeSeries: Array.from(t, (ti, k) => [ti, navCents(benchmarkNav[k]!)] as [number, number]),
  };
}
