import { describe, expect, it } from "vitest";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { tearSheetCharts, tearSheetChartsSpec } from "./tearSheetCharts.ts";

describe("tearSheetCharts", () => {
  const backtest = sampleBacktest(5);
  const weights = [
    { id: "a", weight: 0.5, label: "Alpha" },
    { id: "b", weight: 0.3, label: "Beta" },
    { id: "c", weight: 0.2, label: "Gamma" },
  ];
  const companies = [
    { name: "Alpha", marketCap: 3e10, convictionScore: 0.8 },
    { name: "Beta", marketCap: 2e9, convictionScore: 0.3 },
    { name: "Gamma", marketCap: 7e8, convictionScore: 0.1 },
  ];

  it("combines every chart and the statistics table on one page", async () => {
    const parts = svgParts(await tearSheetCharts({ backtest, weights, companies, portfolioLabel: "Grid" }));
    expect(parts.titles).toEqual([
      "NAV against SPY",
      "Drawdown",
      "Rolling 52-week volatility",
      "Rolling 52-week Sharpe ratio",
      "Statistics",
      "Portfolio weights",
      "Conviction score against market cap",
      "Tear sheet: Grid against SPY", // Vega writes the page title after the panels
    ]);
    expect(parts.lines).toBe(8); // NAV, drawdown, volatility, Sharpe: portfolio and benchmark each
    expect(parts.bars).toBe(3);
    expect(parts.points).toBe(3);
    const pct = (x: number) => `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;
    expect(parts.markTexts).toEqual(
      expect.arrayContaining([
        pct(backtest.metadata.returns),
        pct(backtest.benchmarkMetadata.maxDrawdown),
        backtest.metadata.sharpeRatio.toFixed(2),
      ]),
    );
    expect(parts.axisTitles).toEqual(
      expect.arrayContaining([
        "NAV (rebased to 10,000)",
        "Drawdown (% below peak)",
        "Volatility (% a year)",
        "Sharpe ratio (annualised)",
        "Weight (% of portfolio)",
        "Market cap (USD, log scale)",
      ]),
    );
    expect(parts.legendLabels.filter((l) => l === "Grid").length).toBe(4);
  });

  it("leaves out the weights and conviction panels when not given", () => {
    expect(tearSheetChartsSpec({ backtest }).vconcat.length).toBe(4);
    expect(tearSheetChartsSpec({ backtest, companies }).vconcat.length).toBe(5);
  });

  it("rejects a bad width or title", () => {
    expect(() => tearSheetChartsSpec({ backtest, width: 100 })).toThrow(/width: must be an integer in 480..4000/);
    expect(() => tearSheetChartsSpec({ backtest, title: "" })).toThrow(/title: must be a non-empty string/);
  });

  it("names the backtest's sampling in its subtitle", () => {
    const subtitle = (b: unknown) =>
      (tearSheetChartsSpec({ backtest: b as never }).title as { subtitle: string }).subtitle;
    expect(subtitle(backtest)).toMatch(/^Weekly buy-and-hold backtest · /);
    expect(subtitle(sampleBacktest(1, 7, "daily"))).toMatch(/^Daily buy-and-hold backtest · /);
  });
});
