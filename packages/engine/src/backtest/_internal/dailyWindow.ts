import { EngineError } from "../../errors/EngineError.ts";
import { PERIODS_PER_YEAR } from "../../stats/conventions.ts";
import type { BacktestInput, TableBacktestInput } from "../types.ts";
import type { BacktestWindow } from "../backtestWindow.ts";
import { rebasedAtPoints } from "./navAtPoints.ts";
import type { PreparedWindow } from "./preparedWindow.ts";
import { seriesStatistics } from "./seriesStatistics.ts";
import { validatePriceSeries } from "../validatePriceSeries.ts";

/** The checked `frequency` of a backtest input: "weekly" when absent. */
export function frequencyOf(input: BacktestInput | TableBacktestInput): "weekly" | "daily" {
  const f = (input as { frequency?: unknown }).frequency;
  if (f === undefined || f === "weekly") return "weekly";
  if (f === "daily") return "daily";
  throw new EngineError(
    "INVALID_INPUT",
    `frequency must be "weekly" or "daily", got ${typeof f === "string" ? JSON.stringify(f) : f === null ? "null" : typeof f}`,
    {
      field: "frequency",
    },
  );
}

/**
 * The weekly window turned into a daily one (docs/maths.md#daily-nav): every trading day from the
 * inception (the first weekly point) to `end`, the benchmark rebased on them and its statistics
 * with 252 periods a year. `weekCount` stays the window's number of weekly returns. Needs the
 * prices as a Map: a `WeeklyPriceTable` holds weekly closes only.
 */
export function dailyWindow(
  input: BacktestInput | TableBacktestInput,
  weekly: { window: BacktestWindow; prepared: PreparedWindow },
): { window: BacktestWindow; prepared: PreparedWindow } {
  const { window, prepared } = weekly;
  if (prepared.table !== undefined) {
    throw new EngineError(
      "INVALID_INPUT",
      'frequency "daily" needs prices as a Map of daily series: a WeeklyPriceTable holds weekly closes only',
      {
        field: "prices",
      },
    );
  }
  const first = prepared.points[0]!;
  const last = prepared.points[prepared.points.length - 1]!;
  const points = new Int32Array(last - first + 1);
  const timestamps = new Float64Array(points.length);
  const days = prepared.calendar.days;
  for (let k = 0; k < points.length; k++) {
    points[k] = first + k;
    timestamps[k] = days[first + k]!;
  }
  const p = PERIODS_PER_YEAR.daily;
  const series = validatePriceSeries("benchmark.series", input.benchmark.series, days.length);
  const nav = rebasedAtPoints("benchmark.series", series, points);
  const statistics = seriesStatistics(
    `benchmark ${window.benchmark.symbol}`,
    nav,
    timestamps,
    prepared.riskFreeRate,
    p,
  );
  return {
    window: { ...window, timestamps, benchmark: { symbol: window.benchmark.symbol, nav, statistics } },
    prepared: { ...prepared, points, timestamps, periodsPerYear: p },
  };
}
