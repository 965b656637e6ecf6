/**
 * Test helpers (not exported): the bad-input contract entries of minimum CVaR and mean-CVaR on any
 * assets (src/optimize/minimumCvar.ts, src/optimize/meanCvar.ts).
 */
import fc from "fast-check";
import { assetReturns } from "../../data/assetReturns.ts";
import { syntheticUniverse } from "../../testing/syntheticUniverse.ts";
import { above, below, custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const frequencyArb = fc.constantFrom("daily", "weekly", "monthly") as fc.Arbitrary<"daily" | "weekly" | "monthly">;

/** Returns of a seeded one-factor market: an AssetReturns (any frequency) or daily ReturnScenarios. */
const returnsArb = fc
  .record({ seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), n: fc.integer({ min: 2, max: 6 }), periods: fc.integer({ min: 20, max: 80 }), frequency: frequencyArb, scenarios: fc.boolean() })
  .map(({ seed, n, periods, frequency, scenarios }) => {
    const u = syntheticUniverse(seed, n, periods).scenarios;
    return { n, returns: scenarios ? u : assetReturns(u.returns, { assets: u.assetIds, frequency }) };
  });

/** Extreme but valid returns: near −1, huge, subnormal, exactly 0. */
const extremeReturnsArb = fc.record({ n: fc.integer({ min: 2, max: 4 }), periods: fc.integer({ min: 2, max: 30 }) }).chain(({ n, periods }) =>
  fc
    .array(fc.oneof(double(-0.999999, 1e6), fc.constantFrom(0, 5e-324, -5e-324, -0.9999999999999999, 1e300)), { minLength: n * periods, maxLength: n * periods })
    .map((values) => ({ n, returns: assetReturns(Float64Array.from(values), { assets: Array.from({ length: n }, (_, i) => `X${i}`), periodsPerYear: 252 }) })),
);

const ruleOptions = (n: number, extreme: boolean) => ({
  confidence: extreme ? fc.double({ min: 0, max: 1, minExcluded: true, maxExcluded: true, noNaN: true }) : double(0.5, 0.95),
  maxWeight: double(Math.max(1 / n, 0.2), 1),
  riskFreeRate: double(-0.5, 0.5),
  method: fc.constantFrom("cutting-plane", "plain-lp"),
});

const args = (returns: fc.Arbitrary<{ n: number; returns: unknown }>, extreme: boolean, form: "minimum" | "mean") =>
  returns.chain(({ n, returns: r }) =>
    fc.tuple(
      fc.constant(r),
      form === "minimum"
        ? fc.record({ ...ruleOptions(n, extreme), targetReturn: fc.constant(-0.5) }, { requiredKeys: [] })
        : fc.oneof(
            fc.record({ ...ruleOptions(n, extreme), returnMultiplier: double(0.1, 5) }, { requiredKeys: [] }),
            fc.record({ ...ruleOptions(n, extreme), targetCvar: fc.constant(0.99) }, { requiredKeys: ["targetCvar"] }),
          ),
    ),
  );

const option = (name: string) => [1, name];

