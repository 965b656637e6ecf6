import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { loadSolver } from "../highs/solver.ts";
import type { ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import { assertConstraintsFeasible } from "./assertConstraintsFeasible.ts";
import { readConstraints } from "./readConstraints.ts";

const assets = ["AAPL", "MSFT", "XOM", "CVX"];
const groups = { sector: { AAPL: "Technology", MSFT: "Technology", XOM: "Energy", CVX: "Energy" } };

async function verdict(
  options: ConstraintOptions,
  maxWeight = 1,
  covariance?: Float64Array,
): Promise<EngineError | "feasible"> {
  const highs = await loadSolver();
  try {
    assertConstraintsFeasible(highs, readConstraints(options, assets, maxWeight, 252), covariance);
    return "feasible";
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
}

async function conflict(options: ConstraintOptions, maxWeight = 1, covariance?: Float64Array): Promise<string[]> {
  const v = await verdict(options, maxWeight, covariance);
  if (v === "feasible") throw new Error("expected INFEASIBLE");
  expect(v.code, v.message).toBe("INFEASIBLE");
  expect(v.field).toBe((v.details!.rules as string[])[0]);
  return v.details!.rules as string[];
}

describe("assertConstraintsFeasible", () => {
  it("accepts rules that can hold", async () => {
    expect(await verdict({})).toBe("feasible");
    expect(
      await verdict({
        groups,
        groupLimits: { sector: { Technology: [0, 0.3], Energy: [0.7, 0.7] } },
        previousWeights: { AAPL: 1 },
        maxTurnover: 0.7,
      }),
    ).toBe("feasible");
    expect(
      await verdict({
        minWeight: -0.3,
        maxGrossExposure: 1.2,
        linearConstraints: [{ coefficients: { AAPL: 1 }, upper: -0.1 }],
      }),
    ).toBe("feasible");
  });

  it("names the bounds when Σ lower > 1 or a group's lower bound exceeds its members' upper bounds (cheap checks)", async () => {
    expect(await conflict({ minWeight: 0.3 }, 0.5)).toEqual(["minWeight"]);
    expect(await conflict({ groups, groupLimits: { sector: { Technology: [0.7, 1] } } }, 0.3)).toEqual([
      "groupLimits.sector.Technology",
      "maxWeight",
    ]);
    expect(
      await conflict(
        { linearConstraints: [{ coefficients: { AAPL: 1, MSFT: -1 }, lower: 0.5, name: "spread" }], minWeight: 0 },
        0.4,
      ),
    ).toEqual(["spread", "maxWeight", "minWeight"]);
  });

  it("finds an irreducible conflict among group limits of one attribute with the LP and a deletion filter", async () => {
    const e = await verdict({ groups, groupLimits: { sector: { Technology: [0.6, 1], Energy: [0.6, 1] } } });
    expect(e).not.toBe("feasible");
    const error = e as EngineError;
    expect(error.details!.rules).toEqual(["groupLimits.sector.Technology", "groupLimits.sector.Energy"]);
    expect(error.message).toBe(
      "the rules groupLimits.sector.Technology and groupLimits.sector.Energy cannot all hold together for a fully invested portfolio (Σw = 1); relax one of them",
    );
  });

  it("leaves rules that play no part out of the conflict", async () => {
    const rules = await conflict({
      groups,
      groupLimits: { sector: { Technology: [0, 0.9] } },
      linearConstraints: [
        { coefficients: { XOM: 1 }, lower: 0.5, name: "oil" },
        { coefficients: { CVX: 1 }, lower: 0.6, name: "gas" },
      ],
    });
    expect(rules).toEqual(["oil", "gas", "minWeight"]);
  });

  it("names maxTurnover with the rules it conflicts with (w⁰ = 0 when previousWeights are absent)", async () => {
    expect(await conflict({ maxTurnover: 0.4 })).toEqual(["maxTurnover"]);
    expect(await verdict({ maxTurnover: 0.5 })).toBe("feasible");
    expect(
      await conflict({
        groups,
        groupLimits: { sector: { Energy: [0.5, 1] } },
        previousWeights: { AAPL: 1 },
        maxTurnover: 0.3,
      }),
    ).toEqual(["groupLimits.sector.Energy", "maxTurnover"]);
  });

  it("names maxGrossExposure when shorts must exceed it", async () => {
    const rules = await conflict({
      minWeight: -0.5,
      maxGrossExposure: 1.2,
      linearConstraints: [{ coefficients: { AAPL: 1 }, upper: -0.3, name: "short AAPL" }],
    });
    expect(rules).toEqual(["short AAPL", "maxGrossExposure"]);
  });

  it("decides a tracking-error limit by the least tracking error the linear rules allow (QP)", async () => {
    // Independent assets with variance 1e-4 a period: TE² of w against b = 1e-4·‖w − b‖².
    const cov = new Float64Array(16);
    for (let i = 0; i < 4; i++) cov[i * 5] = 1e-4;
    const base = {
      benchmarkWeights: { AAPL: 1 },
      groups,
      groupLimits: { sector: { Technology: [0, 0.5] as [number, number] } },
    };
    // Least ‖w − b‖² with w_AAPL + w_MSFT <= 0.5: w = (0.5, 0, 0.25, 0.25)… = 0.25 + 0.0625·2 = 0.375 → TE = 0.01·√0.375 a period.
    const least = 0.01 * Math.sqrt(0.375) * Math.sqrt(252);
    expect(await verdict({ ...base, maxTrackingError: least * (1 + 1e-6) }, 1, cov)).toBe("feasible");
    expect(await conflict({ ...base, maxTrackingError: least * 0.99 }, 1, cov)).toEqual([
      "groupLimits.sector.Technology",
      "maxTrackingError",
      "minWeight",
    ]);
  });

  it("property: a portfolio meeting the rules is never refused, and a refusal's rules conflict while every proper subset holds", async () => {
    const highs = await loadSolver();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.array(
          fc.tuple(
            fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 4, maxLength: 4 }),
            fc.double({ min: -0.5, max: 0.5, noNaN: true }),
            fc.boolean(),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        async (raw, rules, turnover) => {
          const total = raw.reduce((a, x) => a + x, 0);
          const w = total > 0 ? raw.map((x) => x / total) : [0.25, 0.25, 0.25, 0.25];
          // Rules drawn at random: some hold at w (offset >= 0 from its value), others need not.
          const linearConstraints = rules.map(([a, offset, below], k) => {
            const coefficients = Object.fromEntries(assets.map((id, i) => [id, a[i]!]));
            const value = a.reduce((s, x, i) => s + x * w[i]!, 0);
            return below
              ? { coefficients, upper: value + offset, name: `r${k}` }
              : { coefficients, lower: value - offset, name: `r${k}` };
          });
          const options: ConstraintOptions = {
            linearConstraints,
            ...(turnover === undefined ? {} : { maxTurnover: turnover, previousWeights: { AAPL: 1 } }),
          };
          const c = readConstraints(options, assets, 1, 252);
          const holdsAtW =
            rules.every(([, offset]) => offset >= 0) &&
            (turnover === undefined || 0.5 * (Math.abs(w[0]! - 1) + w[1]! + w[2]! + w[3]!) <= turnover);
          let refused: string[] | null = null;
          try {
            assertConstraintsFeasible(highs, c);
          } catch (e) {
            if (!(e instanceof EngineError) || e.code !== "INFEASIBLE") throw e;
            refused = e.details!.rules as string[];
          }
          if (holdsAtW) expect(refused).toBeNull();
          if (refused?.every((r) => r.startsWith("r") || r === "maxTurnover")) {
            // Irreducible: dropping any one rule of the conflict (and every rule outside it) leaves rules that hold.
            for (const drop of refused!) {
              const keep = new Set(refused!.filter((r) => r !== drop));
              const sub: ConstraintOptions = {
                linearConstraints: linearConstraints.filter((r) => keep.has(r.name)),
                ...(keep.has("maxTurnover") ? { maxTurnover: turnover!, previousWeights: { AAPL: 1 } } : {}),
              };
              expect(() => assertConstraintsFeasible(highs, readConstraints(sub, assets, 1, 252))).not.toThrow();
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
