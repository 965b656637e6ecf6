import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { sampleBacktest } from "../_test/sampleBacktest.ts";

/** Fixed seed, so CI replays the same cases; `CHARTS_FUZZ_SEED` explores further by hand. A failing seed becomes a regression case below. */
const SEED = Number(process.env.CHARTS_FUZZ_SEED ?? 20261128);
import { convictionChartSpec } from "./convictionChart.ts";
import { drawdownChartSpec } from "./drawdownChart.ts";
import { efficientFrontierChartSpec } from "./efficientFrontierChart.ts";
import { navChartSpec } from "./navChart.ts";
import { rollingSharpeChartSpec } from "./rollingSharpeChart.ts";
import { rollingVolatilityChartSpec } from "./rollingVolatilityChart.ts";
import { tearSheetChartsSpec } from "./tearSheetCharts.ts";
import { tearSheetReportSpecs } from "./tearSheetReport.ts";
import { weightsChartSpec } from "./weightsChart.ts";

/** Calls `build` and passes when it returns or throws a ChartError; anything else thrown fails the property. */
function onlyChartError(build: () => unknown): void {
  try {
    build();
  } catch (error) {
    if (!(error instanceof ChartError))
      throw new Error(`threw ${(error as Error)?.name}: ${(error as Error)?.message}`, { cause: error });
  }
}

const anything = fc.anything({
  withNullPrototype: true,
  withBigInt: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  maxDepth: 3,
});

describe("every chart throws only ChartError", () => {
  const backtest = sampleBacktest(1);
  const builders: Array<[string, (input: unknown, options: unknown) => unknown, unknown]> = [
    ["navChartSpec", (i, o) => navChartSpec(i as never, o as never), backtest],
    ["drawdownChartSpec", (i, o) => drawdownChartSpec(i as never, o as never), backtest],
    ["rollingVolatilityChartSpec", (i, o) => rollingVolatilityChartSpec(i as never, o as never), backtest],
    ["rollingSharpeChartSpec", (i, o) => rollingSharpeChartSpec(i as never, o as never), backtest],
    ["weightsChartSpec", (i, o) => weightsChartSpec(i as never, o as never), { weights: [{ id: "a", weight: 1 }] }],
    [
      "convictionChartSpec",
      (i, o) => convictionChartSpec(i as never, o as never),
      [{ name: "Acme", marketCap: 1e9, convictionScore: 0.4 }],
    ],
    [
      "efficientFrontierChartSpec",
      (i, o) => efficientFrontierChartSpec(i as never, o as never),
      {
        points: [
          { volatility: 0.1, expectedReturn: 0.05 },
          { volatility: 0.2, expectedReturn: 0.08 },
        ],
      },
    ],
    ["tearSheetReportSpecs", (i, o) => tearSheetReportSpecs(i as never, o as never), backtest],
    ["tearSheetChartsSpec", (i) => tearSheetChartsSpec(i as never), { backtest }],
  ];

  it("efficientFrontierChartSpec refuses sparse points and assets by name (a fast-check seed found a TypeError)", () => {
    // biome-ignore lint/suspicious/noSparseArray: the holes are the input under test
    const holes = [, ,];
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    const assetsWithHole = [, { volatility: 0.1, expectedReturn: 0.05, label: "A" }];
    expect(() => efficientFrontierChartSpec({ points: holes } as never)).toThrow(ChartError);
    expect(() =>
      efficientFrontierChartSpec({
        points: [
          { volatility: 0.1, expectedReturn: 0.05 },
          { volatility: 0.2, expectedReturn: 0.08 },
        ],
        assets: assetsWithHole,
      } as never),
    ).toThrow(ChartError);
  });

  it.each(builders)("%s, given anything as input or options", (_, build, valid) => {
    fc.assert(
      fc.property(anything, anything, (input, options) => onlyChartError(() => build(input, options))),
      { numRuns: 150, seed: SEED },
    );
    // A valid input with options of any keys and values.
    const options = fc.dictionary(
      fc.constantFrom(
        "title",
        "width",
        "height",
        "logScale",
        "window",
        "periodsPerYear",
        "riskFreeRate",
        "top",
        "other",
        "convention",
        "rollingWindow",
        "colour",
      ),
      anything,
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(options, (o) => onlyChartError(() => build(valid, o))),
      { numRuns: 60, seed: SEED },
    );
    // The input's own fields replaced by anything.
    if (valid !== null && typeof valid === "object" && !Array.isArray(valid)) {
      const fields = fc.dictionary(fc.constantFrom(...Object.keys(valid)), anything, { maxKeys: 2 });
      fc.assert(
        fc.property(fields, (f) => onlyChartError(() => build({ ...(valid as object), ...f }, undefined))),
        { numRuns: 60, seed: SEED },
      );
    }
  });
});
