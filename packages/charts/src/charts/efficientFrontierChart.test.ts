import {
  assetReturns,
  covariance,
  expectedReturns,
  meanReturn,
  portfolioPerformance,
  volatility,
} from "@thematic/engine";
import { ChartError } from "../ChartError.ts";
import { describe, expect, it } from "vitest";
import { svgParts } from "../_test/svgParts.ts";
import { efficientFrontierChart, efficientFrontierChartSpec } from "./efficientFrontierChart.ts";

type Layer = {
  data: { values: Array<{ vol: number; ret: number; series: string; label: string }> };
  mark: { type: string };
};
const layers = (spec: unknown) => (spec as { layer: Layer[] }).layer;
const subtitle = (spec: unknown) => (spec as { title: { subtitle: string } }).title.subtitle;

describe("efficientFrontierChart", () => {
  // Daily estimates of three assets (annual returns 5 %, 9 %, 14 %), labelled by id.
  const mu = expectedReturns({ A: 0.05, B: 0.09, C: 0.14 }, { frequency: "daily" });
  const sigma = covariance(
    [
      [1e-4, 2e-5, 1e-5],
      [2e-5, 2.25e-4, 3e-5],
      [1e-5, 3e-5, 4e-4],
    ],
    { assets: ["A", "B", "C"], frequency: "daily" },
  );
  // Portfolio results' performance blocks (annual figures, from daily data): A and C mixed.
  const results = Array.from({ length: 11 }, (_, k) => ({
    performance: portfolioPerformance({ A: 1 - k / 10, B: 0, C: k / 10 }, { covariance: sigma, expectedReturns: mu }),
  }));
  const tangency = {
    performance: portfolioPerformance(
      { A: 0.5, B: 0.2, C: 0.3 },
      { covariance: sigma, expectedReturns: mu, riskFreeRate: 0.02 },
    ),
  };

  it("draws portfolio results, the maximum-Sharpe one marked, and every asset as a dot named by its id", async () => {
    const parts = svgParts(
      await efficientFrontierChart({
        points: results,
        maximumSharpe: tangency,
        assets: { expectedReturns: mu, covariance: sigma },
      }),
    );
    expect(parts.titles).toEqual(["Efficient frontier"]);
    expect(parts.subtitles).toEqual([
      `11 portfolios · maximum Sharpe ratio ${tangency.performance.sharpeRatio!.toFixed(2)} (r_f = 2.00%) · annualised from 252 periods a year`,
    ]);
    expect(parts.lines).toBe(1);
    expect(parts.points).toBe(2 + 3);
    expect(parts.markTexts).toEqual(["A", "B", "C"]);
    expect(parts.axisTitles).toEqual(["Volatility (annual)", "Expected return (annual)"]);
    expect(parts.legendLabels).toEqual(["Efficient frontier", "Minimum variance", "Maximum Sharpe", "Single asset"]);
    for (const labels of parts.axisLabels) for (const label of labels) expect(label).toMatch(/^−?\d+%$/);
  });

  it("places each asset at its annual volatility and return, matched by id whatever the covariance's order", () => {
    const reordered = covariance(
      [
        [4e-4, 3e-5, 1e-5],
        [3e-5, 2.25e-4, 2e-5],
        [1e-5, 2e-5, 1e-4],
      ],
      { assets: ["C", "B", "A"], frequency: "daily" },
    );
    const dots = layers(
      efficientFrontierChartSpec({ points: results, assets: { expectedReturns: mu, covariance: reordered } }),
    )[0]!.data.values;
    expect(dots.map((d) => d.label)).toEqual(["A", "B", "C"]);
    const alone = (id: string) => portfolioPerformance({ [id]: 1 }, { covariance: sigma, expectedReturns: mu });
    for (const d of dots) {
      expect(d.vol).toBeCloseTo(alone(d.label).volatility!, 14);
      expect(d.ret).toBeCloseTo(alone(d.label).expectedReturn!, 14);
    }
    expect(() =>
      efficientFrontierChartSpec({
        points: results,
        assets: {
          expectedReturns: mu,
          covariance: covariance(
            [
              [1e-4, 0],
              [0, 1e-4],
            ],
            { assets: ["A", "D"], frequency: "daily" },
          ),
        },
      }),
    ).toThrow(
      /^assets\.covariance\.assets: must name the expected returns' assets: missing B, C; not in the expected returns: D$/,
    );
  });

  it("takes labelled returns: each asset's mean return and volatility, annualised with the returns' own periods a year", () => {
    const rows = [
      [0.01, -0.02],
      [0.015, 0.01],
      [-0.005, 0.03],
      [0.02, -0.01],
    ];
    const returns = assetReturns(rows, { assets: ["X", "Y"], frequency: "weekly" });
    const spec = efficientFrontierChartSpec(
      {
        points: [
          { volatility: 0.1, expectedReturn: 0.05 },
          { volatility: 0.2, expectedReturn: 0.1 },
        ],
        assets: returns,
      },
      { periodsPerYear: 52 },
    );
    const dots = layers(spec)[0]!.data.values;
    const x = rows.map((r) => r[0]!);
    expect(dots[0]).toMatchObject({ label: "X", ret: meanReturn(x) * 52, vol: volatility(x, 52) });
    expect(subtitle(spec)).toBe("2 portfolios · annualised from 52 periods a year");
  });

  it("reads explicit figures as annual unless periodsPerYear says they are per period, and says which", () => {
    const points = [
      { volatility: 0.01, expectedReturn: 0.0002 },
      { volatility: 0.015, expectedReturn: 0.0004, label: "60/40" },
    ];
    const annual = efficientFrontierChartSpec({ points });
    expect(subtitle(annual)).toBe("2 portfolios · annual figures as given");
    expect(layers(annual)[0]!.data.values[1]).toMatchObject({ vol: 0.015, ret: 0.0004 });
    const daily = efficientFrontierChartSpec({ points }, { periodsPerYear: 252 });
    expect(subtitle(daily)).toBe("2 portfolios · annualised from 252 periods a year");
    expect(layers(daily)[0]!.data.values[1]!.ret).toBeCloseTo(0.0004 * 252, 15);
    expect(layers(daily)[0]!.data.values[1]!.vol).toBeCloseTo(0.015 * Math.sqrt(252), 15);
    // A labelled frontier point is named too.
    expect(
      layers(daily)
        .at(-1)!
        .data.values.map((d) => d.label),
    ).toEqual(["60/40"]);
  });

  it("refuses figures of different samplings and a periodsPerYear the data contradict", () => {
    const monthly = { performance: { ...results[0]!.performance, periodsPerYear: 12 } };
    expect(() =>
      efficientFrontierChartSpec(
        { points: results, assets: { expectedReturns: mu, covariance: sigma } },
        { periodsPerYear: 52 },
      ),
    ).toThrow(
      /^options\.periodsPerYear: 52 contradicts the data: the expected returns and covariance are sampled 252 times a year; leave periodsPerYear out$/,
    );
    expect(() => efficientFrontierChartSpec({ points: [monthly, ...results] })).toThrow(
      /^points: were annualised from different periods a year \(12, 252\)/,
    );
    expect(() =>
      efficientFrontierChartSpec({ points: [monthly, monthly], assets: { expectedReturns: mu, covariance: sigma } }),
    ).toThrow(
      /^points: were annualised from 12 periods a year but the expected returns and covariance are sampled 252/,
    );
  });

  it("rejects malformed input naming the field, and unknown keys with the closest name", () => {
    expect(() => efficientFrontierChartSpec({ points: [results[0]!] })).toThrow(
      /^points: must be an array of at least 2/,
    );
    expect(() =>
      efficientFrontierChartSpec({ points: [{ volatility: 0.1 } as never, { expectedReturn: 0.1, volatility: 0.2 }] }),
    ).toThrow(/^points\[0\]\.expectedReturn: must be a finite number/);
    expect(() =>
      efficientFrontierChartSpec({ points: results, assets: [{ label: "", expectedReturn: 0, volatility: 0.1 }] }),
    ).toThrow(/^assets\[0\]\.label/);
    expect(() =>
      efficientFrontierChartSpec({ points: [{ performance: { expectedReturn: null, volatility: 0.1 } }, results[0]!] }),
    ).toThrow(/^points\[0\]\.performance: has no expected return/);
    expect(() => efficientFrontierChartSpec({ points: results }, { periodsPerYear: 0 })).toThrow(
      /^options\.periodsPerYear: must be a number in \(0, 366\]/,
    );
    expect(() => efficientFrontierChartSpec({ points: results }, { periodPerYear: 52 } as never)).toThrow(
      /^options\.periodPerYear: options has no option periodPerYear \(did you mean periodsPerYear\?\)/,
    );
    expect(() => efficientFrontierChartSpec({ points: results, asset: [] } as never)).toThrow(
      /^input\.asset: input has no option asset \(did you mean assets\?\)/,
    );
  });

  it("refuses a sparse array of points or assets naming the hole, as ChartError", () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    expect(() => efficientFrontierChartSpec({ points: [, ,] } as never)).toThrow(ChartError);
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    expect(() => efficientFrontierChartSpec({ points: [, ,] } as never)).toThrow(/^points\[0\]/);
    expect(() =>
      efficientFrontierChartSpec({
        points: [
          { volatility: 0.1, expectedReturn: 0.05 },
          { volatility: 0.2, expectedReturn: 0.09 },
        ],
        // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
        assets: [, { label: "A", volatility: 0.1, expectedReturn: 0.05 }],
      } as never),
    ).toThrow(/^assets\[0\]/);
  });
});
