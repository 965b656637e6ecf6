/**
 * Bad-input contract entries (publicApi.badInput.test.ts) of the risk models, expected returns and
 * mean–variance optimizers (src/riskModels, src/meanVariance), kept here so the table file only
 * spreads them in.
 */
import fc from "fast-check";
import type { ContractEntry } from "./contract.ts";
import { custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/**
 * A valid {@link ReturnMatrix}: 2..30 periods × 1..6 assets of daily-sized returns, every asset's
 * returns varying (a covariance needs every variance > 0: a constant asset is refused, naming it).
 */
export const returnMatrixArb = fc
  .record({ periods: fc.integer({ min: 2, max: 30 }), assets: fc.integer({ min: 1, max: 6 }) })
  .chain(({ periods, assets }) =>
    fc.record({
      returns: fc.array(double(-0.3, 0.3), { minLength: periods * assets, maxLength: periods * assets }),
      periods: fc.constant(periods),
    }),
  )
  .filter(({ returns, periods }) => {
    const n = returns.length / periods;
    for (let i = 0; i < n; i++) {
      let min = Infinity;
      let max = -Infinity;
      for (let t = 0; t < periods; t++) {
        min = Math.min(min, returns[t * n + i]!);
        max = Math.max(max, returns[t * n + i]!);
      }
      if (!(max - min > 1e-70)) return false;
    }
    return true;
  });

/** The same with any finite values (extremes: subnormals, ±1e300). */
export const extremeReturnMatrixArb = fc
  .record({ periods: fc.integer({ min: 2, max: 10 }), assets: fc.integer({ min: 1, max: 4 }) })
  .chain(({ periods, assets }) =>
    fc.record({
      returns: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
        minLength: periods * assets,
        maxLength: periods * assets,
      }),
      periods: fc.constant(periods),
    }),
  );

/** Breakers of a {@link ReturnMatrix} at argument `index`. */
export function returnMatrixBreakers(index: number, minPeriods = 2) {
  return [
    replace("wrong type", [index], "returns", notAnObject),
    replace("non-finite element", [index, "returns", "*"], "returns[*]", nonFinite),
    replace("wrong type", [index, "returns"], "returns", fc.constantFrom(null, 42, "x", undefined, {})),
    ...scalar([index, "periods"], "periods", {
      outOfRange: fc.oneof(fc.integer({ min: -5, max: minPeriods - 1 }), double(2.01, 2.99)),
    }),
    custom("returns count not a multiple of periods", "returns", (a) => {
      const m = a[index] as { returns: number[] };
      m.returns = [...Array.from(m.returns), 0.01];
    }),
  ];
}

/** A valid mean–variance problem: 1..6 assets, Σ = BBᵀ + diag(d) positive definite, μ, and a feasible cap. */
const mvProblemArb = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc
    .record({
      b: fc.array(double(-0.02, 0.02), { minLength: n * 2, maxLength: n * 2 }),
      d: fc.array(double(1e-5, 1e-3), { minLength: n, maxLength: n }),
      mu: fc.array(double(0.0001, 0.002), { minLength: n, maxLength: n }),
      slack: double(0, 1),
    })
    .map(({ b, d, mu, slack }) => {
      const values = new Array<number>(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++)
          values[i * n + j] = b[i * 2]! * b[j * 2]! + b[i * 2 + 1]! * b[j * 2 + 1]! + (i === j ? d[i]! : 0);
      for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) values[i * n + j] = values[j * n + i]!;
      return { n, covariance: { size: n, values }, mu, maxWeight: Math.min(1, 1 / n + slack * (1 - 1 / n) + 1e-6) };
    }),
);

/** The same problems with Σ and μ multiplied by independent powers of ten in 1e-300..1e300 (subnormal products included). */
const extremeMvProblemArb = fc
  .tuple(mvProblemArb, fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }))
  .map(([p, a, b]) => ({
    ...p,
    covariance: { size: p.n, values: p.covariance.values.map((x) => x * 10 ** a) },
    mu: p.mu.map((x) => x * 10 ** b),
  }));

