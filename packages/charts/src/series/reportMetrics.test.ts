import { describe, expect, it } from "vitest";
import { tearSheet } from "@thematic/engine";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { METRIC_FORMATS } from "../table/metricFormats.ts";
import { formatMetric, reportMetrics } from "./reportMetrics.ts";

describe("reportMetrics (the metrics table of the engine's tearSheet)", () => {
  const backtest = sampleBacktest(3);
  const sheet = tearSheet(backtest, { periodsPerYear: 52 });
  const own = tearSheet(
    { timeSeries: backtest.benchmarkTimeSeries, benchmarkTimeSeries: backtest.benchmarkTimeSeries },
    { periodsPerYear: 52 },
  );

  it("shows every scalar figure of the result once, in the table's order, formatted by the table", () => {
    const rows = reportMetrics(sheet, own);
    const labels = rows.map((r) => r.label);
    // The engine's tearSheet() brings quantstats' rows: each once, those of the older result among them, in the table's order.
    expect(new Set(labels).size).toBe(labels.length);
    const older = [
      "Periods",
      "Sortino ratio",
      "Calmar ratio",
      "Best period",
      "Worst period",
      "Beta",
      "Alpha (a year)",
      "Tracking error (a year)",
      "Information ratio",
      "Up capture",
      "Down capture",
      "Hit rate (periods above the benchmark)",
    ];
    expect(older.filter((label) => labels.includes(label))).toEqual(older);
    expect(older.map((label) => labels.indexOf(label))).toEqual(
      [...older.map((label) => labels.indexOf(label))].sort((a, b) => a - b),
    );
    for (const label of [
      "CAGR",
      "Sharpe ratio",
      "Smart Sharpe ratio",
      "Volatility (a year)",
      "Maximum drawdown",
      "Treynor ratio",
      "R²",
    ])
      expect(labels).toContain(label);
    const row = (label: string) => rows.find((r) => r.label === label)!;
    expect(row("Calmar ratio")).toEqual({
      group: "Risk-adjusted",
      label: "Calmar ratio",
      portfolio: formatMetric(sheet.calmarRatio, "num"),
      benchmark: formatMetric(own.calmarRatio, "num"),
    });
    expect(row("Best period").portfolio).toBe(formatMetric(sheet.bestPeriod.return, "pct"));
    expect(row("Alpha (a year)").benchmark).toBe("–");
    expect(rows.some((r) => r.group === "Other")).toBe(false);
  });

  it("shows the rows a richer result brings: each series' block by the table's labels, unknown figures under Other", () => {
    const richer = {
      ...sheet,
      start: 1,
      rSquared: 0.25,
      portfolio: {
        sharpeRatio: 1.234,
        sortinoRatio: 2,
        trailing: { yearToDate: 0.05, tenYears: null },
        drawdown: { maxDrawdownStart: 1704067200 },
        newRatio: 3.5,
      },
      benchmark: {
        sharpeRatio: 0.5,
        sortinoRatio: 1,
        trailing: { yearToDate: -0.01, tenYears: null },
        drawdown: { maxDrawdownStart: 1706745600 },
        newRatio: 1,
      },
    };
    const rows = reportMetrics(richer);
    const row = (label: string) => rows.find((r) => r.label === label)!;
    expect(row("Sharpe ratio")).toEqual({
      group: "Risk-adjusted",
      label: "Sharpe ratio",
      portfolio: "1.23",
      benchmark: "0.50",
    });
    // The series' own figure takes the place of the top-level one of the same name.
    expect(row("Sortino ratio")).toMatchObject({ portfolio: "2.00", benchmark: "1.00" });
    expect(row("Year to date")).toMatchObject({ group: "Trailing returns", portfolio: "5.00%", benchmark: "−1.00%" });
    expect(row("10 years (a year)")).toMatchObject({ portfolio: "–", benchmark: "–" });
    expect(row("Maximum drawdown: peak")).toMatchObject({ portfolio: "2024-01-01", benchmark: "2024-02-01" });
    expect(row("R²")).toMatchObject({ portfolio: "0.25", benchmark: "–" });
    expect(row("New ratio")).toEqual({ group: "Other", label: "New ratio", portfolio: "3.50", benchmark: "1.00" });
    // The dates of the period are the header's, not rows.
    expect(rows.some((r) => r.label === "Start")).toBe(false);
    expect(rows.filter((r) => r.label === "Sortino ratio")).toHaveLength(1);
  });

  it("names every figure once in the format table", () => {
    const keys = METRIC_FORMATS.flatMap((f) => f.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(METRIC_FORMATS.map((f) => f.label)).size).toBe(METRIC_FORMATS.length);
  });

  it("writes each format with a true minus sign, no negative zero, and a dash where a figure does not exist", () => {
    expect(formatMetric(-0.12345, "pct")).toBe("−12.35%");
    expect(formatMetric(-0.00001, "pct")).toBe("0.00%");
    expect(formatMetric(0.5, "pct1")).toBe("50.0%");
    expect(formatMetric(12.4, "int")).toBe("12");
    expect(formatMetric(40.4, "days")).toBe("40 days");
    expect(formatMetric(0, "date")).toBe("1970-01-01");
    expect(formatMetric(null, "num")).toBe("–");
    expect(formatMetric(Number.NaN, "num")).toBe("–");
  });
});
