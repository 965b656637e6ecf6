import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import type { ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import { readConstraints } from "./readConstraints.ts";

const assets = ["AAPL", "MSFT", "XOM", "CVX"];
const groups = { sector: { AAPL: "Technology", MSFT: "Technology", XOM: "Energy", CVX: "Energy" } };

function refusal(options: unknown, maxWeight = 1): EngineError {
  try {
    readConstraints(options as ConstraintOptions, assets, maxWeight, 252);
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("readConstraints", () => {
  it("compiles nothing when no option is given (any false)", () => {
    const c = readConstraints({}, assets, 0.5, 252);
    expect(c.any).toBe(false);
    expect([...c.lower]).toEqual([0, 0, 0, 0]);
    expect([...c.upper]).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(c.rows).toEqual([]);
    expect([c.maxTurnover, c.costs, c.benchmark, c.maxTrackingErrorPerPeriod, c.l2, c.maxGrossExposure]).toEqual([
      null,
      null,
      null,
      null,
      0,
      null,
    ]);
  });

  it("compiles group limits and linear rules into named dense rows in the assets' order", () => {
    const c = readConstraints(
      {
        groups,
        groupLimits: { sector: { Technology: [0.1, 0.3], Energy: [0, 0.8] } },
        linearConstraints: [
          { coefficients: { XOM: 1, AAPL: -2 }, upper: 0.1 },
          { coefficients: { CVX: 1 }, lower: 0.05, name: "some oil" },
        ],
      },
      assets,
      1,
      252,
    );
    expect(c.any).toBe(true);
    expect(c.rows.map((r) => [r.name, [...r.coefficients], r.lower, r.upper])).toEqual([
      ["groupLimits.sector.Technology", [1, 1, 0, 0], 0.1, 0.3],
      ["groupLimits.sector.Energy", [0, 0, 1, 1], 0, 0.8],
      ["linearConstraints[0]", [-2, 0, 1, 0], -Infinity, 0.1],
      ["some oil", [0, 0, 0, 1], 0.05, Infinity],
    ]);
  });

  it("compiles trades, costs, the benchmark per period, L2 and long/short", () => {
    const c = readConstraints(
      {
        previousWeights: { MSFT: 0.6, XOM: 0.4 },
        maxTurnover: 0.2,
        transactionCosts: { AAPL: 0.001, CVX: 0.002 },
        benchmarkWeights: { AAPL: 0.5, XOM: 0.5 },
        maxTrackingError: ((0.0252 * Math.sqrt(252)) / Math.sqrt(252)) * Math.sqrt(252),
        l2Regularization: 0.5,
        minWeight: -0.2,
        maxGrossExposure: 1.6,
      },
      assets,
      0.7,
      252,
    );
    expect([...c.previous]).toEqual([0, 0.6, 0.4, 0]);
    expect(c.maxTurnover).toBe(0.2);
    expect([...c.costs!]).toEqual([0.001, 0, 0, 0.002]);
    expect([...c.benchmark!]).toEqual([0.5, 0, 0.5, 0]);
    expect(c.maxTrackingErrorPerPeriod).toBeCloseTo(0.0252, 15);
    expect(c.l2).toBe(0.5);
    expect([...c.lower]).toEqual([-0.2, -0.2, -0.2, -0.2]);
    expect(c.maxGrossExposure).toBe(1.6);
    expect(readConstraints({ transactionCosts: 0.001 }, assets, 1, 252).costs).toEqual(new Float64Array(4).fill(0.001));
  });

  it("treats rules without effect as no rule (zero costs, benchmark without a limit, zero L2)", () => {
    const c = readConstraints(
      { transactionCosts: 0, benchmarkWeights: { AAPL: 1 }, l2Regularization: 0, previousWeights: { AAPL: 1 }, groups },
      assets,
      1,
      252,
    );
    expect(c.any).toBe(false);
    expect(c.costs).toBeNull();
    expect(c.benchmark).toBeNull();
  });

  it("refuses an unknown asset id naming it and the closest ids", () => {
    const e = refusal({ previousWeights: { MSTF: 0.5 } });
    expect(e.code).toBe("INVALID_INPUT");
    expect(e.field).toBe("previousWeights.MSTF");
    expect(e.message).toContain("MSTF");
    expect(e.message).toContain("closest: MSFT");
    expect(refusal({ groups: { sector: { APPL: "Technology" } } }).message).toContain("closest: AAPL");
    expect(refusal({ linearConstraints: [{ coefficients: { XOMM: 1 }, upper: 1 }] }).field).toBe(
      "linearConstraints[0].coefficients.XOMM",
    );
    expect(refusal({ transactionCosts: { CVXX: 0.01 } }).field).toBe("transactionCosts.CVXX");
    expect(refusal({ benchmarkWeights: { AAPLE: 1 }, maxTrackingError: 0.05 }).field).toBe("benchmarkWeights.AAPLE");
  });

  it("refuses group limits naming an attribute or value absent from groups", () => {
    const attribute = refusal({ groups, groupLimits: { sectr: { Technology: [0, 0.3] } } });
    expect([attribute.code, attribute.field]).toEqual(["INVALID_INPUT", "groupLimits.sectr"]);
    expect(attribute.message).toContain("did you mean sector?");
    const value = refusal({ groups, groupLimits: { sector: { Tech: [0, 0.3] } } });
    expect(value.field).toBe("groupLimits.sector.Tech");
    expect(value.message).toMatch(/did you mean [A-Za-z, ]*Technology/);
    expect(refusal({ groupLimits: { sector: { Tech: [0, 0.3] } } }).message).toContain("no groups given");
  });

  it("refuses malformed bounds naming the option path and the rule", () => {
    expect(refusal({ groups, groupLimits: { sector: { Technology: [0.4, 0.3] } } }).message).toMatch(
      /groupLimits\.sector\.Technology must have lower <= upper/,
    );
    expect(refusal({ groups, groupLimits: { sector: { Technology: [0, Infinity] } } }).field).toBe(
      "groupLimits.sector.Technology[1]",
    );
    expect(refusal({ groups, groupLimits: { sector: { Technology: 0.3 } } }).message).toContain(
      "must be [lower, upper]",
    );
    expect(refusal({ groups: { sector: { AAPL: 3 } } }).field).toBe("groups.sector.AAPL");
    expect(refusal({ linearConstraints: [{ coefficients: { AAPL: 1 } }] }).message).toContain(
      "neither lower nor upper",
    );
    expect(
      refusal({ linearConstraints: [{ coefficients: { AAPL: 1 }, lower: 0.5, upper: 0.2, name: "r" }] }).message,
    ).toContain("(r) must have lower <= upper");
    expect(refusal({ linearConstraints: [{ coefficients: { AAPL: Number.NaN }, lower: 0 }] }).field).toBe(
      "linearConstraints[0].coefficients.AAPL",
    );
    expect(refusal({ linearConstraints: [{ coefficients: { AAPL: 1 }, lowr: 0 }] }).message).toContain(
      "did you mean lower?",
    );
    expect(
      refusal({
        linearConstraints: [
          { coefficients: { AAPL: 1 }, lower: 0, name: "x" },
          { coefficients: { MSFT: 1 }, lower: 0, name: "x" },
        ],
      }).message,
    ).toContain("two rules are named x");
    expect(refusal({ linearConstraints: { coefficients: {} } }).field).toBe("linearConstraints");
    expect(refusal({ maxTurnover: 1.5 }).field).toBe("maxTurnover");
    expect(refusal({ maxTurnover: -0.1 }).field).toBe("maxTurnover");
    expect(refusal({ transactionCosts: 1 }).field).toBe("transactionCosts");
    expect(refusal({ transactionCosts: { AAPL: -0.01 } }).field).toBe("transactionCosts.AAPL");
    expect(refusal({ maxTrackingError: 0 }).field).toBe("maxTrackingError");
    expect(refusal({ maxTrackingError: 0.05 }).message).toContain("needs benchmarkWeights");
    expect(refusal({ l2Regularization: -1 }).field).toBe("l2Regularization");
    expect(refusal({ minWeight: -1.5 }).field).toBe("minWeight");
    expect(refusal({ minWeight: 0.6 }, 0.5).field).toBe("minWeight");
    expect(refusal({ maxGrossExposure: 0.9 }).field).toBe("maxGrossExposure");
    expect(refusal({ previousWeights: { AAPL: Number.POSITIVE_INFINITY } }).field).toBe("previousWeights.AAPL");
    expect(refusal({ groups: [] }).field).toBe("groups");
  });

  it("allows turnover above 1 only with shorts, up to the gross exposure", () => {
    expect(
      readConstraints({ minWeight: -0.5, maxGrossExposure: 2, maxTurnover: 1.5 }, assets, 1, 252).maxTurnover,
    ).toBe(1.5);
    expect(refusal({ minWeight: -0.5, maxGrossExposure: 2, maxTurnover: 2.5 }).field).toBe("maxTurnover");
  });

  it("property: every valid group limit compiles to a 0/1 row over exactly its members", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c"), { minLength: 4, maxLength: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (labels, x, y) => {
          const byAsset = Object.fromEntries(assets.map((id, i) => [id, labels[i]!]));
          const value = labels[0]!;
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const c = readConstraints(
            { groups: { g: byAsset }, groupLimits: { g: { [value]: [lo, hi] } } },
            assets,
            1,
            252,
          );
          const row = c.rows[0]!;
          expect([...row.coefficients]).toEqual(labels.map((l) => (l === value ? 1 : 0)));
          expect([row.lower, row.upper]).toEqual([lo, hi]);
        },
      ),
    );
  });
});
