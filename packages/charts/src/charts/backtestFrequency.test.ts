import fc from "fast-check";
import {
  type BacktestResult,
  buyAndHoldBacktest,
  rollingVolatility,
  simpleReturns,
  sortinoRatio,
  trackingError,
} from "@thematic/engine";
import { arbitraryBacktestScenario } from "@thematic/engine/testing";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import type { MetricRow } from "../series/reportMetrics.ts";
import { navChart, navChartSpec } from "./navChart.ts";
import { rollingVolatilityChart, rollingVolatilityChartSpec } from "./rollingVolatilityChart.ts";
import { tearSheetReport, tearSheetReportSpecs } from "./tearSheetReport.ts";
import { tearSheetChartsSpec } from "./tearSheetCharts.ts";

/** The report's formatting of a percent and of a ratio (two decimals, a true minus sign). */
const signed = (x: number, d: number) => {
  const s = Math.abs(x).toFixed(d);
  return `${x < 0 && Number(s) !== 0 ? "−" : ""}${s}`;
};
const pct = (x: number) => `${signed(x * 100, 2)}%`;

const metricsOf = (backtest: BacktestResult, options = {}) =>
  (tearSheetReportSpecs(backtest, options).metrics as unknown as { usermeta: { rows: MetricRow[] } }).usermeta.rows;

/**
 * The report's figures of both series against the engine's at the backtest's frequency: the
 * Sortino ratio (annualised with its periods a year and the risk-free rate) always; the volatility,
 * Sharpe ratio, CAGR and maximum drawdown against the backtest's own statistics wherever the
 * engine's tearSheet() returns those rows. `p` is the backtest's frequency as the test made it (252
 * daily, 52 weekly), never guessed from its first dates: a daily calendar may open with a gap of five
 * days or more (a regression case below).
 */
function expectEngineStatistics(backtest: BacktestResult, rows: MetricRow[], p: 252 | 52, riskFreeRate = 0): void {
  const row = (label: string) => rows.find((m) => m.label === label);
  const columns = [
    ["portfolio", backtest.metadata, backtest.timeSeries],
    ["benchmark", backtest.benchmarkMetadata, backtest.benchmarkTimeSeries],
  ] as const;
  for (const [column, stats, series] of columns) {
    const returns = simpleReturns(series.map(([, v]) => v));
    expect(row("Sortino ratio")![column]).toBe(signed(sortinoRatio(returns, { periodsPerYear: p, riskFreeRate }), 2));
    const expected: Array<[string, string]> = [
      ["Volatility (a year)", pct(stats.variance)],
      ["Sharpe ratio", signed(stats.sharpeRatio, 2)],
      ["CAGR", pct(stats.annualizedReturn)],
      ["Maximum drawdown", pct(stats.maxDrawdown)],
    ];
    for (const [label, text] of expected) if (row(label) !== undefined) expect(row(label)![column]).toBe(text);
  }
}

