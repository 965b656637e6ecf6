import { describe, expect, it } from "vitest";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { drawdownChart } from "./drawdownChart.ts";

describe("drawdownChart", () => {
  it("draws both underwater curves, the portfolio's filled, with percent axes and the maxima in the subtitle", async () => {
    const backtest = sampleBacktest(10);
    const parts = svgParts(await drawdownChart(backtest));
    expect(parts.titles).toEqual(["Drawdown"]);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "Drawdown (% below peak)"]);
    expect(parts.lines).toBe(2);
    expect(parts.areas).toBe(1);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
    const pct = (x: number) => `−${Math.abs(x * 100).toFixed(1)}%`;
    expect(parts.subtitles[0]).toBe(
      `Below the running peak of the NAV · maximum: Portfolio ${pct(backtest.metadata.maxDrawdown)}, SPY ${pct(backtest.benchmarkMetadata.maxDrawdown)}`,
    );
    for (const label of parts.axisLabels[1]!) expect(label).toMatch(/^(−\d+%|0%)$/);
  });

  it("draws one curve without a legend for a lone portfolio", async () => {
    const parts = svgParts(await drawdownChart({ portfolio: sampleBacktest(2).timeSeries }));
    expect(parts.lines).toBe(1);
    expect(parts.legendLabels).toEqual([]);
  });
});
