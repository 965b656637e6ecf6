import fc from "fast-check";
import { maxDrawdown, sharpeRatio, simpleReturns, volatility } from "@thematic/engine";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { defaultWindow, rollingSharpe, rollingVolatility, underwater } from "./statisticsAdapter.ts";

const columns = (v: number[]) => ({ t: Float64Array.from(v, (_, i) => i * 604800), v: Float64Array.from(v) });
const navs = (min = 2, max = 120) =>
  fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: min, maxLength: max });

describe("underwater", () => {
  it("is 0 at each running peak, <= 0 elsewhere, and its minimum is the engine's maximum drawdown", () => {
    fc.assert(
      fc.property(navs(), (v) => {
        const u = underwater(columns(v)).v;
        let peak = -Infinity;
        v.forEach((x, i) => {
          if (x >= peak) expect(u[i]).toBe(0);
          peak = Math.max(peak, x);
          expect(u[i]).toBeLessThanOrEqual(0);
          expect(u[i]).toBeGreaterThan(-1);
        });
        expect(Math.min(...u)).toBeCloseTo(maxDrawdown(v), 12);
      }),
    );
  });

  it("does not depend on the scale of the NAV", () => {
    fc.assert(
      fc.property(navs(), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (v, k) => {
        const a = underwater(columns(v)).v;
        const b = underwater(columns(v.map((x) => x * k))).v;
        a.forEach((x, i) => expect(b[i]).toBeCloseTo(x, 9));
      }),
    );
  });
});

describe("rolling statistics", () => {
  it("each point is the engine's statistic of the window of returns ending there", () => {
    fc.assert(
      fc.property(navs(10, 80), fc.integer({ min: 2, max: 9 }), (v, w) => {
        const r = simpleReturns(v);
        const vol = rollingVolatility(columns(v), { window: w, periodsPerYear: 52 });
        const sharpe = rollingSharpe(columns(v), { window: w, periodsPerYear: 52, riskFreeRate: 0.01 });
        expect(vol.v.length).toBe(r.length - w + 1);
        expect(sharpe.t[0]).toBe(w * 604800);
        for (let k = 0; k < vol.v.length; k++) {
          expect(vol.v[k]).toBe(volatility(r.subarray(k, k + w), 52));
          expect(sharpe.v[k]).toBe(sharpeRatio(r.subarray(k, k + w), { periodsPerYear: 52, riskFreeRate: 0.01 }));
          expect(Number.isFinite(sharpe.v[k]!)).toBe(true);
        }
      }),
    );
  });

  it("uses a year of points when there are two years of returns, a quarter otherwise, at the series' periods a year", () => {
    expect(defaultWindow(103, 52)).toBe(13);
    expect(defaultWindow(104, 52)).toBe(52);
    expect(defaultWindow(503, 252)).toBe(63);
    expect(defaultWindow(504, 252)).toBe(252);
    expect(defaultWindow(24, 12)).toBe(12);
    expect(defaultWindow(23, 12)).toBe(3);
    expect(
      rollingVolatility(columns(Array.from({ length: 105 }, (_, i) => 100 + (i % 7))), { periodsPerYear: 52 }).v.length,
    ).toBe(53);
  });

  it("refuses a window longer than the series, naming the option", () => {
    expect(() => rollingVolatility(columns([1, 2, 3]), { window: 3, periodsPerYear: 52 })).toThrow(
      new ChartError("options.window", "a 3-period window needs at least 4 points, got 3"),
    );
    expect(() => rollingSharpe(columns([1, 2, 3, 4]), { window: 2, periodsPerYear: 0 })).toThrow(ChartError);
  });
});