describe("charts read the frequency of the backtest they are given", () => {
  const daily = sampleBacktest(3, 11, "daily");
  const weekly = sampleBacktest(3, 11, "weekly");

  it.each([
    ["daily", daily, 252, "Daily", "day"],
    ["weekly", weekly, 52, "Weekly", "week"],
  ] as const)(
    "a %s backtest: the report's volatility, Sharpe ratio and CAGR are the engine's statistics of it, and every label names its sampling",
    async (_, backtest, p, adjective, unit) => {
      const { metrics, html, panels } = await tearSheetReport(backtest);
      expectEngineStatistics(backtest, metrics, p);
      expect(html).toContain(`Returns</span>${backtest.timeSeries.length - 1}</div>`);
      expect(html).toContain(`Sampling</span>${adjective}, ${p} periods a year</div>`);
      expect(svgParts(panels.rollingVolatility).subtitles[0]).toMatch(
        new RegExp(`^${Math.round(p / 2)}-${unit} window, annualised with ${p} periods a year`),
      );
      expect(svgParts(panels.returnDistribution).axisTitles).toContain(`${adjective} return (%)`);

      expect(svgParts(await navChart(backtest)).subtitles[0]).toMatch(
        new RegExp(`^${adjective}, rebased to 10,000 · `),
      );
      const rolling = svgParts(await rollingVolatilityChart(backtest));
      expect(rolling.titles).toEqual([`Rolling ${p}-${unit} volatility`]);
      expect(rolling.subtitles).toEqual([
        `Annualised (${p} periods a year), over the last ${p} ${adjective.toLowerCase()} returns`,
      ]);
    },
  );

  it("draws the engine's rolling volatility of a daily backtest with √252, not √52", () => {
    const spec = rollingVolatilityChartSpec(daily) as unknown as {
      data: { values: Array<{ series: string; value: number }> };
    };
    const drawn = spec.data.values.filter((d) => d.series === "Portfolio").map((d) => d.value);
    const engine = rollingVolatility(simpleReturns(daily.timeSeries.map(([, v]) => v)), 252, 252);
    expect(drawn).toEqual(Array.from(engine));
  });

  it("any backtest, daily or weekly, with any risk-free rate: the report's figures are the engine's statistics of it", () => {
    fc.assert(
      fc.property(
        arbitraryBacktestScenario({ maxHoldings: 3 }),
        fc.constantFrom("daily", "weekly" as const),
        fc.constantFrom(0, 0.03),
        ({ input }, frequency, riskFreeRate) => {
          const backtest = buyAndHoldBacktest({ ...input, frequency, riskFreeRate });
          expectEngineStatistics(
            backtest,
            metricsOf(backtest, { riskFreeRate }),
            frequency === "daily" ? 252 : 52,
            riskFreeRate,
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a daily backtest whose first two points are five days apart is read as daily (a fast-check regression case)", () => {
    // The shrunk counterexample of seed -453112133: a one-year daily window opening on a gap of
    // five days; the report's Sortino ratio is the engine's with 252 periods a year.
    let checked = 0;
    fc.assert(
      fc.property(
        arbitraryBacktestScenario({ maxHoldings: 3 }),
        fc.constantFrom("daily", "weekly" as const),
        fc.constantFrom(0, 0.03),
        ({ input }, frequency, riskFreeRate) => {
          const backtest = buyAndHoldBacktest({ ...input, frequency, riskFreeRate });
          expect(frequency).toBe("daily");
          expect(backtest.timeSeries[1]![0] - backtest.timeSeries[0]![0]).toBeGreaterThanOrEqual(5 * 86400);
          expectEngineStatistics(backtest, metricsOf(backtest, { riskFreeRate }), 252, riskFreeRate);
          checked++;
        },
      ),
      { seed: -453112133, path: "10:5:10:4:14", endOnFailure: true },
    );
    expect(checked).toBe(1);
  });

  it("refuses a periodsPerYear that contradicts the data, accepts one that agrees", () => {
    expect(() => tearSheetReportSpecs(daily, { periodsPerYear: 52 })).toThrow(
      /^options\.periodsPerYear: 52 contradicts the data: its points are daily \(about 2\d\d a year; 252 periods a year by default\)/,
    );
    expect(() => tearSheetReportSpecs(weekly, { periodsPerYear: 252 })).toThrow(
      /^options\.periodsPerYear: 252 contradicts the data: its points are weekly/,
    );
    expect(() => rollingVolatilityChartSpec(daily, { periodsPerYear: 52 })).toThrow(ChartError);
    expect(() => tearSheetChartsSpec({ backtest: daily, rolling: { periodsPerYear: 52 } })).toThrow(
      /^rolling\.periodsPerYear: 52 contradicts the data/,
    );
    expectEngineStatistics(daily, metricsOf(daily, { periodsPerYear: 252 }), 252);
    // A refinement within the same sampling (260 trading days) is the caller's to make.
    const te = (rows: MetricRow[]) => rows.find((m) => m.label === "Tracking error (a year)")!.portfolio;
    const returns = (series: ReadonlyArray<readonly [number, number]>) => simpleReturns(series.map(([, v]) => v));
    expect(te(metricsOf(daily, { periodsPerYear: 260 }))).toBe(
      pct(trackingError(returns(daily.timeSeries), returns(daily.benchmarkTimeSeries), 260)),
    );
    expect(te(metricsOf(daily, { periodsPerYear: 260 }))).not.toBe(te(metricsOf(daily)));
  });

  it("reads a declared frequency, and refuses one the dates contradict or an option it contradicts", () => {
    expectEngineStatistics(daily, metricsOf({ ...daily, frequency: "daily" } as BacktestResult), 252);
    expect(() => tearSheetReportSpecs({ ...daily, frequency: "weekly" } as BacktestResult)).toThrow(
      /^frequency: is "weekly" but the points are daily \(1 days apart, median\)/,
    );
    expect(() =>
      tearSheetReportSpecs({ ...daily, frequency: "daily" } as BacktestResult, { periodsPerYear: 260 }),
    ).toThrow(
      /^options\.periodsPerYear: 260 contradicts the data: it is daily \(252 periods a year, frequency\); leave periodsPerYear out$/,
    );
    expect(() => navChartSpec({ ...weekly, frequency: "hourly" } as never)).toThrow(
      /^frequency: must be one of daily, weekly, monthly, quarterly, annual, got "hourly"$/,
    );
  });

  it("asks for periodsPerYear where the dates name no sampling, and says it was given", () => {
    // Points 10 days apart: no daily, weekly or monthly sampling.
    const irregular = weekly.timeSeries
      .slice(0, 40)
      .map(([, v], i) => [1_600_000_000 + i * 10 * 86400, v] as [number, number]);
    const backtest = {
      ...weekly,
      timeSeries: irregular,
      benchmarkTimeSeries: irregular.map(([t, v]) => [t, v * 1.01] as [number, number]),
    };
    expect(() => tearSheetReportSpecs(backtest)).toThrow(
      /^options\.periodsPerYear: is needed: the points are 10 days apart \(median\), which is no daily, weekly, monthly, quarterly or annual sampling; give periodsPerYear/,
    );
    const spec = rollingVolatilityChartSpec(backtest, { periodsPerYear: 36 }) as unknown as {
      title: { subtitle: string };
    };
    expect(spec.title.subtitle).toMatch(/^Annualised \(36 periods a year\), over the last 9 periodic returns$/);
    const nav = navChartSpec(backtest) as unknown as { title: { subtitle: string } };
    expect(nav.title.subtitle).toMatch(/^Not rebased · /); // no sampling to name, and the benchmark starts elsewhere
  });
});
