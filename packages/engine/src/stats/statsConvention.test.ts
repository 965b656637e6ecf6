import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { valueAtRisk } from "./valueAtRisk.ts";
import { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
import { hitRate } from "../tearsheet/hitRate.ts";
import { informationRatio } from "../tearsheet/informationRatio.ts";
import { jensenAlpha } from "../tearsheet/jensenAlpha.ts";
import { conventionOf } from "./statsConvention.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const seriesArb = fc.array(ret, { minLength: 2, maxLength: 200 }).filter((r) => Math.max(...r) - Math.min(...r) > 1e-3);
const pairArb = fc
  .integer({ min: 3, max: 120 })
  .chain((n) => fc.tuple(fc.array(ret, { minLength: n, maxLength: n }), fc.array(ret, { minLength: n, maxLength: n })))
  .filter(([r, b]) => Math.max(...b) - Math.min(...b) > 1e-3 && r.some((x, i) => Math.abs(x - b[i]!) > 1e-4));
const betaArb = fc.double({ min: 0.5, max: 0.995, noNaN: true });

describe("convention presets (docs/maths.md#convention-presets)", () => {
  it("VaR and CVaR: empyrical's percentile VaR lies between the losses and below its CVaR; quantstats' Gaussian CVaR >= VaR", () => {
    fc.assert(
      fc.property(seriesArb, betaArb, (r, beta) => {
        const v = valueAtRisk(r, beta, { convention: "empyrical" });
        const c = conditionalValueAtRisk(r, beta, { convention: "empyrical" });
        expect(v).toBeGreaterThanOrEqual(-Math.max(...r));
        expect(v).toBeLessThanOrEqual(-Math.min(...r));
        expect(c).toBeGreaterThanOrEqual(v - 1e-15);
        expect(conditionalValueAtRisk(r, beta, { convention: "quantstats" })).toBeGreaterThanOrEqual(
          valueAtRisk(r, beta, { convention: "quantstats" }) - 1e-15,
        );
      }),
    );
    // Hand-checked on 0.01..0.10 and their negatives (n = 20): np.percentile at 5 % interpolates h = 0.95.
    const r = Array.from({ length: 20 }, (_, i) => (i < 10 ? -(i + 1) : i - 9) / 100);
    expectClose(valueAtRisk(r, 0.95, { convention: "empyrical" }), 0.1 - 0.95 * 0.01, 1e-14);
    expect(valueAtRisk(r, 0.95)).toBe(0.09); // the engine: the 19th smallest of 20 losses, no interpolation
    // empyrical CVaR at 0.9: k = ⌊19 · 0.1⌋ = 1 (0.1 snapped from 0.09999999999999998), the mean of the two worst.
    expectClose(conditionalValueAtRisk(r, 0.9, { convention: "empyrical" }), 0.095, 1e-14);
  });
  it("information ratio: empyrical and quantstats are the engine's divided by sqrt(p)", () => {
    fc.assert(
      fc.property(pairArb, fc.constantFrom(252, 52, 12), ([r, b], p) => {
        const ir = informationRatio(r, b, p);
        expectClose(informationRatio(r, b, p, { convention: "empyrical" }), ir / Math.sqrt(p), 1e-12, 1e-15);
        expect(informationRatio(r, b, p, { convention: "quantstats" })).toBe(
          informationRatio(r, b, p, { convention: "empyrical" }),
        );
      }),
    );
  });
  it("alpha: empyrical compounds the engine's per-period alpha; quantstats equals the engine's at rf 0 and ignores rf", () => {
    fc.assert(
      fc.property(
        pairArb,
        fc.constantFrom(252, 52, 12),
        fc.double({ min: -0.02, max: 0.1, noNaN: true }),
        ([r, b], p, rf) => {
          const engine = jensenAlpha(r, b, { riskFreeRate: rf, periodsPerYear: p });
          expectClose(
            jensenAlpha(r, b, { riskFreeRate: rf, periodsPerYear: p, convention: "empyrical" }),
            (1 + engine / p) ** p - 1,
            1e-9,
            1e-12,
          );
          expectClose(
            jensenAlpha(r, b, { riskFreeRate: rf, periodsPerYear: p, convention: "quantstats" }),
            jensenAlpha(r, b, { periodsPerYear: p }),
            1e-12,
            1e-15,
          );
        },
      ),
    );
  });
  it("alpha, empyrical: a per-period alpha below -100 % compounds as numpy's power does (regression: fast-check seed -671727607)", () => {
    // β ≈ 3.57 on a benchmark near +28 % a period: α_period ≈ -1.0002, a negative growth factor.
    const r = [-0.03325, 0.05538, 0];
    const b = [0.27274, 0.29605, 0.27749];
    const perPeriod = jensenAlpha(r, b, { periodsPerYear: 1 });
    expect(perPeriod).toBeLessThan(-1);
    expectClose(
      jensenAlpha(r, b, { periodsPerYear: 252, convention: "empyrical" }),
      (1 + perPeriod) ** 252 - 1,
      1e-12,
      1e-15,
    );
    expectClose(
      jensenAlpha(r, b, { periodsPerYear: 3, convention: "empyrical" }),
      (1 + perPeriod) ** 3 - 1,
      1e-12,
      1e-15,
    );
    expect(() => jensenAlpha(r, b, { periodsPerYear: 52.5, convention: "empyrical" })).toThrow(
      /per-period alpha is -1\.000, below -100 %, which cannot be compounded over periodsPerYear 52\.5/,
    );
  });
  it("hit rate: quantstats leaves ties out, so it is >= the engine's and equal without ties", () => {
    fc.assert(
      fc.property(pairArb, ([r, b]) => {
        expect(hitRate(r, undefined, { convention: "quantstats" })).toBeGreaterThanOrEqual(hitRate(r));
        expect(hitRate(r, b, { convention: "quantstats" })).toBeGreaterThanOrEqual(hitRate(r, b));
        const noZeros = r.filter((x) => x !== 0);
        if (noZeros.length > 0)
          expect(hitRate(noZeros, undefined, { convention: "quantstats" })).toBe(hitRate(noZeros));
        expect(hitRate(r, undefined, { convention: "empyrical" })).toBe(hitRate(r));
      }),
    );
    expect(hitRate([0.02, -0.01, 0.01, 0.0], undefined, { convention: "quantstats" })).toBe(2 / 3);
    expect(hitRate([0, 0], undefined, { convention: "quantstats" })).toBe(0);
    expect(hitRate([0.01, 0.02], [0.01, 0.02], { convention: "quantstats" })).toBe(0);
  });
  it("the option is checked", () => {
    expect(conventionOf(undefined)).toBe("engine");
    expect(conventionOf({})).toBe("engine");
    expect(() => conventionOf(null)).toThrowError("options must be an object { convention? }, got null");
    expect(() => valueAtRisk([0.1], 0.95, { convention: "pyfolio" as never })).toThrowError(
      'convention must be one of "engine", "empyrical", "quantstats", got "pyfolio"',
    );
    expect(() => hitRate([0.1], undefined, { convention: 3 as never })).toThrowError(/got number/);
  });
});
