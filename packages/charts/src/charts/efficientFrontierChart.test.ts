import { describe, expect, it } from "vitest";
import { covariance as labelled, efficientFrontier, expectedReturns, maximumSharpe, type CovarianceMatrix } from "@thematic/engine";
import { svgParts } from "../_test/svgParts.ts";
import { efficientFrontierChart, efficientFrontierChartSpec } from "./efficientFrontierChart.ts";

describe("efficientFrontierChart", () => {
  const mu = [0.0002, 0.0004, 0.0006];
  const covariance: CovarianceMatrix = { size: 3, values: new Float64Array([1e-4, 2e-5, 1e-5, 2e-5, 2.25e-4, 3e-5, 1e-5, 3e-5, 4e-4]) };
  const frontier = efficientFrontier(mu, covariance, { points: 20 });
  const tangency = maximumSharpe(mu, covariance);
  const assets = mu.map((m, i) => ({ label: `Asset ${i + 1}`, expectedReturn: m, volatility: Math.sqrt(covariance.values[i * 4]!) }));

  it("draws the engine's frontier as one line, the minimum-variance and maximum-Sharpe portfolios and the assets as points, with annualised percent axes", async () => {
    const parts = svgParts(await efficientFrontierChart({ points: frontier.points, maximumSharpe: tangency, assets }));
    expect(parts.titles).toEqual(["Efficient frontier"]);
    expect(parts.subtitles).toEqual([`20 portfolios · maximum Sharpe ratio ${((tangency.performance.sharpeRatio ?? 0) * Math.sqrt(252)).toFixed(2)} (annualised, r_f = 0)`]);
    expect(parts.lines).toBe(1);
    expect(parts.points).toBe(2 + 3);
    expect(parts.axisTitles).toEqual(["Volatility (annualised)", "Expected return (annualised)"]);
    expect(parts.legendLabels).toEqual(["Efficient frontier", "Minimum variance", "Maximum Sharpe", "Single asset"]);
    for (const labels of parts.axisLabels) for (const label of labels) expect(label).toMatch(/^−?\d+%$/);
  });

  it("the spec's values are the inputs annualised (return × 252, volatility × √252), in order", () => {
    const spec = efficientFrontierChartSpec({ points: frontier.points }) as { layer: Array<{ data: { values: Array<{ ret: number; vol: number }> } }> };
    const line = spec.layer[0]!.data.values;
    expect(line).toHaveLength(20);
    expect(line[0]!.ret).toBeCloseTo(frontier.points[0]!.performance.expectedReturn! * 252, 14);
    expect(line[19]!.vol).toBeCloseTo(frontier.points[19]!.performance.volatility! * Math.sqrt(252), 14);
  });

  it("a labelled result's annual performance is drawn as it is, with its risk-free rate", () => {
    const ids = ["A", "B", "C"];
    const rows = [0, 1, 2].map((i) => Array.from(covariance.values.subarray(i * 3, i * 3 + 3)));
    const S = labelled(rows, { assets: ids, frequency: "weekly" });
    const m = expectedReturns({ A: mu[0]! * 52, B: mu[1]! * 52, C: mu[2]! * 52 }, { frequency: "weekly" });
    const f = efficientFrontier(m, S, { points: 5 });
    const t = maximumSharpe(m, S, { riskFreeRate: 0.01 });
    const spec = efficientFrontierChartSpec({ points: f.points, maximumSharpe: t }) as {
      title: { subtitle: string };
      layer: Array<{ data: { values: Array<{ ret: number; vol: number }> } }>;
    };
    expect(spec.layer[0]!.data.values[4]).toMatchObject({ ret: f.points[4]!.performance.expectedReturn, vol: f.points[4]!.performance.volatility });
    expect(spec.title.subtitle).toBe(`5 portfolios · maximum Sharpe ratio ${t.performance.sharpeRatio!.toFixed(2)} (annualised, r_f = 0.01)`);
  });

  it("rejects malformed input naming the field", () => {
    expect(() => efficientFrontierChartSpec({ points: [frontier.points[0]!] })).toThrow(/points: must be an array of at least 2/);
    expect(() => efficientFrontierChartSpec({ points: [{ volatility: 0.1 }, { expectedReturn: 0.1, volatility: 0.2 }] })).toThrow(/points\[0\].expectedReturn: must be a finite number/);
    expect(() => efficientFrontierChartSpec({ points: frontier.points, assets: [{ label: "", expectedReturn: 0, volatility: 0.1 }] })).toThrow(/assets\[0\].label/);
    expect(() => efficientFrontierChartSpec({ points: frontier.points }, { periodsPerYear: 0 })).toThrow(/options.periodsPerYear/);
  });
});
