import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "../_test/outcome.ts";
import { seriesStatistics } from "./seriesStatistics.ts";
import { referenceStatistics } from "../_test/referenceStatistics.ts";

describe("seriesStatistics (fused) equals the stats functions one by one, bit for bit", () => {
  const navArb = fc.array(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 300 });
  const rfArb = fc.oneof(
    fc.constant(0),
    fc.constant(-0),
    fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    fc.constant(1e-17),
  );
  it("random NAVs, flat stretches and risk-free rates", () => {
    fc.assert(
      fc.property(navArb, rfArb, fc.boolean(), (values, rf, flat) => {
        const nav = Float64Array.from(flat ? values.map((v, i) => (i % 3 === 0 ? v : values[0]!)) : values);
        const t = Float64Array.from(nav, (_, k) => 1_700_000_000 + k * 604800);
        expect(outcome(() => seriesStatistics("portfolio", nav, t, rf))).toStrictEqual(
          outcome(() => referenceStatistics("portfolio", nav, t, rf)),
        );
      }),
      { seed: 15030, numRuns: 500 },
    );
  });
  it("extreme magnitudes and errors", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1e-300, max: 1e300, noNaN: true }), { minLength: 2, maxLength: 20 }),
        (values) => {
          const nav = Float64Array.from(values);
          const t = Float64Array.from(nav, (_, k) => k * 604800);
          expect(outcome(() => seriesStatistics("x", nav, t, 0))).toStrictEqual(
            outcome(() => referenceStatistics("x", nav, t, 0)),
          );
        },
      ),
      { seed: 15031, numRuns: 300 },
    );
  });
});
