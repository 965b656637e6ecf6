import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { convictionChartSpec } from "../charts/convictionChart.ts";
import { drawdownChartSpec } from "../charts/drawdownChart.ts";
import { efficientFrontierChartSpec } from "../charts/efficientFrontierChart.ts";
import { navChartSpec } from "../charts/navChart.ts";
import { rollingSharpeChartSpec } from "../charts/rollingSharpeChart.ts";
import { rollingVolatilityChartSpec } from "../charts/rollingVolatilityChart.ts";
import { tearSheetChartsSpec } from "../charts/tearSheetCharts.ts";
import { tearSheetReportSpecs } from "../charts/tearSheetReport.ts";
import { weightsChartSpec } from "../charts/weightsChart.ts";
import { closestName, nameDistance, strictOptions } from "./strictOptions.ts";

describe("strict options", () => {
  it("counts edits, an adjacent swap as one, case ignored", () => {
    expect(nameDistance("logscale", "logScale")).toBe(0);
    expect(nameDistance("periodPerYear", "periodsPerYear")).toBe(1);
    expect(nameDistance("riksFreeRate", "riskFreeRate")).toBe(1);
    expect(nameDistance("", "abc")).toBe(3);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(nameDistance(a, b)).toBe(nameDistance(b, a));
        expect(nameDistance(a, a)).toBe(0);
        expect(nameDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it("accepts the allowed keys and undefined values, refuses anything else naming the closest option", () => {
    expect(strictOptions("options", undefined, ["a"])).toEqual({});
    expect(strictOptions("options", { a: 1, b: undefined }, ["a"])).toEqual({ a: 1, b: undefined });
    expect(() => strictOptions("options", null, ["a"])).toThrow(
      new ChartError("options", "must be an object { a }, got null"),
    );
    expect(() => strictOptions("options", [1], ["a"])).toThrow(/^options: must be an object \{ a \}, got an array$/);
    expect(closestName("colour", ["title", "width", "height", "color"])).toBe("color");
  });

  const weekly = sampleBacktest(2);
  const weights = [{ id: "a", weight: 1 }];
  const points = [
    { volatility: 0.1, expectedReturn: 0.05 },
    { volatility: 0.2, expectedReturn: 0.09 },
  ];
  const company = [{ name: "Acme", marketCap: 1e9, convictionScore: 0.5 }];
  // Every chart, and the misspellings a user types: each is refused, naming the key and the closest option.
  it.each([
    ["navChart", () => navChartSpec(weekly, { logscale: true } as never), "logscale", "logScale"],
    ["navChart", () => navChartSpec(weekly, { colour: "red" } as never), "colour", "title"],
    ["drawdownChart", () => drawdownChartSpec(weekly, { widht: 400 } as never), "widht", "width"],
    [
      "rollingVolatilityChart",
      () => rollingVolatilityChartSpec(weekly, { periodPerYear: 52 } as never),
      "periodPerYear",
      "periodsPerYear",
    ],
    [
      "rollingSharpeChart",
      () => rollingSharpeChartSpec(weekly, { riskfreeRate: 0.02 } as never),
      "riskfreeRate",
      "riskFreeRate",
    ],
    ["weightsChart", () => weightsChartSpec(weights, { tops: 5 } as never), "tops", "top"],
    ["convictionChart", () => convictionChartSpec(company, { hieght: 300 } as never), "hieght", "height"],
    [
      "efficientFrontierChart",
      () => efficientFrontierChartSpec({ points }, { periodsperyear: 12 } as never),
      "periodsperyear",
      "periodsPerYear",
    ],
    [
      "tearSheetReport",
      () => tearSheetReportSpecs(weekly, { periodPerYear: 52 } as never),
      "periodPerYear",
      "periodsPerYear",
    ],
    [
      "tearSheetReport",
      () => tearSheetReportSpecs(weekly, { riskfreeRate: 0.02 } as never),
      "riskfreeRate",
      "riskFreeRate",
    ],
    [
      "tearSheetReport",
      () => tearSheetReportSpecs(weekly, { rollingWindows: 12 } as never),
      "rollingWindows",
      "rollingWindow",
    ],
  ])("%s refuses %s", (_, call, key, closest) => {
    let thrown: unknown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChartError);
    expect((thrown as ChartError).field).toBe(`options.${key}`);
    expect((thrown as ChartError).message).toContain(`has no option ${key} (did you mean ${closest}?)`);
    expect((thrown as ChartError).details).toMatchObject({ key, closest });
  });

  it("the tear sheet refuses an unknown key of its input and of its rolling options", () => {
    expect(() => tearSheetChartsSpec({ backtest: weekly, weight: weights } as never)).toThrow(
      /^input\.weight: input has no option weight \(did you mean weights\?\)/,
    );
    expect(() => tearSheetChartsSpec({ backtest: weekly, rolling: { windows: 13 } } as never)).toThrow(
      /^rolling\.windows: rolling has no option windows \(did you mean window\?\)/,
    );
  });
});
