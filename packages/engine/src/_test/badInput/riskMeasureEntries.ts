/**
 * Test helpers (not exported): the bad-input contract entries of the risk-measures area
 * (src/riskMeasures): the measures on a return series, at weights, and the two optimizers.
 */
import fc from "fast-check";
import { assetReturns } from "../../data/assetReturns.ts";
import { syntheticUniverse } from "../../testing/syntheticUniverse.ts";
import { above, below, custom, nonFinite, notAnObject, numericArray, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";
import { anyFinite, numeric, returns } from "./validArgs.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const measures = ["mad", "semi-deviation", "cdar", "max-drawdown", "minimax"] as const;
const measureArb = fc.constantFrom(...measures);
const anyReturns = numeric(fc.array(anyFinite, { minLength: 1, maxLength: 40 }));
const seriesOnly = {
  kind: "throws" as const,
  valid: fc.tuple(returns(1)),
  extreme: fc.tuple(anyReturns),
  breakers: numericArray([0], "returns", { minLength: 1 }),
};

/** Returns of a seeded one-factor market, labelled, at any frequency. */
const returnsArb = fc
  .record({
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    n: fc.integer({ min: 2, max: 5 }),
    periods: fc.integer({ min: 10, max: 40 }),
    frequency: fc.constantFrom("daily", "weekly", "monthly"),
  })
  .map(({ seed, n, periods, frequency }) => {
    const u = syntheticUniverse(seed, n, periods).scenarios;
    return { n, returns: assetReturns(u.returns, { assets: u.assetIds, frequency: frequency as "daily" }) };
  });

/** Extreme but valid returns: near −1, huge, subnormal, exactly 0. */
const extremeReturnsArb = fc
  .record({ n: fc.integer({ min: 2, max: 3 }), periods: fc.integer({ min: 2, max: 12 }) })
  .chain(({ n, periods }) =>
    fc
      .array(fc.oneof(double(-0.999999, 1e6), fc.constantFrom(0, 5e-324, -5e-324, -0.9999999999999999, 1e300)), {
        minLength: n * periods,
        maxLength: n * periods,
      })
      .map((values) => ({
        n,
        returns: assetReturns(Float64Array.from(values), {
          assets: Array.from({ length: n }, (_, i) => `X${i}`),
          periodsPerYear: 252,
        }),
      })),
  );

const measureOptions = (extreme: boolean): fc.Arbitrary<{ riskMeasure: string; confidence?: number }> =>
  measureArb.chain(
    (riskMeasure): fc.Arbitrary<{ riskMeasure: string; confidence?: number }> =>
      riskMeasure === "cdar"
        ? fc.record(
            {
              riskMeasure: fc.constant(riskMeasure),
              confidence: extreme
                ? fc.double({ min: 0, max: 1, minExcluded: true, maxExcluded: true, noNaN: true })
                : double(0.5, 0.95),
            },
            { requiredKeys: ["riskMeasure"] },
          )
        : fc.constant({ riskMeasure }),
  );

const optimizerArgs = (
  data: fc.Arbitrary<{ n: number; returns: unknown }>,
  extreme: boolean,
  form: "minimum" | "mean",
) =>
  data.chain(({ n, returns: r }) =>
    fc.tuple(
      fc.constant(r),
      fc
        .tuple(
          measureOptions(extreme),
          fc.record(
            { maxWeight: double(Math.max(1 / n, 0.3), 1), riskFreeRate: double(-0.5, 0.5) },
            { requiredKeys: [] },
          ),
          form === "minimum"
            ? fc.record({ targetReturn: fc.constant(-0.5) }, { requiredKeys: [] })
            : fc.record({ riskAversion: double(0, 10) }),
        )
        .map(([a, b, c]) => ({ ...a, ...b, ...c })),
    ),
  );

const option = (name: string) => [1, name];

const optimizerBreakers = [
  replace("wrong type", [0], "returns", notAnObject),
  replace("non-finite return", [0, "returns", "*"], "returns.returns[*]", nonFinite),
  replace("return <= -1", [0, "returns", "*"], "returns.returns[*]", below(-1, true)),
  custom("returns: one period", "returns.periods", (a) => {
    const r = a[0] as { periods: number; returns: Float64Array; assets: string[] };
    r.periods = 1;
    r.returns = r.returns.slice(0, r.assets.length);
  }),
  custom("returns.assets[1]: repeated id", "returns.assets[1]", (a) => {
    const ids = (a[0] as { assets: string[] }).assets;
    ids[1] = ids[0]!;
  }),
  replace("wrong type", [1], "options", notAnObject),
  replace("unknown option", [1, "maxWieght"], "maxWieght", fc.constant(0.5)),
  replace("unknown measure", option("riskMeasure"), "riskMeasure", fc.constantFrom("variance", "cvar", 42, null, "")),
  custom("confidence out of (0, 1) with cdar", "confidence", (a, g) => {
    Object.assign(a[1] as object, {
      riskMeasure: "cdar",
      confidence: g(() => fc.oneof(below(0, true), above(1, true), nonFinite)),
    });
  }),
  custom("confidence with a measure other than cdar", "confidence", (a) => {
    Object.assign(a[1] as object, { riskMeasure: "mad", confidence: 0.9 });
  }),
  ...scalar(option("maxWeight"), "maxWeight", { optional: true, outOfRange: fc.oneof(below(0, true), above(1)) }),
  ...scalar(option("minHoldings"), "minHoldings", {
    optional: true,
    outOfRange: fc.oneof(fc.integer({ min: -5, max: 0 }), double(1.01, 1.99)),
  }),
  custom("minActiveWeight out of (0.0001, 1] with minHoldings", "minActiveWeight", (a, g) => {
    Object.assign(a[1] as object, {
      minHoldings: 1,
      minActiveWeight: g(() => fc.oneof(below(0.0001, true), above(1), nonFinite)),
    });
  }),
  ...scalar(option("riskFreeRate"), "riskFreeRate", {
    optional: true,
    outOfRange: fc.oneof(below(-1, true), above(1, true)),
  }),
  ...scalar(option("timeLimitSeconds"), "timeLimitSeconds", { optional: true, outOfRange: below(0, true) }),
  custom(
    "n·maxWeight < 1",
    "maxWeight",
    (a) => {
      (a[1] as { maxWeight: number }).maxWeight = 0.5 / (a[0] as { assets: string[] }).assets.length;
    },
    ["INFEASIBLE"],
  ),
  custom(
    "minHoldings > assets",
    "minHoldings",
    (a) => {
      (a[1] as { minHoldings: number }).minHoldings = (a[0] as { assets: string[] }).assets.length + 1;
    },
    ["INFEASIBLE"],
  ),
];

export const riskMeasureEntries = {
  meanAbsoluteDeviation: seriesOnly,
  semiAbsoluteDeviation: seriesOnly,
  uncompoundedDrawdowns: seriesOnly,
  uncompoundedMaxDrawdown: seriesOnly,
  worstRealisation: seriesOnly,
  conditionalDrawdownAtRisk: {
    kind: "throws",
    valid: fc.tuple(returns(1), double(0.01, 0.99)),
    extreme: fc.tuple(anyReturns, fc.double({ min: 0, max: 1, minExcluded: true, maxExcluded: true, noNaN: true })),
    breakers: [
      ...numericArray([0], "returns", { minLength: 1 }),
      ...scalar([1], "confidence", { optional: true, outOfRange: fc.oneof(below(0, true), above(1, true)) }),
    ],
  },
  portfolioRisk: {
    kind: "throws",
    valid: returnsArb.chain(({ returns: r }) =>
      fc.tuple(
        fc.constant(r),
        fc.constant(Object.fromEntries(r.assets.map((id) => [id, 1 / r.assets.length]))),
        measureOptions(false),
      ),
    ),
    extreme: extremeReturnsArb.chain(({ returns: r }) =>
      fc.tuple(fc.constant(r), fc.constant({ [r.assets[0]!]: 1 }), measureOptions(true)),
    ),
    breakers: [
      replace("wrong type", [0], "returns", notAnObject),
      replace("non-finite return", [0, "returns", "*"], "returns.returns[*]", nonFinite),
      custom("weights: unknown asset", "weights", (a) => {
        (a[1] as Record<string, number>).ZZZ = 0.1;
      }),
      custom("weights: non-finite", "weights", (a, g) => {
        const w = a[1] as Record<string, number>;
        w[Object.keys(w)[0]!] = g(() => nonFinite);
      }),
      replace("wrong type", [2], "options", notAnObject),
      replace("unknown measure", [2, "riskMeasure"], "riskMeasure", fc.constantFrom("variance", 42, null, "")),
      replace("unknown option", [2, "confidnce"], "confidnce", fc.constant(0.9)),
    ],
  },
  minimumRisk: {
    kind: "throws",
    async: true,
    valid: optimizerArgs(returnsArb, false, "minimum"),
    extreme: optimizerArgs(extremeReturnsArb, true, "minimum"),
    validRuns: 10,
    brokenRuns: 5,
    breakers: [
      ...optimizerBreakers,
      ...scalar(option("targetReturn"), "targetReturn", {
        optional: true,
        outOfRange: fc.oneof(below(-1, true), above(1, true)),
      }),
      custom(
        "targetReturn above the largest return",
        "targetReturn",
        (a) => {
          const r = a[0] as { returns: Float64Array; periods: number; assets: string[]; periodsPerYear: number };
          const n = r.assets.length;
          let best = -Infinity;
          for (let i = 0; i < n; i++) {
            let s = 0;
            for (let t = 0; t < r.periods; t++) s += r.returns[t * n + i]!;
            best = Math.max(best, s / r.periods);
          }
          if (best * r.periodsPerYear >= 0.9) return false;
          Object.assign(a[1] as object, { targetReturn: 0.95 });
        },
        ["INFEASIBLE"],
      ),
    ],
  },
  meanRisk: {
    kind: "throws",
    async: true,
    valid: optimizerArgs(returnsArb, false, "mean"),
    extreme: optimizerArgs(extremeReturnsArb, true, "mean"),
    validRuns: 10,
    brokenRuns: 5,
    breakers: [...optimizerBreakers, ...scalar(option("riskAversion"), "riskAversion", { outOfRange: below(0) })],
  },
} satisfies Record<string, ContractEntry>;
