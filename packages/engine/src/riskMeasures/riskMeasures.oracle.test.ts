/**
 * minimumRisk and meanRisk against an oracle written from the formulas (_test/oracle_riskMeasures.py:
 * each LP or MILP built independently and solved by scipy's HiGHS, each measure recomputed by numpy
 * at the engine's weights). Every measure in both forms, with a cap, a target return and a holdings rule.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scaled } from "../../../../test/_support/timeScale.ts";
import { assetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { syntheticUniverse } from "../testing/index.ts";
import { meanRisk } from "./meanRisk.ts";
import { minimumRisk } from "./minimumRisk.ts";
import { RISK_MEASURES, type RiskMeasure } from "./RiskMeasure.ts";

const ORACLE = join(dirname(fileURLToPath(import.meta.url)), "_test", "oracle_riskMeasures.py");

interface Case {
  name: string;
  data: AssetReturns;
  measure: RiskMeasure;
  confidence: number;
  maxWeight: number;
  /** Annual, as given to minimumRisk. */
  targetReturn: number | null;
  riskAversion: number | null;
  minHoldings: number | null;
  minActiveWeight: number | null;
}

interface OracleAnswer {
  optimum: number;
  risk: number;
  mean: number;
  budget: number;
  maxWeight: number;
  minWeight: number;
  active: number;
}

function dataSet(seed: number, n: number, periods: number): AssetReturns {
  const u = syntheticUniverse(seed, n, periods).scenarios;
  return assetReturns(u.returns, { assets: u.assetIds, frequency: "daily" });
}

/** A target between the equal-weight mean and the best single asset's, annual. */
function reachableTarget(r: AssetReturns): number {
  const n = r.assets.length;
  const means = Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (let t = 0; t < r.periods; t++) s += r.returns[t * n + i]!;
    return s / r.periods;
  });
  const equal = means.reduce((a, m) => a + m, 0) / n;
  return (0.6 * equal + 0.4 * Math.max(...means)) * r.periodsPerYear;
}

const small = dataSet(11, 6, 60);
const medium = dataSet(29, 12, 150);
const cases: Case[] = [];
for (const measure of RISK_MEASURES) {
  const confidence = measure === "cdar" ? 0.9 : 0.95;
  const base = {
    measure,
    confidence,
    targetReturn: null,
    riskAversion: null,
    minHoldings: null,
    minActiveWeight: null,
  };
  for (const [label, data] of [
    ["6×60", small],
    ["12×150", medium],
  ] as const) {
    cases.push({ ...base, name: `${measure} minimum ${label}`, data, maxWeight: 1 });
    cases.push({
      ...base,
      name: `${measure} minimum, cap 0.3 and target ${label}`,
      data,
      maxWeight: 0.3,
      targetReturn: reachableTarget(data),
    });
    cases.push({ ...base, name: `${measure} trade-off λ 0.5 ${label}`, data, maxWeight: 1, riskAversion: 0.5 });
    cases.push({ ...base, name: `${measure} trade-off λ 4, cap 0.4 ${label}`, data, maxWeight: 0.4, riskAversion: 4 });
  }
  cases.push({
    ...base,
    name: `${measure} minimum, 5 holdings >= 0.12`,
    data: small,
    maxWeight: 1,
    minHoldings: 5,
    minActiveWeight: 0.12,
  });
  cases.push({
    ...base,
    name: `${measure} trade-off λ 1, 4 holdings >= 0.15`,
    data: small,
    maxWeight: 1,
    riskAversion: 1,
    minHoldings: 4,
    minActiveWeight: 0.15,
  });
}

async function engineSolve(c: Case) {
  const rules = {
    riskMeasure: c.measure,
    ...(c.measure === "cdar" ? { confidence: c.confidence } : {}),
    maxWeight: c.maxWeight,
    ...(c.minHoldings === null ? {} : { minHoldings: c.minHoldings, minActiveWeight: c.minActiveWeight! }),
  };
  if (c.riskAversion === null)
    return minimumRisk(c.data, { ...rules, ...(c.targetReturn === null ? {} : { targetReturn: c.targetReturn }) });
  return meanRisk(c.data, { ...rules, riskAversion: c.riskAversion });
}

function runOracle(input: object): OracleAnswer[] {
  const result = spawnSync("python3", [ORACLE], {
    input: JSON.stringify(input),
    encoding: "utf8",
    timeout: scaled(120_000),
    maxBuffer: 1 << 26,
  });
  if (result.status !== 0) throw new Error(`the oracle failed: ${result.stderr || result.error?.message}`);
  return (JSON.parse(result.stdout) as { cases: OracleAnswer[] }).cases;
}

describe("minimumRisk and meanRisk against the scipy oracle", () => {
  it(
    "meet the oracle's optimum to 1e-9, with feasible weights and the risk numpy recomputes",
    async () => {
      const results: Array<Awaited<ReturnType<typeof engineSolve>>> = [];
      for (const c of cases) results.push(await engineSolve(c));
      const answers = runOracle({
        cases: cases.map((c, k) => {
          const n = c.data.assets.length;
          return {
            returns: Array.from({ length: c.data.periods }, (_, t) =>
              Array.from(c.data.returns.subarray(t * n, (t + 1) * n)),
            ),
            measure: c.measure,
            confidence: c.confidence,
            maxWeight: c.maxWeight,
            target: c.targetReturn === null ? null : c.targetReturn / c.data.periodsPerYear,
            riskAversion: c.riskAversion,
            minHoldings: c.minHoldings,
            minActiveWeight: c.minActiveWeight,
            weights: Array.from(results[k]!.vector),
          };
        }),
      });
      expect(answers).toHaveLength(cases.length);
      for (let k = 0; k < cases.length; k++) {
        const c = cases[k]!;
        const p = results[k]!;
        const o = answers[k]!;
        const where = `${c.name}: engine ${p.certificate.objective}, oracle ${o.optimum}`;
        expect(p.certificate.status, where).toBe("optimal");
        if (c.minHoldings === null) expect(p.certificate.solver, where).toBe("lp");
        expect(Math.abs(p.certificate.objective! - o.optimum), where).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(p.risk - o.risk), `${c.name}: risk`).toBeLessThanOrEqual(1e-12);
        expect(p.certificate.gap, where).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(o.budget - 1), `${c.name}: Σw`).toBeLessThanOrEqual(1e-9);
        expect(o.maxWeight, `${c.name}: cap`).toBeLessThanOrEqual(c.maxWeight + 1e-9);
        expect(o.minWeight, `${c.name}: long only`).toBeGreaterThanOrEqual(0);
        if (c.targetReturn !== null)
          expect(o.mean, `${c.name}: target`).toBeGreaterThanOrEqual(c.targetReturn / c.data.periodsPerYear - 1e-9);
        if (c.minHoldings !== null) expect(o.active, `${c.name}: holdings`).toBeGreaterThanOrEqual(c.minHoldings);
        const objective = c.riskAversion === null ? o.risk : o.mean - c.riskAversion * o.risk;
        expect(
          Math.abs(p.certificate.objective! - objective),
          `${c.name}: objective from the weights`,
        ).toBeLessThanOrEqual(1e-12);
      }
      // The holdings rule binds somewhere, so the MILP path is compared too.
      expect(results.filter((p) => p.certificate.solver === "milp").length).toBeGreaterThanOrEqual(5);
    },
    scaled(300_000),
  );
});
