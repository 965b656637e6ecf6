import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { cagrSharpeRatio } from "./cagrSharpeRatio.ts";

describe("cagrSharpeRatio", () => {
  it("gives the service reference's backtest examples (0.76 and 0.74 to two places)", () => {
    expect(cagrSharpeRatio(0.1242, 0.1637)).toBeCloseTo(0.76, 2);
    expect(cagrSharpeRatio(0.1058, 0.1423)).toBeCloseTo(0.74, 2);
    expect(cagrSharpeRatio(0.1242, 0.1637)).toBe(0.1242 / 0.1637);
  });

  it("subtracts the annual risk-free rate", () => {
    expect(cagrSharpeRatio(0.12, 0.2, { riskFreeRate: 0.02 })).toBeCloseTo(0.5, 15);
  });

  it("is 0 for no volatility, and never NaN or Infinity", () => {
    expect(cagrSharpeRatio(0, 0)).toBe(0);
    expect(cagrSharpeRatio(0.1, 0)).toBe(0);
    expect(cagrSharpeRatio(0.1, 1e-12)).toBe(0);
    expect(Object.is(cagrSharpeRatio(-0, 0.1), 0)).toBe(true);
    // fast-check seed 1664576282: a subnormal return over σ = 2 underflows to 0 (not -0).
    expect(Object.is(cagrSharpeRatio(-5e-324, 2), 0)).toBe(true);
  });

  it("rejects values out of range, naming the field", () => {
    for (const [a, v, field] of [
      [Number.NaN, 0.1, "annualizedReturn"],
      [-1.5, 0.1, "annualizedReturn"],
      [0.1, -0.1, "volatility"],
      [0.1, Infinity, "volatility"],
    ] as const) {
      try {
        cagrSharpeRatio(a, v);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(EngineError);
        expect((e as EngineError).code).toBe("INVALID_INPUT");
        expect((e as Error).message).toContain(field);
      }
    }
    expect(() => cagrSharpeRatio(0.1, 0.1, { riskFreeRate: -1 })).toThrow(EngineError);
  });

  it("properties: finite; sign of the excess return; scales as 1/σ", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 100, noNaN: true }),
        fc.double({ min: 1e-6, max: 10, noNaN: true }),
        fc.double({ min: 1.5, max: 100, noNaN: true }),
        (a, v, k) => {
          const s = cagrSharpeRatio(a, v);
          expect(Number.isFinite(s)).toBe(true);
          // The sign of the excess return, unless the quotient underflows to 0 (a subnormal return).
          if (s !== 0) expect(Math.sign(s)).toBe(Math.sign(a));
          else expect(Math.abs(a / v)).toBeLessThan(Number.MIN_VALUE * 2);
          // Relative: the ratio reaches 1e8 (a = 100, σ = 1e-6), where an absolute 1e-9 is below one rounding.
          expect(Math.abs(cagrSharpeRatio(a, v * k) - s / k)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(s / k)));
        },
      ),
    );
  });

  it("checks its options like every public function: an unknown key is refused naming the closest", () => {
    expect(() => cagrSharpeRatio(0.1, 0.2, { riskFreeRat: 0.02 } as never)).toThrow(
      "options has no option riskFreeRat (did you mean riskFreeRate?)",
    );
    expect(() => cagrSharpeRatio(0.1, 0.2, null as never)).toThrow(
      "options must be an object { riskFreeRate? }, got null",
    );
  });
});
