/**
 * Test helpers (not exported): the bad-input contract entries of the portfolio-construction
 * functions (risk budgeting, HRP, Black–Litterman, discrete allocation), kept
 * apart from publicApi.badInput.test.ts so that areas added in parallel merge simply.
 */
import fc from "fast-check";
import { custom, nonFinite, notAnArray, notAnObject, numericArray, replace, scalar, above, below } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";
import { covarianceArb } from "../../riskBased/_test/randomCovariance.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** A valid covariance (rows), optionally scaled to the edges of the doubles. */
const covariance = (extreme: boolean, maxN = 8) =>
  extreme
    ? fc
        .tuple(covarianceArb(maxN), fc.constantFrom(1e-280, 1e-150, 1e150, 1e280))
        .map(([c, k]) => c.map((row) => row.map((x) => x * k)))
    : covarianceArb(maxN);

type Rows = number[][];

/** Breakers of a covariance argument at position `index` (docs/maths.md#matrix-inputs). */
export function covarianceBreakers(index: number) {
  const rows = (a: unknown[]) => a[index] as Rows;
  return [
    replace("wrong type", [index], "covariance", notAnArray(true)),
    replace("empty", [index], "covariance", fc.constant([])),
    replace("non-finite entry", [index, "*", "*"], "covariance[*][*]", nonFinite),
    replace("wrong-type entry", [index, "*", "*"], "covariance[*][*]", fc.constantFrom("1", null, undefined, {}, true)),
    // (A number is no wrong type here: [42] is a valid flat 1×1 matrix.)
    replace("wrong-type row", [index, "*"], "covariance[*]", fc.constantFrom(null, "x", {}, true)),
    custom("covariance[0]: short row", "covariance[0]", (a) => {
      rows(a)[0] = rows(a)[0]!.slice(1);
    }),
    custom("covariance: flat, not n·n values", "covariance", (a) => {
      const flat = rows(a).flat();
      a[index] = Float64Array.from([...flat, 1]);
    }),
    custom("covariance[0][0]: variance <= 0", "covariance[0][0]", (a, g) => {
      rows(a)[0]![0] = g(() => fc.constantFrom(0, -1, -1e-300));
    }),
    custom("covariance[0][1]: not symmetric", "covariance[0][1]", (a) => {
      const c = rows(a);
      if (c.length < 2) return false;
      c[0]![1] = c[0]![1]! + 0.5 * Math.sqrt(c[0]![0]! * c[1]![1]!);
    }),
    custom("covariance: not positive semi-definite", "covariance", (a) => {
      const c = rows(a);
      if (c.length < 2) return false;
      const v = 2 * Math.sqrt(c[0]![0]! * c[1]![1]!);
      c[0]![1] = v;
      c[1]![0] = v;
    }),
  ];
}

const withWeights = (extreme: boolean) =>
  covariance(extreme).chain((cov) =>
    fc.tuple(fc.array(double(0.01, 1), { minLength: cov.length, maxLength: cov.length }), fc.constant(cov)),
  );

const withRiskBudgetOptions = (extreme: boolean) =>
  covariance(extreme).chain((cov) =>
    fc.tuple(
      fc.constant(cov),
      fc.record(
        {
          budgets: fc.array(extreme ? double(1e-6, 1e6) : double(0.1, 10), {
            minLength: cov.length,
            maxLength: cov.length,
          }),
          tolerance: double(1e-14, 1e-6),
          maxIterations: fc.integer({ min: 60, max: 200 }),
        },
        { requiredKeys: [] },
      ),
    ),
  );

const returnsFor = (n: number, extreme: boolean) =>
  fc.array(extreme ? double(-1e6, 1e6) : double(-0.2, 0.3), { minLength: n, maxLength: n });

/** A view on n assets by id ("0", "1", …, the ids of a bare covariance): absolute or relative, with a confidence, a variance or neither. */
const viewArb = (n: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: n - 1 }),
      fc.integer({ min: 0, max: n - 1 }),
      double(-0.1, 0.2),
      fc.oneof(
        fc.record({ confidence: double(0.01, 0.99) }),
        fc.record({ variance: double(1e-6, 0.1) }),
        fc.constant({}),
      ),
    )
    .map(([i, j, q, how]) =>
      i === j ? { asset: String(i), return: q, ...how } : { long: [String(i)], short: [String(j)], return: q, ...how },
    );

const blackLittermanArgs = (extreme: boolean) =>
  covariance(extreme).chain((cov) =>
    fc.tuple(
      returnsFor(cov.length, extreme),
      fc.constant(cov),
      fc.record({ views: fc.array(viewArb(cov.length), { maxLength: 1 }), tau: double(0.01, 1) }, { requiredKeys: [] }),
    ),
  );

/** The field of view 0 (the breakers below first make sure there is one). */
const withView = (a: unknown[]) => {
  const options = (a[2] ?? {}) as { views?: Array<Record<string, unknown>> };
  a[2] = options;
  options.views = [{ asset: "0", return: 0.05 }];
  return options.views[0]!;
};

