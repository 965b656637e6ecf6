import { describe, expect, it } from "vitest";
import fc from "fast-check";
import fixtureJson from "./_test/numpyTearSheet.json";
import { tearSheet, type TearSheet } from "./tearSheet.ts";
import { buyAndHoldBacktest } from "../backtest/buyAndHoldBacktest.ts";
import { scenarioArb } from "../backtest/_test/scenario.ts";
import { unlessRejected } from "../backtest/_test/outcome.ts";
import { expectClose } from "../stats/_test/helpers.ts";
import { isEngineError } from "../errors/EngineError.ts";

/** A tear sheet computed by numpy (numpyTearSheet.py, committed with its output). */
const fixture = fixtureJson as unknown as {
  options: { riskFreeRate: number; periodsPerYear: number; rollingWindow: number; drawdowns: number };
  input: { timeSeries: Array<[number, number]>; benchmarkTimeSeries: Array<[number, number]> };
  expected: TearSheet;
};

/** Compares every number of `expected` with `actual` (its keys present, arrays of the same length, numbers to a relative tolerance). */
function expectSheetClose(actual: unknown, expected: unknown, path = "sheet"): void {
  if (typeof expected === "number") {
    if (typeof actual !== "number") expect.fail(`${path}: expected a number, got ${String(actual)}`);
    try {
      expectClose(actual, expected, 1e-9, 1e-12);
    } catch (e) {
      expect.fail(`${path}: ${(e as Error).message}`);
    }
    return;
  }
  if (expected === null || typeof expected !== "object") return void expect(actual, path).toBe(expected);
  if (Array.isArray(expected)) expect((actual as unknown[]).length, path).toBe(expected.length);
  else expect(Object.keys(actual as object), path).toEqual(expect.arrayContaining(Object.keys(expected)));
  for (const [k, v] of Object.entries(expected))
    expectSheetClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
}

describe("tearSheet", () => {
  it("equals numpy's tear sheet of the same NAVs (independent implementation, committed fixture)", () => {
    expectSheetClose(tearSheet(fixture.input, fixture.options), fixture.expected);
  });

  it("of a backtest: the deepest drawdown is the backtest's maxDrawdown, rolling series end on the NAV's timestamps", () => {
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 5 }), fc.integer({ min: 2, max: 60 }), ({ input }, window) => {
        const result = unlessRejected(() => buyAndHoldBacktest(input));
        fc.pre(result !== undefined && result.timeSeries.length >= 3);
        const sheet = tearSheet(result, { rollingWindow: window });
        expect(sheet.drawdowns.length === 0 ? 0 : sheet.drawdowns[0]!.depth).toBe(result.metadata.maxDrawdown);
        expect(sheet.periods).toBe(result.metadata.weekCount);
        const n = sheet.periods;
        const expectedLength = n < window ? 0 : n - window + 1;
        for (const series of [sheet.rollingVolatility, sheet.rollingSharpe, sheet.rollingBeta]) {
          expect(series.length).toBe(expectedLength);
          expect(series.map(([t]) => t)).toEqual(result.timeSeries.slice(window).map(([t]) => t));
        }
        for (const value of [
          sheet.sortinoRatio,
          sheet.calmarRatio,
          sheet.beta,
          sheet.alpha,
          sheet.trackingError,
          sheet.informationRatio,
        ]) {
          expect(Number.isFinite(value)).toBe(true);
        }
      }),
      { seed: 15040, numRuns: 60 },
    );
  });

  it("of the benchmark against itself: beta 1, alpha, tracking error, information ratio and hit rate 0, capture 1", () => {
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 2 }), ({ input }) => {
        const result = unlessRejected(() => buyAndHoldBacktest(input));
        fc.pre(result !== undefined && result.timeSeries.length >= 3);
        const sheet = tearSheet({
          timeSeries: result.benchmarkTimeSeries,
          benchmarkTimeSeries: result.benchmarkTimeSeries,
        });
        expectClose(sheet.beta, 1, 1e-12, 0);
        expectClose(sheet.alpha, 0, 0, 1e-12);
        expect([sheet.trackingError, sheet.informationRatio, sheet.hitRate]).toEqual([0, 0, 0]);
        expectClose(sheet.upCapture, 1, 1e-12, 0);
        expectClose(sheet.downCapture, 1, 1e-12, 0);
      }),
      { seed: 15041, numRuns: 40 },
    );
  });

  it("rejects malformed input naming the field", () => {
    const { input } = fixture;
    const fieldOf = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        if (isEngineError(e)) return e.field;
      }
      return "no error";
    };
    const shifted = input.benchmarkTimeSeries.map(([t, v], k) => [k === 5 ? t + 1 : t, v] as [number, number]);
    expect(fieldOf(() => tearSheet({ ...input, benchmarkTimeSeries: shifted }))).toBe("benchmarkTimeSeries[5][0]");
    expect(fieldOf(() => tearSheet({ ...input, benchmarkTimeSeries: input.benchmarkTimeSeries.slice(1) }))).toBe(
      "benchmarkTimeSeries",
    );
    const bad = input.timeSeries.map(([t, v], k) => [t, k === 7 ? -1 : v] as [number, number]);
    expect(fieldOf(() => tearSheet({ ...input, timeSeries: bad }))).toBe("timeSeries[7][1]");
    expect(fieldOf(() => tearSheet({ ...input, timeSeries: input.timeSeries.slice(0, 2) }))).toBe("timeSeries");
    expect(fieldOf(() => tearSheet(input, { rollingWindow: 1 }))).toBe("rollingWindow");
    expect(fieldOf(() => tearSheet(input, { riskFreeRate: -1 }))).toBe("riskFreeRate");
    expect(fieldOf(() => tearSheet(null as never))).toBe("input");
  });
});
