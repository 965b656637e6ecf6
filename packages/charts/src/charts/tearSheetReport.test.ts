import { afterEach, describe, expect, it, vi } from "vitest";
import { beta, informationRatio, simpleReturns, sortinoRatio, tearSheet } from "@thematic/engine";
import { reportMetrics } from "../series/reportMetrics.ts";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { ChartError } from "../ChartError.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { tearSheetReport, tearSheetReportSpecs } from "./tearSheetReport.ts";

afterEach(() => vi.restoreAllMocks());

const signed = (x: number, d: number) => {
  const s = Math.abs(x).toFixed(d);
  return `${x < 0 && Number(s) !== 0 ? "−" : ""}${s}`;
};

describe("tearSheetReport (the full tear sheet)", () => {
  const backtest = sampleBacktest(5);
  const r = simpleReturns(backtest.timeSeries.map(([, v]) => v));
  const b = simpleReturns(backtest.benchmarkTimeSeries.map(([, v]) => v));

  it("renders every panel, the metrics table of the engine's tearSheet(), and one self-contained HTML page, writing nothing to the console", async () => {
    const spies = [
      vi.spyOn(process.stdout, "write"),
      vi.spyOn(process.stderr, "write"),
      vi.spyOn(console, "warn"),
      vi.spyOn(console, "log"),
    ];
    const { panels, html, metrics } = await tearSheetReport(backtest);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();

    // The rows are the engine's tearSheet(): each figure it returns, formatted, the benchmark's from its own tear sheet.
    const sheet = tearSheet(backtest, { periodsPerYear: 52, rollingWindow: 26, drawdowns: 10 });
    expect(metrics).toEqual(
      reportMetrics(
        sheet,
        tearSheet(
          { timeSeries: backtest.benchmarkTimeSeries, benchmarkTimeSeries: backtest.benchmarkTimeSeries },
          { periodsPerYear: 52, rollingWindow: 26, drawdowns: 10 },
        ),
      ),
    );
    const row = (label: string) => metrics.find((m) => m.label === label)!;
    expect(row("Sortino ratio").portfolio).toBe(signed(sortinoRatio(r, { periodsPerYear: 52 }), 2));
    expect(row("Sortino ratio").benchmark).toBe(signed(sortinoRatio(b, { periodsPerYear: 52 }), 2));
    expect(row("Information ratio").portfolio).toBe(signed(informationRatio(r, b, 52), 2));
    expect(row("Beta").portfolio).toBe(signed(beta(r, b), 2));
    expect(row("Beta").benchmark).toBe("–");

    const titles = Object.fromEntries(Object.entries(panels).map(([k, svg]) => [k, svgParts(svg).titles[0]]));
    expect(titles).toEqual({
      metrics: "Key metrics",
      cumulativeReturns: "Cumulative returns",
      cumulativeReturnsVolatilityMatched: "Cumulative returns, volatility-matched",
      cumulativeReturnsLog: "Cumulative returns (log scale)",
      annualReturns: "End-of-year returns",
      endOfYearTable: "End-of-year returns, table",
      periodReturns: "Weekly returns by date",
      monthlyReturns: "Monthly returns",
      returnDistribution: "Distribution of returns",
      monthlyDistribution: "Distribution of monthly returns",
      returnsByPeriod: "Returns by calendar period",
      rollingVolatility: "Rolling volatility",
      rollingSharpe: "Rolling Sharpe ratio",
      rollingSortino: "Rolling Sortino ratio",
      rollingBeta: "Rolling beta against SPY",
      underwater: "Underwater",
      worstDrawdowns: "Worst drawdowns",
    });
    // Points 2021-11-26 .. 2026-11-20: returns end in 6 calendar years (2021 and 2026 partial) and 60 months (Dec 2021 .. Nov 2026).
    expect(svgParts(panels.annualReturns).bars).toBe(12);
    expect(svgParts(panels.monthlyReturns).bars).toBe(60);
    expect(svgParts(panels.returnDistribution).bars).toBeGreaterThan(10);
    // Six years in the end-of-year table (6 rows × 5 cells); a box and its median tick per series and calendar unit (week, month, quarter, year).
    expect(svgParts(panels.endOfYearTable).markTexts.length).toBe(30);
    expect(svgParts(panels.returnsByPeriod).bars).toBe(16);
    expect(svgParts(panels.monthlyDistribution).bars).toBeGreaterThan(5);
    // The five worst drawdowns shaded (rects) under the underwater line, the ten worst tabled (10 rows × 5 cells).
    expect(svgParts(panels.underwater).bars).toBe(5);
    expect(svgParts(panels.worstDrawdowns).markTexts.length).toBe(50);
    expect(svgParts(panels.rollingSortino).lines).toBe(2);
    // Rolling beta over half a year (26 weeks) and a year (52 weeks).
    expect(svgParts(panels.rollingBeta).lines).toBe(2);
    expect(svgParts(panels.rollingBeta).legendLabels).toEqual(["26-week window", "52-week window"]);
    // Dated panels share one axis.
    const dateAxis = (svg: string) => svgParts(svg).axisLabels.find((l) => l.every((x) => /^(\w{3} )?\d{4}$/.test(x)));
    for (const k of [
      "cumulativeReturns",
      "cumulativeReturnsVolatilityMatched",
      "cumulativeReturnsLog",
      "periodReturns",
      "rollingVolatility",
      "rollingSharpe",
      "rollingSortino",
      "rollingBeta",
      "underwater",
    ] as const) {
      expect(dateAxis(panels[k])).toEqual(dateAxis(panels.cumulativeReturns));
    }

    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html.match(/<svg/g)!.length).toBe(16);
    for (const fact of [
      "Period</span>2021-11-26 → 2026-11-20",
      "Returns</span>260",
      "Sampling</span>Weekly, 52 periods a year",
      "Risk-free rate</span>0.00% a year",
      "Convention</span>engine",
      "Rolling window</span>26-week",
    ]) {
      expect(html).toContain(fact);
    }
    expect(html.match(/<tr><td>/g)!.length).toBe(metrics.length);
    // Nothing fetched: no script, stylesheet link, image source or remote URL (the SVG namespace is a name, not a fetch).
    expect(html).not.toMatch(/<script|<link|<img|src=|@import|url\(\s*['"]?https?:/i);
    expect(html.replace(/xmlns(:\w+)?="http:\/\/www\.w3\.org\/[^"]*"/g, "")).not.toMatch(/https?:\/\//);
  });

  it("takes every convention from the engine's tearSheet: the Calmar ratio's years and the information ratio's scaling", () => {
    const rows = (convention: "engine" | "empyrical") =>
      (
        tearSheetReportSpecs(backtest, { convention }).metrics as unknown as {
          usermeta: { rows: Array<{ label: string; portfolio: string }> };
        }
      ).usermeta.rows;
    for (const convention of ["engine", "empyrical"] as const) {
      const sheet = tearSheet(backtest, { periodsPerYear: 52, convention });
      expect(rows(convention).find((m) => m.label === "Information ratio")!.portfolio).toBe(
        signed(sheet.informationRatio, 2),
      );
      expect(rows(convention).find((m) => m.label === "Calmar ratio")!.portfolio).toBe(signed(sheet.calmarRatio, 2));
    }
    expect(rows("empyrical").find((m) => m.label === "Information ratio")!.portfolio).toBe(
      signed(informationRatio(r, b, 52, { convention: "empyrical" }), 2),
    );
    expect(rows("engine").find((m) => m.label === "Information ratio")!.portfolio).not.toBe(
      rows("empyrical").find((m) => m.label === "Information ratio")!.portfolio,
    );
  });

  it("draws a daily backtest (read from its dates: 252 periods a year, 126-day windows)", async () => {
    const daily = sampleBacktest(1, 7, "daily");
    expect(daily.timeSeries.length).toBeGreaterThan(250);
    const { panels, metrics } = await tearSheetReport(daily);
    expect(metrics.find((m) => m.label === "Periods")!.portfolio).toBe(String(daily.timeSeries.length - 1));
    const dr = simpleReturns(daily.timeSeries.map(([, v]) => v));
    expect(metrics.find((m) => m.label === "Sortino ratio")!.portfolio).toBe(
      signed(sortinoRatio(dr, { periodsPerYear: 252 }), 2),
    );
    expect(svgParts(panels.periodReturns).titles[0]).toBe("Daily returns by date");
    expect(svgParts(panels.rollingBeta).legendLabels).toEqual(["126-day window", "252-day window"]);
    expect(svgParts(panels.rollingSortino).subtitles[0]).toMatch(/^126-day window, annualised with 252 periods a year/);
    expect(svgParts(panels.monthlyReturns).bars).toBeGreaterThanOrEqual(12);
  });

  it("labels each dense panel once for assistive technology, not each of its points (a label per point was the page's largest cost)", async () => {
    const daily = sampleBacktest(1, 7, "daily");
    const { panels } = await tearSheetReport(daily);
    const labels = (svg: string) => svg.match(/aria-label="/g)?.length ?? 0;
    for (const name of ["periodReturns", "cumulativeReturns", "rollingSharpe", "underwater"] as const) {
      // Its title, axes, legend and reference rules: a handful of labels, not one per return (about 260 here).
      expect(labels(panels[name])).toBeLessThan(12);
      expect(panels[name]).toMatch(/aria-label="Title text '[^']+'"/);
    }
    // Small panels keep a label per mark (a bar per year).
    expect(labels(panels.annualReturns)).toBeGreaterThan(4);
  });

  it("rejects bad options", () => {
    expect(() =>
      tearSheetReportSpecs({
        ...backtest,
        timeSeries: backtest.timeSeries.slice(0, 5),
        benchmarkTimeSeries: backtest.benchmarkTimeSeries.slice(0, 5),
      }),
    ).toThrow(/at least 6/);
    expect(() => tearSheetReportSpecs(backtest, { width: 100 })).toThrow(
      /options.width: must be an integer in 480..4000/,
    );
    expect(() => tearSheetReportSpecs(backtest, { periodsPerYear: 0 })).toThrow(/options.periodsPerYear/);
    expect(() => tearSheetReportSpecs(backtest, { rollingWindow: 1 })).toThrow(/options.rollingWindow/);
    expect(() => tearSheetReportSpecs(backtest, { convention: "R" as never })).toThrow(
      new ChartError("options.convention", 'must be one of "engine", "empyrical", "quantstats", got "R"'),
    );
    expect(() => tearSheetReportSpecs(backtest, { riskFreeRate: 4 })).toThrow(
      /^options\.riskFreeRate: must be an annual rate as a fraction in \(-1, 1\)/,
    );
  });

  it.each([
    ["weekly", 5, "weekly"],
    ["daily", 2, "daily"],
  ] as const)(
    "labels the %s return histogram once per tick, across the range of the returns",
    async (_, years, frequency) => {
      const result = sampleBacktest(years, 5, frequency);
      const svg = await renderSvg(tearSheetReportSpecs(result).returnDistribution);
      const labels = svgParts(svg).axisLabels[0]!;
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.length).toBeGreaterThanOrEqual(4);
      const ticks = labels.map((l) => Number(l.replace("−", "-").replace("%", "")) / 100);
      const returns = [
        ...simpleReturns(result.timeSeries.map(([, v]) => v)),
        ...simpleReturns(result.benchmarkTimeSeries.map(([, v]) => v)),
      ];
      const step = ticks[1]! - ticks[0]!;
      expect(ticks[0]!).toBeLessThanOrEqual(Math.min(...returns) + step);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(Math.max(...returns) - step);
    },
  );
});