export const portfolioConstructionEntries = {
  riskContributions: {
    kind: "throws",
    valid: withWeights(false),
    extreme: withWeights(true),
    breakers: [
      ...numericArray([0], "weights", { minLength: 1 }),
      custom("weights: one per covariance row", "weights", (a) => {
        (a[0] as number[]).push(0.5);
      }),
      custom("weights: all zero", "weights", (a) => {
        a[0] = (a[0] as number[]).map(() => 0);
      }),
      ...covarianceBreakers(1),
    ],
  },
  riskBudgetWeights: {
    kind: "throws",
    valid: withRiskBudgetOptions(false),
    extreme: withRiskBudgetOptions(true),
    breakers: [
      ...covarianceBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      ...numericArray([1, "budgets"], "budgets", { minLength: 1, optional: true, elementOutOfRange: below(0, true) }),
      custom("budgets: one per covariance row", "budgets", (a) => {
        (a[1] as { budgets: number[] }).budgets = [...Array((a[0] as Rows).length + 1)].map(() => 1);
      }),
      ...scalar([1, "tolerance"], "tolerance", { optional: true, outOfRange: fc.oneof(below(1e-15), above(1e-3)) }),
      ...scalar([1, "maxIterations"], "maxIterations", {
        optional: true,
        outOfRange: fc.constantFrom(0, -1, 1001, 2.5),
      }),
    ],
  },
  equalRiskContribution: {
    kind: "throws",
    valid: fc.tuple(covariance(false), fc.record({ tolerance: double(1e-14, 1e-6) }, { requiredKeys: [] })),
    extreme: fc.tuple(covariance(true), fc.constant({})),
    breakers: [
      ...covarianceBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "tolerance"], "tolerance", { optional: true, outOfRange: fc.oneof(below(1e-15), above(1e-3)) }),
      ...scalar([1, "maxIterations"], "maxIterations", {
        optional: true,
        outOfRange: fc.constantFrom(0, -1, 1001, 2.5),
      }),
    ],
  },
  hierarchicalRiskParity: {
    kind: "throws",
    valid: fc.tuple(covariance(false, 12)),
    extreme: fc.tuple(covariance(true, 12)),
    breakers: covarianceBreakers(0),
  },
  impliedEquilibriumReturns: {
    kind: "throws",
    valid: covariance(false).chain((cov) =>
      fc.tuple(
        fc.constant(cov),
        fc.array(double(0, 1), { minLength: cov.length, maxLength: cov.length }),
        double(0.5, 10),
      ),
    ),
    extreme: covariance(true).chain((cov) =>
      fc.tuple(
        fc.constant(cov),
        fc.array(double(-1e6, 1e6), { minLength: cov.length, maxLength: cov.length }),
        double(1e-300, 1e6),
      ),
    ),
    breakers: [
      ...covarianceBreakers(0),
      ...numericArray([1], "marketWeights", { minLength: 1 }),
      custom("marketWeights: one per covariance row", "marketWeights", (a) => {
        (a[1] as number[]).push(0.5);
      }),
      ...scalar([2], "riskAversion", { outOfRange: fc.oneof(below(0, true), above(1e6)) }),
    ],
  },
  blackLitterman: {
    kind: "throws",
    valid: blackLittermanArgs(false),
    extreme: blackLittermanArgs(true),
    breakers: [
      ...numericArray([0], "prior", { minLength: 1 }),
      custom("prior: one per covariance row", "prior", (a) => {
        (a[0] as number[]).push(0.1);
      }),
      ...covarianceBreakers(1),
      replace("wrong type", [2], "options", notAnObject),
      ...scalar([2, "tau"], "tau", { optional: true, outOfRange: fc.oneof(below(0, true), above(1)) }),
      replace("wrong type", [2, "views"], "views", fc.constantFrom(null, 42, "x")),
      custom("views[0]: not an object", "views[0]", (a) => {
        withView(a);
        (a[2] as { views: unknown[] }).views[0] = null;
      }),
      custom("views[0]: long and short legs cancel", "views[0]", (a) => {
        (a[2] as { views: unknown[] }).views = [{ long: ["0"], short: ["0"], return: 0.05 }];
      }),
      custom("views[0].asset: unknown id", "views[0].asset", (a, g) => {
        withView(a).asset = g(() => fc.constantFrom("A", "-1", "99", "x0"));
      }),
      custom("views[0].return: non-finite", "views[0].return", (a, g) => {
        withView(a).return = g(() => fc.constantFrom(Number.NaN, Infinity, null, "1"));
      }),
      custom("views[0].return: not an annual fraction", "views[0].return", (a) => {
        withView(a).return = 2;
      }),
      custom("views.<id>: unknown id", "views.Z", (a) => {
        Object.assign(a[2] as object, { views: { Z: 0.1 } });
      }),
      custom("views[0].confidence: out of (0, 1]", "views[0].confidence", (a, g) => {
        withView(a).confidence = g(() => fc.constantFrom(0, -0.5, 1.5, Number.NaN, null));
      }),
      custom("views[0].variance: not > 0", "views[0].variance", (a, g) => {
        withView(a).variance = g(() => fc.constantFrom(0, -1, Infinity, null));
      }),
      custom("views[0]: both confidence and variance", "views[0].variance", (a) => {
        Object.assign(withView(a), { confidence: 0.5, variance: 0.01 });
      }),
      custom("views: two dependent certain views", "views", (a) => {
        const v = withView(a);
        Object.assign(v, { confidence: 1 });
        (a[2] as { views: unknown[] }).views.push({ long: { "0": 2 }, return: 0.1, confidence: 1 });
      }),
    ],
  },
} satisfies Record<string, ContractEntry>;
