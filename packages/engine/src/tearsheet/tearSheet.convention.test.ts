import { describe, expect, it } from "vitest";
import fixtureJson from "./_test/numpyTearSheet.json";
import { tearSheet } from "./tearSheet.ts";
import { calmarRatio } from "./calmarRatio.ts";
import { hitRate } from "./hitRate.ts";
import { informationRatio } from "./informationRatio.ts";
import { jensenAlpha } from "./jensenAlpha.ts";
import { simpleReturns } from "../stats/simpleReturns.ts";
import { expectClose } from "../stats/_test/helpers.ts";

const fixture = fixtureJson as unknown as {
  options: { riskFreeRate: number; periodsPerYear: number; rollingWindow: number; drawdowns: number };
  input: { timeSeries: Array<[number, number]>; benchmarkTimeSeries: Array<[number, number]> };
};

describe("tearSheet with a convention preset (docs/maths.md#convention-presets)", () => {
  const v = fixture.input.timeSeries.map(([, x]) => x);
  const r = simpleReturns(v);
  const b = simpleReturns(fixture.input.benchmarkTimeSeries.map(([, x]) => x));
  const { riskFreeRate, periodsPerYear: p } = fixture.options;
  it.each(["empyrical", "quantstats"] as const)(
    "%s: IR, alpha, hit rates and Calmar are the preset functions'",
    (convention) => {
      const sheet = tearSheet(fixture.input, { ...fixture.options, convention });
      const engine = tearSheet(fixture.input, fixture.options);
      expectClose(sheet.informationRatio, informationRatio(r, b, p, { convention }), 1e-12, 1e-15);
      expectClose(sheet.alpha, jensenAlpha(r, b, { riskFreeRate, periodsPerYear: p, convention }), 1e-12, 1e-15);
      expect(sheet.hitRate).toBe(hitRate(r, b, { convention }));
      expect(sheet.positivePeriods).toBe(hitRate(r, undefined, { convention }));
      expectClose(sheet.calmarRatio, calmarRatio(v, r.length / p), 1e-12, 1e-15);
      // The other figures of the original tear sheet are the engine's (the report rows of
      // `portfolio` and `benchmark` follow the preset: reportRows.oracle.test.ts).
      const legacy = (x: typeof sheet) => ({
        sortinoRatio: x.sortinoRatio,
        beta: x.beta,
        trackingError: x.trackingError,
        upCapture: x.upCapture,
        downCapture: x.downCapture,
        bestPeriod: x.bestPeriod,
        worstPeriod: x.worstPeriod,
        rollingVolatility: x.rollingVolatility,
        rollingSharpe: x.rollingSharpe,
        rollingBeta: x.rollingBeta,
        drawdowns: x.drawdowns,
        correlation: x.correlation,
        rollingSortino: x.rollingSortino,
      });
      expect(legacy(sheet)).toEqual(legacy(engine));
    },
  );
  it("rejects an unknown convention", () => {
    expect(() => tearSheet(fixture.input, { convention: "R" as never })).toThrowError(/convention must be one of/);
  });
});
