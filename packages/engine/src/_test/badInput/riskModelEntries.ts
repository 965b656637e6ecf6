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
export function returnMatrixBreakers(index: number, minPeriods = 2) {
  return [
    replace("wrong type", [index], "returns", notAnObject),
    replace("non-finite element", [index, "returns", "*"], "returns[*]", nonFinite),
    replace("wrong type", [index, "returns"], "returns", fc.constantFrom(null, 42, "x", undefined, {})),
    ...scalar([index, "periods"], "periods", { outOfRange: fc.oneof(fc.integer({ min: -5, max: minPeriods - 1 }), double(2.01, 2.99)) }),
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
  ledoitWolfCovariance: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb, fc.record({ target: fc.constantFrom("constant-correlation", "identity") }, { requiredKeys: [] })),
    extreme: fc.tuple(extremeReturnMatrixArb, fc.record({ target: fc.constantFrom("constant-correlation", "identity") })),
    breakers: [
      ...returnMatrixBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      replace("unknown target", [1, "target"], "target", fc.constantFrom("diagonal", 42, null, "")),
    ],
  },
  oracleApproximatingShrinkage: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: returnMatrixBreakers(0),
  },
  exponentialCovariance: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb, fc.record({ span: double(1.01, 1000) }, { requiredKeys: [] })),
    extreme: fc.tuple(extremeReturnMatrixArb, fc.record({ span: fc.double({ min: 1, minExcluded: true, noNaN: true, noDefaultInfinity: true }) })),
    breakers: [
      ...returnMatrixBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "span"], "span", { optional: true, outOfRange: double(-10, 1) }),
    ],
  },
  meanHistoricalReturn: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb, fc.record({ compounding: fc.boolean() }, { requiredKeys: [] })),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: [
      ...returnMatrixBreakers(0, 1),
      replace("wrong type", [1], "options", notAnObject),
      replace("wrong type", [1, "compounding"], "compounding", fc.constantFrom(1, "yes", null)),
      custom("a return <= -1 with compounding", (a) => "returns[0]", (a) => {
        (a[0] as { returns: number[] }).returns[0] = -1.5;
        a[1] = { compounding: true };
      }),
    ],
  },
  exponentialHistoricalReturn: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb, fc.record({ span: double(1.01, 1000) }, { requiredKeys: [] })),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: [
      ...returnMatrixBreakers(0, 1),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "span"], "span", { optional: true, outOfRange: double(-10, 1) }),
    ],
  },
  capmReturn: {
    kind: "throws",
    valid: returnMatrixArb.chain((m) =>
      fc.tuple(
        fc.constant(m),
        fc.record(
          {
            marketReturns: fc.array(double(-0.1, 0.1), { minLength: m.periods, maxLength: m.periods }),
            riskFreeRate: double(-0.001, 0.001),
          },
          { requiredKeys: ["marketReturns"] },
        ),
      ),
    ),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: [
      ...returnMatrixBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "riskFreeRate"], "riskFreeRate", { optional: true }),
      custom("marketReturns of the wrong length", "marketReturns", (a) => {
        (a[1] as { marketReturns?: number[] }).marketReturns = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.11, 0.12, 0.13, 0.14, 0.15, 0.16, 0.17, 0.18, 0.19, 0.2, 0.21, 0.22, 0.23, 0.24, 0.25, 0.26, 0.27, 0.28, 0.29, 0.3, 0.31];
      }),
      replace("non-finite element", [1, "marketReturns", "*"], "marketReturns[*]", nonFinite),
    ],
  },
} satisfies Record<string, ContractEntry>;

