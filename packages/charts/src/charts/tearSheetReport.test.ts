import { afterEach, describe, expect, it, vi } from "vitest";
import { informationRatio, sharpeRatio, simpleReturns, skewness, valueAtRisk } from "@thematic/engine";
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

  it("renders every panel, a metrics table of 40+ rows from the engine, and one self-contained HTML page, writing nothing to the console", async () => {
    const spies = [vi.spyOn(process.stdout, "write"), vi.spyOn(process.stderr, "write"), vi.spyOn(console, "warn"), vi.spyOn(console, "log")];
    const { panels, html, metrics } = await tearSheetReport(backtest);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();

    expect(metrics.length).toBeGreaterThanOrEqual(40);
    const row = (label: string) => metrics.find((m) => m.label === label)!;
    expect(row("Sharpe ratio").portfolio).toBe(signed(sharpeRatio(r, { periodsPerYear: 52 }), 2));
    expect(row("Sharpe ratio").benchmark).toBe(signed(sharpeRatio(b, { periodsPerYear: 52 }), 2));
    expect(row("Skewness").portfolio).toBe(signed(skewness(r), 2));
    expect(row("VaR 95% (a period)").portfolio).toBe(`${signed(valueAtRisk(r, 0.95) * 100, 2)}%`);
    expect(row("Information ratio (a year)").portfolio).toBe(signed(informationRatio(r, b, 52), 2));
    expect(row("Beta").benchmark).toBe("–");

    const titles = Object.fromEntries(Object.entries(panels).map(([k, svg]) => [k, svgParts(svg).titles[0]]));
    expect(titles).toEqual({
      metrics: "Key metrics",
      cumulativeReturns: "Cumulative returns",
      cumulativeReturnsLog: "Cumulative returns (log scale)",
      annualReturns: "End-of-year returns",
      monthlyReturns: "Monthly returns",
      returnDistribution: "Distribution of returns",
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
    // The five worst drawdowns shaded (rects) under the underwater line, and tabled (5 rows × 5 cells).
    expect(svgParts(panels.underwater).bars).toBe(5);
    expect(svgParts(panels.worstDrawdowns).markTexts.length).toBe(25);
    expect(svgParts(panels.rollingSortino).lines).toBe(2);
    expect(svgParts(panels.rollingBeta).lines).toBe(1);
    // Dated panels share one axis.
    const dateAxis = (svg: string) => svgParts(svg).axisLabels.find((l) => l.every((x) => /^(\w{3} )?\d{4}$/.test(x)));
    for (const k of ["cumulativeReturns", "cumulativeReturnsLog", "rollingVolatility", "rollingSharpe", "rollingSortino", "rollingBeta", "underwater"] as const) {
      expect(dateAxis(panels[k])).toEqual(dateAxis(panels.cumulativeReturns));
    }

    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html.match(/<svg/g)!.length).toBe(11);
    expect(html.match(/<tr><td>/g)!.length).toBe(metrics.length);
    // Nothing fetched: no script, stylesheet link, image source or remote URL (the SVG namespace is a name, not a fetch).
    expect(html).not.toMatch(/<script|<link|<img|src=|@import|url\(\s*['"]?https?:/i);
    expect(html.replace(/xmlns(:\w+)?="http:\/\/www\.w3\.org\/[^"]*"/g, "")).not.toMatch(/https?:\/\//);
  });

  it("applies the convention preset to the metrics", () => {
    const rows = (convention: "engine" | "empyrical") =>
      (tearSheetReportSpecs(backtest, { convention }).metrics as unknown as { usermeta: { rows: Array<{ label: string; portfolio: string }> } }).usermeta.rows;
    expect(rows("empyrical").find((m) => m.label === "Information ratio (a period)")!.portfolio).toBe(signed(informationRatio(r, b, 52, { convention: "empyrical" }), 2));
    expect(rows("engine").find((m) => m.label.startsWith("Information ratio"))!.label).toBe("Information ratio (a year)");
  });

  it("draws a daily backtest (read from its dates: 252 periods a year, 126-day windows)", async () => {
    const daily = sampleBacktest(1, 7, "daily");
    expect(daily.timeSeries.length).toBeGreaterThan(250);
    const { panels, metrics } = await tearSheetReport(daily);
    expect(metrics.find((m) => m.label === "Periods")!.portfolio).toBe(String(daily.timeSeries.length - 1));
    const dr = simpleReturns(daily.timeSeries.map(([, v]) => v));
    expect(metrics.find((m) => m.label === "Sharpe ratio")!.portfolio).toBe(signed(sharpeRatio(dr, { periodsPerYear: 252 }), 2));
    expect(svgParts(panels.rollingSortino).subtitles[0]).toMatch(/^126-day window, annualised with 252 periods a year/);
    expect(svgParts(panels.monthlyReturns).bars).toBeGreaterThanOrEqual(12);
  });

  it("rejects bad options", () => {
    expect(() => tearSheetReportSpecs({ ...backtest, timeSeries: backtest.timeSeries.slice(0, 5), benchmarkTimeSeries: backtest.benchmarkTimeSeries.slice(0, 5) })).toThrow(/at least 6/);
    expect(() => tearSheetReportSpecs(backtest, { width: 100 })).toThrow(/options.width: must be an integer in 480..4000/);
    expect(() => tearSheetReportSpecs(backtest, { periodsPerYear: 0 })).toThrow(/options.periodsPerYear/);
    expect(() => tearSheetReportSpecs(backtest, { rollingWindow: 1 })).toThrow(/options.rollingWindow/);
    expect(() => tearSheetReportSpecs(backtest, { convention: "R" as never })).toThrow(new ChartError("options.convention", 'must be one of "engine", "empyrical", "quantstats", got "R"'));
    expect(() => tearSheetReportSpecs(backtest, { riskFreeRate: 4 })).toThrow(/^options\.riskFreeRate: must be an annual rate as a fraction in \(-1, 1\)/);
  });

  it.each([
    ["weekly", 5, "weekly"],
    ["daily", 2, "daily"],
  ] as const)("labels the %s return histogram once per tick, across the range of the returns", async (_, years, frequency) => {
    const result = sampleBacktest(years, 5, frequency);
    const svg = await renderSvg(tearSheetReportSpecs(result).returnDistribution);
    const labels = svgParts(svg).axisLabels[0]!;
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    const ticks = labels.map((l) => Number(l.replace("−", "-").replace("%", "")) / 100);
    const returns = [...simpleReturns(result.timeSeries.map(([, v]) => v)), ...simpleReturns(result.benchmarkTimeSeries.map(([, v]) => v))];
    const step = ticks[1]! - ticks[0]!;
    expect(ticks[0]!).toBeLessThanOrEqual(Math.min(...returns) + step);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(Math.max(...returns) - step);
  });
});
