import { describe, expect, it } from "vitest";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { rollingSharpeChart } from "./rollingSharpeChart.ts";
import { rollingVolatilityChart } from "./rollingVolatilityChart.ts";

describe("rolling charts", () => {
  it("rolling volatility: one year windows for long backtests, two series, percent axis", async () => {
    const parts = svgParts(await rollingVolatilityChart(sampleBacktest(5)));
    expect(parts.titles).toEqual(["Rolling 52-week volatility"]);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "Volatility (% a year)"]);
    expect(parts.lines).toBe(2);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
  });

  it("rolling Sharpe: a quarter window for a one-year backtest, a rule at 0", async () => {
    const parts = svgParts(await rollingSharpeChart(sampleBacktest(1)));
    expect(parts.titles).toEqual(["Rolling 13-week Sharpe ratio"]);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "Sharpe ratio (annualised)"]);
    expect(parts.lines).toBe(2);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
  });

  it("takes the window and risk-free rate as options, and refuses a window longer than the series", async () => {
    const backtest = sampleBacktest(1);
    const parts = svgParts(await rollingSharpeChart(backtest, { window: 26, riskFreeRate: 0.02 }));
    expect(parts.titles).toEqual(["Rolling 26-week Sharpe ratio"]);
    expect(parts.subtitles[0]).toBe("Annualised (52 periods a year), last 26 weekly returns, risk-free 2.00%");
    await expect(rollingVolatilityChart(backtest, { window: 60 })).rejects.toThrow(
      /options.window: a 60-period window needs at least 61 points, got 53/,
    );
    await expect(rollingVolatilityChart(backtest, { window: 1 })).rejects.toThrow(
      /options.window: must be an integer >= 2/,
    );
    await expect(rollingSharpeChart(backtest, { riskFreeRate: -2 })).rejects.toThrow(/options.riskFreeRate/);
    await expect(rollingSharpeChart(backtest, { riskFreeRate: 4 })).rejects.toThrow(
      /^options\.riskFreeRate: must be an annual rate as a fraction in \(-1, 1\), got 4 \(for 4 %, give 0\.04\)$/,
    );
  });
});