/** Breakers shared by both: the returns argument and the shared rules. */
const sharedBreakers = [
  replace("wrong type", [0], "returns", notAnObject),
  replace("non-finite return", [0, "returns", "*"], "returns.returns[*]", nonFinite),
  replace("return <= -1", [0, "returns", "*"], "returns.returns[*]", below(-1, true)),
  custom("returns: one period", "returns", (a) => {
    const r = a[0] as { periods: number; returns: Float64Array; assets?: string[]; assetIds?: string[] };
    const n = (r.assets ?? r.assetIds)!.length;
    r.periods = 1;
    r.returns = r.returns.slice(0, n);
  }),
  custom("returns.returns: periods + 1", "returns.returns", (a) => {
    (a[0] as { periods: number }).periods += 1;
  }),
  custom("returns.assets[1]: repeated id", (a) => ("assetIds" in (a[0] as object) ? "returns.assetIds[1]" : "returns.assets[1]"), (a) => {
    const r = a[0] as { assets?: string[]; assetIds?: string[] };
    const ids = (r.assets ?? r.assetIds)!;
    ids[1] = ids[0]!;
  }),
  replace("wrong type", [1], "options", notAnObject),
  replace("unknown option", [1, "maxWieght"], "maxWieght", fc.constant(0.5)),
  ...scalar(option("confidence"), "confidence", { optional: true, outOfRange: fc.oneof(below(0, true), above(1, true)) }),
  ...scalar(option("maxWeight"), "maxWeight", { optional: true, outOfRange: fc.oneof(below(0, true), above(1)) }),
  ...scalar(option("minHoldings"), "minHoldings", { optional: true, outOfRange: fc.oneof(fc.integer({ min: -5, max: 0 }), double(1.01, 1.99)) }),
  custom("minActiveWeight out of (0.0001, 1] with minHoldings", "minActiveWeight", (a, g) => {
    Object.assign(a[1] as object, { minHoldings: 1, minActiveWeight: g(() => fc.oneof(below(0.0001, true), above(1), nonFinite)) });
  }),
  ...scalar(option("riskFreeRate"), "riskFreeRate", { optional: true, outOfRange: fc.oneof(below(-1, true), above(1, true)) }),
  replace("unknown method", option("method"), "method", fc.constantFrom("simplex", 42, null, "")),
  ...scalar(option("timeLimitSeconds"), "timeLimitSeconds", { optional: true, outOfRange: below(0, true) }),
  custom("n·maxWeight < 1", "maxWeight", (a) => {
    const r = a[0] as { assets?: string[]; assetIds?: string[] };
    (a[1] as { maxWeight: number }).maxWeight = 0.5 / (r.assets ?? r.assetIds)!.length;
  }, ["INFEASIBLE"]),
  custom("previousWeights: unknown id", "previousWeights.ZZZ", (a) => {
    Object.assign(a[1] as object, { previousWeights: { ZZZ: 0.5 } });
  }),
  custom("maxTurnover < 0", "maxTurnover", (a) => {
    Object.assign(a[1] as object, { maxTurnover: -0.1 });
  }),
  custom("transactionCosts >= 1", "transactionCosts", (a) => {
    Object.assign(a[1] as object, { transactionCosts: 1 });
  }),
  custom("l2Regularization < 0", "l2Regularization", (a) => {
    Object.assign(a[1] as object, { l2Regularization: -1 });
  }),
  custom("maxGrossExposure < 1", "maxGrossExposure", (a) => {
    Object.assign(a[1] as object, { maxGrossExposure: 0.5 });
  }),
  custom("linear rule without a bound", "linearConstraints[0]", (a) => {
    Object.assign(a[1] as object, { linearConstraints: [{ coefficients: {} }] });
  }),
  custom("groupLimits naming no group", "groupLimits.sector", (a) => {
    Object.assign(a[1] as object, { groupLimits: { sector: { Tech: [0, 0.3] } } });
  }),
  custom("maxTurnover below half of a first purchase", "maxTurnover", (a) => {
    Object.assign(a[1] as object, { maxTurnover: 0.2, minHoldings: undefined });
    delete (a[1] as { minHoldings?: number }).minHoldings;
  }, ["INFEASIBLE"]),
  custom("minHoldings > assets", "minHoldings", (a) => {
    const r = a[0] as { assets?: string[]; assetIds?: string[] };
    (a[1] as { minHoldings: number }).minHoldings = (r.assets ?? r.assetIds)!.length + 1;
  }, ["INFEASIBLE"]),
];

export const cvarEntries = {
  minimumCvar: {
    kind: "throws",
    async: true,
    valid: args(returnsArb, false, "minimum"),
    extreme: args(extremeReturnsArb, true, "minimum"),
    validRuns: 12,
    brokenRuns: 6,
    breakers: [
      ...sharedBreakers,
      ...scalar(option("targetReturn"), "targetReturn", { optional: true, outOfRange: fc.oneof(below(-1, true), above(1, true)) }),
      custom("targetReturn above the largest return", "targetReturn", (a) => {
        // 0.95 a year, when every asset's mean return is below 0.9 a year (else this breaker does not apply).
        const r = a[0] as { returns: Float64Array; periods: number; assets?: string[]; assetIds?: string[]; periodsPerYear?: number };
        const n = (r.assets ?? r.assetIds)!.length;
        let best = -Infinity;
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let t = 0; t < r.periods; t++) s += r.returns[t * n + i]!;
          best = Math.max(best, s / r.periods);
        }
        if (best * (r.periodsPerYear ?? 252) >= 0.9) return false;
        Object.assign(a[1] as object, { targetReturn: 0.95 });
      }, ["INFEASIBLE"]),
    ],
  },
  meanCvar: {
    kind: "throws",
    async: true,
    valid: args(returnsArb, false, "mean"),
    extreme: args(extremeReturnsArb, true, "mean"),
    validRuns: 12,
    brokenRuns: 6,
    breakers: [
      ...sharedBreakers,
      ...scalar(option("returnMultiplier"), "returnMultiplier", { optional: true, outOfRange: below(0, true) }),
      custom("targetCvar with returnMultiplier", "targetCvar", (a) => {
        Object.assign(a[1] as object, { returnMultiplier: 1, targetCvar: 0.5 });
      }),
      custom("targetCvar >= 1 or not finite", "targetCvar", (a, g) => {
        const o = a[1] as { returnMultiplier?: number; targetCvar?: unknown };
        delete o.returnMultiplier;
        o.targetCvar = g(() => fc.oneof(above(1, true), nonFinite, fc.constantFrom("0.02", null)));
      }),
      custom("targetCvar below the least CVaR", "targetCvar", (a) => {
        const o = a[1] as { returnMultiplier?: number; targetCvar?: number };
        delete o.returnMultiplier;
        o.targetCvar = -0.99;
      }, ["INFEASIBLE"]),
    ],
  },
} satisfies Record<string, ContractEntry>;