/** Breakers of the covariance at argument `index`. */
function covarianceBreakers(index: number) {
  return [
    replace("wrong type", [index], "covariance", notAnObject),
    ...scalar([index, "size"], "covariance.size", { outOfRange: fc.constantFrom(0, -1, 1.5) }),
    replace("non-finite element", [index, "values", "*"], "covariance.values[*]", nonFinite),
    replace("wrong type", [index, "values"], "covariance.values", fc.constantFrom(null, 42, "x", undefined)),
    custom("not symmetric", "covariance must be symmetric", (a) => {
      const c = a[index] as { size: number; values: number[] };
      if (c.size < 2) return false;
      c.values[1] = c.values[1]! + 1;
    }),
    custom("not positive semi-definite", "covariance must be positive semi-definite", (a) => {
      const c = a[index] as { size: number; values: number[] };
      if (c.size < 2) return false;
      const v = 2 * Math.sqrt(c.values[0]! * c.values[c.size + 1]!);
      c.values[1] = v;
      c.values[c.size] = v;
    }),
  ];
}

/** Breakers of the weight rules in the options at argument `index`. */
function ruleBreakers(index: number) {
  return [
    replace("wrong type", [index], "options", notAnObject),
    ...scalar([index, "maxWeight"], "maxWeight", {
      optional: true,
      outOfRange: fc.oneof(double(-1, 0), double(1.0001, 5)),
    }),
    ...scalar([index, "minHoldings"], "minHoldings", {
      optional: true,
      outOfRange: fc.oneof(fc.integer({ min: -5, max: 0 }), double(1.01, 1.99)),
    }),
    ...scalar([index, "minActiveWeight"], "minActiveWeight", {
      optional: true,
      outOfRange: fc.oneof(double(-1, 0.0001), double(1.0001, 5)),
    }),
    custom(
      "minHoldings > assets",
      "minHoldings",
      (a) => {
        (a[index] as { minHoldings: number }).minHoldings = 7;
      },
      ["INFEASIBLE"],
    ),
    custom(
      "minActiveWeight > maxWeight",
      "minActiveWeight",
      (a) => {
        Object.assign(a[index] as object, { maxWeight: 0.999, minActiveWeight: 1, minHoldings: 1 });
      },
      ["INFEASIBLE"],
    ),
    custom(
      "n·maxWeight < 1",
      "maxWeight",
      (a) => {
        Object.assign(a[index] as object, { maxWeight: 0.1, minActiveWeight: 0.01, minHoldings: 1 });
      },
      ["INFEASIBLE"],
    ),
  ];
}

const muBreakers = (index: number) => [
  replace("non-finite element", [index, "*"], "expectedReturns[*]", nonFinite),
  replace("wrong type", [index], "expectedReturns", fc.constantFrom(null, 42, "x", undefined, {})),
  custom("wrong length", "expectedReturns", (a) => {
    a[index] = [...(a[index] as number[]), 0.001];
  }),
];

