import { ChartError } from "../ChartError.ts";
import type { BacktestLike } from "../types.ts";

type Statistics = BacktestLike["metadata"] | BacktestLike["benchmarkMetadata"];

const pct = (x: number) => `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;
const ROWS: ReadonlyArray<[string, (s: Statistics) => string]> = [
  ["Total return", (s) => pct(s.returns)],
  ["CAGR (a year)", (s) => pct(s.annualizedReturn)],
  // The service's `variance` is the annualised volatility σ itself (docs/maths.md#backtest-statistics).
  ["Volatility (a year)", (s) => pct(s.variance)],
  ["Sharpe ratio (a year)", (s) => (Number.isFinite(s.sharpeRatio) ? s.sharpeRatio.toFixed(2) : "–")],
  ["Maximum drawdown", (s) => pct(s.maxDrawdown)],
];

/**
 * A small table (Vega-Lite text marks) of a backtest's statistics, portfolio and benchmark
 * side by side: total return, CAGR, volatility (the `variance` field, which is σ), Sharpe, maximum drawdown
 * (docs/maths.md#backtest-statistics). A sub-spec of the tear sheet (no `$schema`, no `config`).
 */
export function statisticsTableSpec(
  backtest: BacktestLike,
  portfolioLabel: string,
  width: number,
): Record<string, unknown> {
  const columns: Array<[string, Statistics]> = [
    ["Portfolio", checkStatistics("metadata", backtest.metadata, ["stockCount", "weekCount"])],
    [backtest.benchmarkMetadata.symbol, checkStatistics("benchmarkMetadata", backtest.benchmarkMetadata)],
  ];
  const values = ROWS.flatMap(([metric, format], row) =>
    columns.map(([column, s]) => ({ metric, row, column, text: format(s) })),
  );
  return {
    title: {
      text: "Statistics",
      subtitle: `${portfolioLabel} · ${backtest.metadata.weekCount} weeks · ${backtest.metadata.stockCount} holdings`,
    },
    description: "Table of the backtest statistics of the portfolio and its benchmark.",
    width,
    height: ROWS.length * 26,
    data: { values },
    mark: { type: "text", fontSize: 13, align: "center" },
    encoding: {
      x: {
        field: "column",
        type: "nominal",
        sort: columns.map(([c]) => c),
        axis: {
          title: null,
          orient: "top",
          labelAngle: 0,
          labelFontSize: 12,
          labelFontWeight: "bold",
          labelLimit: 320,
          domain: false,
          ticks: false,
        },
      },
      y: {
        field: "metric",
        type: "nominal",
        sort: { field: "row", op: "min", order: "ascending" },
        axis: { title: null, domain: false, ticks: false, labelFontSize: 12, labelLimit: 320 },
      },
      text: { field: "text", type: "nominal" },
    },
  };
}

/** The statistics of a backtest result: an object whose figures are finite numbers. */
function checkStatistics<T extends Statistics>(field: string, s: T | undefined, counts: readonly string[] = []): T {
  if (s === null || typeof s !== "object")
    throw new ChartError(
      field,
      "must be the backtest's statistics { returns, annualizedReturn, variance, sharpeRatio, maxDrawdown }",
    );
  for (const key of ["returns", "annualizedReturn", "variance", "sharpeRatio", "maxDrawdown", ...counts]) {
    const v = (s as unknown as Record<string, unknown>)[key];
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new ChartError(`${field}.${key}`, `must be a finite number, got ${typeof v === "number" ? v : typeof v}`);
  }
  return s;
}
