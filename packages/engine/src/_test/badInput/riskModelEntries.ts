/**
 * Bad-input contract entries (publicApi.badInput.test.ts) of the risk models, expected returns and
 * mean–variance optimizers (src/riskModels, src/meanVariance), kept here so the table file only
 * spreads them in.
 */
import fc from "fast-check";
import type { ContractEntry } from "./contract.ts";
import { custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** A valid {@link ReturnMatrix}: 2..30 periods × 1..6 assets of daily-sized returns. */
export const returnMatrixArb = fc
  .record({ periods: fc.integer({ min: 2, max: 30 }), assets: fc.integer({ min: 1, max: 6 }) })
  .chain(({ periods, assets }) =>
    fc.record({
      returns: fc.array(double(-0.3, 0.3), { minLength: periods * assets, maxLength: periods * assets }),
      periods: fc.constant(periods),
    }),
  );

/** The same with any finite values (extremes: subnormals, ±1e300). */
export const extremeReturnMatrixArb = fc
  .record({ periods: fc.integer({ min: 2, max: 10 }), assets: fc.integer({ min: 1, max: 4 }) })
  .chain(({ periods, assets }) =>
    fc.record({
      returns: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: periods * assets, maxLength: periods * assets }),
      periods: fc.constant(periods),
    }),
  );

/** Breakers of a {@link ReturnMatrix} at argument `index`. */
export function returnMatrixBreakers(index: number) {
  return [
    replace("wrong type", [index], "returns", notAnObject),
    replace("non-finite element", [index, "returns", "*"], "returns[*]", nonFinite),
    replace("wrong type", [index, "returns"], "returns", fc.constantFrom(null, 42, "x", undefined, {})),
    ...scalar([index, "periods"], "periods", { outOfRange: fc.oneof(fc.integer({ min: -5, max: 1 }), double(2.01, 2.99)) }),
    custom("returns count not a multiple of periods", "returns", (a) => {
      const m = a[index] as { returns: number[] };
      m.returns = [...Array.from(m.returns), 0.01];
    }),
  ];
}

export const riskModelEntries = {
  sampleCovariance: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: returnMatrixBreakers(0),
  },
} satisfies Record<string, ContractEntry>;