export const riskModelEntries = {
  sampleCovariance: {
    kind: "throws",
    valid: fc.tuple(returnMatrixArb),
    extreme: fc.tuple(extremeReturnMatrixArb),
    breakers: returnMatrixBreakers(0),
  },
  ledoitWolfCovariance: {
    kind: "throws",
    valid: fc.tuple(
      returnMatrixArb,
      fc.record({ target: fc.constantFrom("constant-correlation", "identity") }, { requiredKeys: [] }),
    ),
    extreme: fc.tuple(
      extremeReturnMatrixArb,
      fc.record({ target: fc.constantFrom("constant-correlation", "identity") }),
    ),
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
    extreme: fc.tuple(
      extremeReturnMatrixArb,
      fc.record({ span: fc.double({ min: 1, minExcluded: true, noNaN: true, noDefaultInfinity: true }) }),
    ),
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
      custom(
        "a return <= -1 with compounding",
        () => "returns[0]",
        (a) => {
          (a[0] as { returns: number[] }).returns[0] = -1.5;
          a[1] = { compounding: true };
        },
      ),
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
        (a[1] as { marketReturns?: number[] }).marketReturns = [
          0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.11, 0.12, 0.13, 0.14, 0.15, 0.16, 0.17, 0.18,
          0.19, 0.2, 0.21, 0.22, 0.23, 0.24, 0.25, 0.26, 0.27, 0.28, 0.29, 0.3, 0.31,
        ];
      }),
      replace("non-finite element", [1, "marketReturns", "*"], "marketReturns[*]", nonFinite),
    ],
  },
  minimumVariance: {
    kind: "throws",
    valid: mvProblemArb.map((p) => [p.covariance, { maxWeight: p.maxWeight }]),
    extreme: extremeMvProblemArb.map((p) => [p.covariance, { maxWeight: p.maxWeight }]),
    breakers: [...covarianceBreakers(0), ...ruleBreakers(1)],
  },
  maximumSharpe: {
    kind: "throws",
    valid: mvProblemArb.map((p) => [p.mu, p.covariance, { maxWeight: p.maxWeight, riskFreeRate: 0 }]),
    extreme: extremeMvProblemArb.map((p) => [p.mu, p.covariance, { maxWeight: p.maxWeight }]),
    breakers: [
      ...muBreakers(0),
      ...covarianceBreakers(1),
      ...ruleBreakers(2),
      ...scalar([2, "riskFreeRate"], "riskFreeRate", { optional: true }),
      custom(
        "riskFreeRate above every return",
        "riskFreeRate",
        (a) => {
          (a[2] as { riskFreeRate: number }).riskFreeRate = 0.5;
        },
        ["INFEASIBLE"],
      ),
      custom("riskFreeRate not an annual fraction", "riskFreeRate", (a) => {
        (a[2] as { riskFreeRate: number }).riskFreeRate = 4;
      }),
    ],
  },
  efficientReturn: {
    kind: "throws",
    valid: mvProblemArb.map((p) => [p.mu, p.covariance, Math.min(...p.mu), { maxWeight: p.maxWeight }]),
    extreme: extremeMvProblemArb.map((p) => [p.mu, p.covariance, Math.min(...p.mu), { maxWeight: p.maxWeight }]),
    breakers: [
      ...muBreakers(0),
      ...covarianceBreakers(1),
      ...scalar([2], "targetReturn"),
      custom(
        "targetReturn above every return",
        "targetReturn",
        (a) => {
          a[2] = 0.5;
        },
        ["INFEASIBLE"],
      ),
      custom("targetReturn not an annual fraction", "targetReturn", (a) => {
        a[2] = 1.5;
      }),
      ...ruleBreakers(3),
    ],
  },
  efficientRisk: {
    kind: "throws",
    valid: mvProblemArb.map((p) => [p.mu, p.covariance, 1, { maxWeight: p.maxWeight }]),
    extreme: extremeMvProblemArb.map((p) => [
      p.mu,
      p.covariance,
      Math.sqrt(Math.max(...p.covariance.values)) * 2,
      { maxWeight: p.maxWeight },
    ]),
    breakers: [
      ...muBreakers(0),
      ...covarianceBreakers(1),
      ...scalar([2], "targetVolatility", { outOfRange: double(-1, 0) }),
      custom(
        "targetVolatility below the minimum",
        "targetVolatility",
        (a) => {
          a[2] = 1e-9;
        },
        ["INFEASIBLE"],
      ),
      ...ruleBreakers(3),
    ],
  },
  efficientFrontier: {
    kind: "throws",
    valid: mvProblemArb.map((p) => [p.mu, p.covariance, { maxWeight: p.maxWeight, points: 5 }]),
    extreme: extremeMvProblemArb.map((p) => [p.mu, p.covariance, { maxWeight: p.maxWeight, points: 5 }]),
    breakers: [
      ...muBreakers(0),
      ...covarianceBreakers(1),
      ...ruleBreakers(2),
      ...scalar([2, "points"], "points", { optional: true, outOfRange: fc.constantFrom(1, 0, 2.5, 10_001) }),
    ],
  },
} satisfies Record<string, ContractEntry>;
