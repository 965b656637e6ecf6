import { spawnSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { EngineError } from "../errors/EngineError.ts";
import type { ConstraintOptions } from "../portfolio/ConstraintOptions.ts";
import { readConstraints } from "../constraints/readConstraints.ts";
import { meanCvar } from "./meanCvar.ts";
import { minimumCvar } from "./minimumCvar.ts";

const P = 252;
const CONFIDENCE = 0.9;

/** A seeded universe: T periods × n assets, a market factor and noise (mulberry32). */
function universe(seed: number, n: number, T: number): AssetReturns {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rows: number[][] = [];
  for (let t = 0; t < T; t++) {
    const market = (rand() - 0.5) * 0.03;
    rows.push(
      Array.from(
        { length: n },
        (_, i) => 0.0003 * (i + 1) + market * (0.5 + i / n) + (rand() - 0.5) * 0.04 * (1 + i / n),
      ),
    );
  }
  return assetReturns(rows, { assets: Array.from({ length: n }, (_, i) => `A${i}`), frequency: "daily" });
}

/** CVaR_β of w's returns from the formula: the mean of the k = (1 − β)·T largest losses (k an integer here). */
function cvarOf(r: AssetReturns, w: readonly number[]): number {
  const n = r.assets.length;
  const losses = Array.from(
    { length: r.periods },
    (_, t) => -w.reduce((a, x, i) => a + x * r.returns[t * n + i]!, 0),
  ).sort((a, b) => b - a);
  const k = Math.round((1 - CONFIDENCE) * r.periods);
  return losses.slice(0, k).reduce((a, x) => a + x, 0) / k;
}

interface OracleAnswer {
  status: string;
  weights: number[] | null;
  objective: number | null;
  /** With L2: the Frank–Wolfe bound at the oracle's weights (a lower bound when minimised, upper when maximised). */
  lower?: number;
  /** With L2 and `at`: the objective at `at` minus the bound linearised there (the engine's certificate gap, recomputed). */
  gapAt?: number;
}

/** Runs the scipy oracle (oracle_constrainedCvar.py) on problems built from the options' own definitions. */
interface OracleCase {
  options: ConstraintOptions;
  maxWeight: number;
  form: "minimum" | "targetCvar" | "linear";
  limit?: number;
  gain?: number[];
  cvarWeight?: number;
  costWeight?: number;
  minHoldings?: number;
  minActiveWeight?: number;
  /** Weights (in the assets' order) at which to recompute the L2 certificate gap. */
  at?: number[];
  /** The L2 weight per period of the "linear" form (else the options' l2Regularization / P). */
  l2Weight?: number;
}

function oracle(r: AssetReturns, cases: OracleCase[]): OracleAnswer[] {
  const n = r.assets.length;
  const problems = cases.map(
    ({ options, maxWeight, form, limit, gain, cvarWeight, costWeight, minHoldings, minActiveWeight, at, l2Weight }) => {
      const c = readConstraints(options, r.assets, maxWeight, P);
      return {
        n,
        T: r.periods,
        returns: [...r.returns],
        confidence: CONFIDENCE,
        P,
        form,
        limit: limit ?? null,
        gain: gain ?? null,
        cvarWeight: cvarWeight ?? 0,
        costWeight: costWeight ?? 0,
        lower: [...c.lower],
        upper: [...c.upper],
        rows: c.rows.map((row) => ({
          a: [...row.coefficients],
          lo: Number.isFinite(row.lower) ? row.lower : null,
          hi: Number.isFinite(row.upper) ? row.upper : null,
        })),
        previous: [...c.previous],
        maxTurnover: c.maxTurnover,
        costs: c.costs === null ? null : [...c.costs],
        benchmark: c.benchmark === null ? null : [...c.benchmark],
        te: c.maxTrackingErrorPerPeriod,
        gross: c.maxGrossExposure,
        minHoldings: minHoldings ?? null,
        minActiveWeight: minActiveWeight ?? null,
        l2: c.l2,
        l2Weight: l2Weight ?? null,
        at: at ?? null,
      };
    },
  );
  const run = spawnSync("python3", [join(import.meta.dirname, "_test", "oracle_constrainedCvar.py")], {
    input: JSON.stringify(problems),
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`oracle failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as OracleAnswer[];
}

/** Every rule of `options` holds at w within 1e-9 (tracking error relative 1e-9). */
function assertRulesHold(r: AssetReturns, options: ConstraintOptions, maxWeight: number, w: readonly number[]): void {
  const c = readConstraints(options, r.assets, maxWeight, P);
  const tol = 1e-9;
  expect(Math.abs(w.reduce((a, x) => a + x, 0) - 1)).toBeLessThanOrEqual(tol);
  w.forEach((x, i) => {
    expect(x).toBeGreaterThanOrEqual(c.lower[i]! - tol);
    expect(x).toBeLessThanOrEqual(c.upper[i]! + tol);
  });
  for (const row of c.rows) {
    const v = w.reduce((a, x, i) => a + x * row.coefficients[i]!, 0);
    expect(v, row.name).toBeGreaterThanOrEqual(row.lower - tol);
    expect(v, row.name).toBeLessThanOrEqual(row.upper + tol);
  }
  if (c.maxTurnover !== null)
    expect(w.reduce((a, x, i) => a + Math.abs(x - c.previous[i]!), 0) / 2).toBeLessThanOrEqual(c.maxTurnover + tol);
  if (c.maxGrossExposure !== null)
    expect(w.reduce((a, x) => a + Math.abs(x), 0)).toBeLessThanOrEqual(c.maxGrossExposure + tol);
  if (c.benchmark !== null) {
    const n = r.assets.length;
    const d = w.map((x, i) => x - c.benchmark![i]!);
    const p = Array.from({ length: r.periods }, (_, t) => d.reduce((a, x, i) => a + x * r.returns[t * n + i]!, 0));
    const m = p.reduce((a, x) => a + x, 0) / p.length;
    const te = Math.sqrt(p.reduce((a, x) => a + (x - m) ** 2, 0) / (p.length - 1));
    expect(te).toBeLessThanOrEqual(c.maxTrackingErrorPerPeriod! * (1 + 1e-9));
  }
}

const vector = (r: AssetReturns, weights: ReadonlyArray<{ id: string; weight: number }>) =>
  r.assets.map((id) => weights.find((x) => x.id === id)?.weight ?? 0);

const r = universe(7, 6, 100);
const sectors = { sector: { A0: "Tech", A1: "Tech", A2: "Energy", A3: "Energy", A4: "Health", A5: "Health" } };
const CASES: Array<{ name: string; options: ConstraintOptions; maxWeight: number }> = [
  {
    name: "group limits",
    options: { groups: sectors, groupLimits: { sector: { Tech: [0.1, 0.3], Energy: [0, 0.25] } } },
    maxWeight: 0.6,
  },
  {
    name: "linear rules",
    options: {
      linearConstraints: [
        { coefficients: { A0: 1, A5: -1 }, lower: 0.05 },
        { coefficients: { A2: 1, A3: 1 }, lower: 0.2, upper: 0.2, name: "energy" },
      ],
    },
    maxWeight: 1,
  },
  { name: "turnover", options: { previousWeights: { A5: 0.7, A4: 0.3 }, maxTurnover: 0.25 }, maxWeight: 1 },
  {
    name: "costs",
    options: {
      previousWeights: { A5: 0.5, A1: 0.5 },
      transactionCosts: { A0: 0.5, A1: 0.2, A2: 0.3, A3: 0.4, A4: 0.1, A5: 0.6 },
    },
    maxWeight: 1,
  },
  { name: "long/short", options: { minWeight: -0.3, maxGrossExposure: 1.4 }, maxWeight: 0.8 },
  { name: "tracking error", options: { benchmarkWeights: { A5: 0.5, A4: 0.5 }, maxTrackingError: 0.08 }, maxWeight: 1 },
  {
    name: "all together",
    options: {
      groups: sectors,
      groupLimits: { sector: { Tech: [0, 0.4] } },
      previousWeights: { A0: 0.5, A3: 0.5 },
      maxTurnover: 0.45,
      transactionCosts: 0.01,
      minWeight: -0.1,
      maxGrossExposure: 1.2,
      benchmarkWeights: { A0: 0.5, A3: 0.5 },
      maxTrackingError: 0.1,
    },
    maxWeight: 0.7,
  },
];

describe("minimumCvar and meanCvar under constraint options", () => {
  it("agree with the scipy oracle (objective to 1e-9, rules held, certificate recomputed from the weights)", async () => {
    const answers = oracle(
      r,
      CASES.map((c) => ({ ...c, form: "minimum" as const })),
    );
    for (const [k, { name, options, maxWeight }] of CASES.entries()) {
      const p = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE });
      const w = vector(r, p.weights);
      assertRulesHold(r, options, maxWeight, w);
      const c = readConstraints(options, r.assets, maxWeight, P);
      const costs =
        c.costs === null ? 0 : w.reduce((a, x, i) => a + c.costs![i]! * Math.abs(x - c.previous[i]!), 0) / P;
      const objective = cvarOf(r, w) + costs;
      expect(answers[k]!.status, name).toBe("optimal");
      expect(Math.abs(objective - answers[k]!.objective!), name).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(p.certificate.objective! - objective), name).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(p.cvar - cvarOf(r, w)), name).toBeLessThanOrEqual(1e-12);
      expect(p.certificate.status).toBe("optimal");
      expect(p.certificate.gap).toBeLessThanOrEqual(1e-9);
      // Every scenario row at once (plain-lp) and scenario generation (the default) reach the same optimum.
      const plain = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE, method: "plain-lp" });
      expect(Math.abs(plain.certificate.objective! - p.certificate.objective!), name).toBeLessThanOrEqual(1e-9);
    }
  });

  it("agree with the scipy oracle in the target-CVaR form", async () => {
    const limit = 0.03;
    const answers = oracle(
      r,
      CASES.slice(0, 4).map((c) => ({ ...c, form: "targetCvar" as const, limit })),
    );
    for (const [k, { name, options, maxWeight }] of CASES.slice(0, 4).entries()) {
      const p = await meanCvar(r, { ...options, maxWeight, confidence: CONFIDENCE, targetCvar: limit });
      const w = vector(r, p.weights);
      assertRulesHold(r, options, maxWeight, w);
      expect(cvarOf(r, w)).toBeLessThanOrEqual(limit + 1e-9);
      const c = readConstraints(options, r.assets, maxWeight, P);
      const n = r.assets.length;
      const mean = r.assets.map(
        (_, i) =>
          Array.from({ length: r.periods }, (_, t) => r.returns[t * n + i]!).reduce((a, x) => a + x, 0) / r.periods,
      );
      const costs =
        c.costs === null ? 0 : w.reduce((a, x, i) => a + c.costs![i]! * Math.abs(x - c.previous[i]!), 0) / P;
      const objective = w.reduce((a, x, i) => a + x * mean[i]!, 0) - costs;
      expect(Math.abs(objective - answers[k]!.objective!), name).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(p.certificate.objective! - objective), name).toBeLessThanOrEqual(1e-12);
    }
  });

  it("warns naming each rule that binds", async () => {
    const p = await minimumCvar(r, {
      groups: sectors,
      groupLimits: { sector: { Tech: [0, 0.5], Energy: [0, 0.9] } },
      confidence: CONFIDENCE,
    });
    expect(p.warnings).toEqual([
      "the rule groupLimits.sector.Tech binds at these weights: relaxing it could improve the objective",
    ]);
  });

  it("agree with the scipy oracle in the trade-off form (anchors and the normalised objective)", async () => {
    const options: ConstraintOptions = {
      groups: sectors,
      groupLimits: { sector: { Tech: [0.1, 0.35], Health: [0, 0.3] } },
      linearConstraints: [{ coefficients: { A2: 1 }, upper: 0.2 }],
    };
    const n = r.assets.length;
    const mean = r.assets.map(
      (_, i) =>
        Array.from({ length: r.periods }, (_, t) => r.returns[t * n + i]!).reduce((a, x) => a + x, 0) / r.periods,
    );
    const ret = (w: readonly number[]) => w.reduce((a, x, i) => a + x * mean[i]!, 0);
    const [least, most] = oracle(r, [
      { options, maxWeight: 1, form: "minimum" },
      { options, maxWeight: 1, form: "linear", gain: mean, cvarWeight: 0 },
    ]);
    const bestCvar = least!.objective!;
    const bestReturn = ret(most!.weights!);
    const sR = bestReturn - ret(least!.weights!);
    const sC = cvarOf(r, most!.weights!) - bestCvar;
    for (const m of [0.3, 1, 4]) {
      const [answer] = oracle(r, [
        { options, maxWeight: 1, form: "linear", gain: mean.map((x) => (m * x) / sR), cvarWeight: 1 / sC },
      ]);
      const J = (w: readonly number[]) => (m * (bestReturn - ret(w))) / sR + (cvarOf(r, w) - bestCvar) / sC;
      const p = await meanCvar(r, { ...options, confidence: CONFIDENCE, returnMultiplier: m });
      const w = vector(r, p.weights);
      assertRulesHold(r, options, 1, w);
      expect(Math.abs(J(w) - J(answer!.weights!))).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(-p.certificate.objective! - J(w))).toBeLessThanOrEqual(1e-9);
    }
  });

  it("gives the trade-off form under rules, with its terms", async () => {
    const options: ConstraintOptions = { groups: sectors, groupLimits: { sector: { Health: [0, 0.3] } } };
    const p = await meanCvar(r, { ...options, confidence: CONFIDENCE, returnMultiplier: 1 });
    assertRulesHold(r, options, 1, vector(r, p.weights));
    expect(p.objectiveTerms!.map((t) => t.term)).toEqual(["expectedReturn", "tailRisk"]);
    expect(p.certificate.status).toBe("optimal");
  });

  it("with minHoldings solve the MILP: the scipy MILP oracle's optimum to 1e-9 within the certified gap, and the rule holds", async () => {
    const cases = [
      { ...CASES[0]!, minHoldings: 6, minActiveWeight: 0.06 },
      { ...CASES[2]!, minHoldings: 6, minActiveWeight: 0.03 },
    ];
    const answers = oracle(
      r,
      cases.map((c) => ({ ...c, form: "minimum" as const })),
    );
    const held = (w: readonly number[], floor: number) => w.filter((x) => x >= floor * (1 - 1e-9)).length;
    for (const [k, { name, options, maxWeight, minHoldings, minActiveWeight }] of cases.entries()) {
      // Without the rule the optimum holds fewer names, so the MILP decides the answer.
      const lp = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE });
      expect(held(vector(r, lp.weights), minActiveWeight), name).toBeLessThan(minHoldings);
      const p = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE, minHoldings, minActiveWeight });
      const w = vector(r, p.weights);
      assertRulesHold(r, options, maxWeight, w);
      expect(held(w, minActiveWeight), name).toBeGreaterThanOrEqual(minHoldings);
      const c = readConstraints(options, r.assets, maxWeight, P);
      const costs =
        c.costs === null ? 0 : w.reduce((a, x, i) => a + c.costs![i]! * Math.abs(x - c.previous[i]!), 0) / P;
      const objective = cvarOf(r, w) + costs;
      expect(answers[k]!.status, name).toBe("optimal");
      expect(p.certificate.solver, name).toBe("milp");
      expect(p.certificate.status, name).toBe("optimal");
      expect(p.certificate.gap, name).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(p.certificate.objective! - objective), name).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(objective - answers[k]!.objective!), name).toBeLessThanOrEqual(1e-9);
      // The oracle's optimum lies within the certificate's gap below the engine's objective.
      expect(answers[k]!.objective!, name).toBeGreaterThanOrEqual(objective - p.certificate.gap - 1e-10);
      expect(objective, name).toBeGreaterThan(cvarOf(r, vector(r, lp.weights)));
    }
  });

  it("with minHoldings and a CVaR limit (meanCvar) agree with the scipy MILP oracle", async () => {
    const { options, maxWeight } = CASES[0]!;
    const limit = 0.03;
    const [answer] = oracle(r, [
      { options, maxWeight, form: "targetCvar", limit, minHoldings: 5, minActiveWeight: 0.05 },
    ]);
    const p = await meanCvar(r, {
      ...options,
      maxWeight,
      confidence: CONFIDENCE,
      targetCvar: limit,
      minHoldings: 5,
      minActiveWeight: 0.05,
    });
    const w = vector(r, p.weights);
    assertRulesHold(r, options, maxWeight, w);
    expect(w.filter((x) => x >= 0.05 * (1 - 1e-9)).length).toBeGreaterThanOrEqual(5);
    expect(cvarOf(r, w)).toBeLessThanOrEqual(limit + 1e-9);
    const mean = (i: number) =>
      Array.from({ length: r.periods }, (_, t) => r.returns[t * r.assets.length + i]!).reduce((a, x) => a + x, 0) /
      r.periods;
    const ret = w.reduce((a, x, i) => a + x * mean(i), 0);
    expect(answer!.status).toBe("optimal");
    expect(Math.abs(ret - answer!.objective!)).toBeLessThanOrEqual(1e-9);
    expect(p.certificate.gap).toBeLessThanOrEqual(1e-9);
    expect(p.certificate.solver).toBe("milp");
  });

  it("with minHoldings honour timeLimitSeconds: a stopped MILP returns a feasible portfolio, a proven gap around the oracle's optimum and the warning", async () => {
    const { options, maxWeight } = CASES[0]!;
    const rule = { minHoldings: 6, minActiveWeight: 0.06 };
    const [answer] = oracle(r, [{ options, maxWeight, form: "minimum", ...rule }]);
    expect(answer!.status).toBe("optimal");
    // 1e-9 s ends before the LP relaxation does, so the MILP gets no time (the fallback support is polished);
    // 0.02 s may stop the MILP with or without a point, or let it finish: the certificate must hold either way.
    for (const timeLimitSeconds of [1e-9, 0.02, 600]) {
      const p = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE, ...rule, timeLimitSeconds });
      const w = vector(r, p.weights);
      assertRulesHold(r, options, maxWeight, w);
      expect(w.filter((x) => x >= rule.minActiveWeight * (1 - 1e-9)).length).toBeGreaterThanOrEqual(rule.minHoldings);
      const objective = cvarOf(r, w);
      expect(Math.abs(p.certificate.objective! - objective)).toBeLessThanOrEqual(1e-12);
      expect(Number.isFinite(p.certificate.gap)).toBe(true);
      expect(p.certificate.gap).toBeGreaterThanOrEqual(0);
      // The optimum lies between the objective less the proven gap and the objective.
      expect(answer!.objective!).toBeGreaterThanOrEqual(objective - p.certificate.gap - 1e-10);
      expect(answer!.objective!).toBeLessThanOrEqual(objective + 1e-9);
      const warned = p.warnings.some((x) =>
        x.startsWith(`the solver stopped at the time limit (${timeLimitSeconds} s)`),
      );
      expect(warned).toBe(p.certificate.status === "time-limit");
      if (timeLimitSeconds === 1e-9) expect(p.certificate.status).toBe("time-limit");
      if (p.certificate.status === "optimal") expect(p.certificate.gap).toBeLessThanOrEqual(1e-9);
    }
    const [limited] = oracle(r, [
      { options, maxWeight, form: "targetCvar", limit: 0.03, minHoldings: 5, minActiveWeight: 0.05 },
    ]);
    const m = await meanCvar(r, {
      ...options,
      maxWeight,
      confidence: CONFIDENCE,
      targetCvar: 0.03,
      minHoldings: 5,
      minActiveWeight: 0.05,
      timeLimitSeconds: 1e-9,
    });
    const w = vector(r, m.weights);
    assertRulesHold(r, options, maxWeight, w);
    expect(w.filter((x) => x >= 0.05 * (1 - 1e-9)).length).toBeGreaterThanOrEqual(5);
    expect(cvarOf(r, w)).toBeLessThanOrEqual(0.03 + 1e-9);
    expect(m.certificate.status).toBe("time-limit");
    expect(m.warnings[0]).toContain("the solver stopped at the time limit (1e-9 s)");
    // The largest return under the rules lies within the gap above the objective (maximised).
    expect(limited!.objective!).toBeLessThanOrEqual(m.certificate.objective! + m.certificate.gap + 1e-10);
    expect(limited!.objective!).toBeGreaterThanOrEqual(m.certificate.objective! - 1e-9);
    const tradeOff = await meanCvar(r, {
      ...options,
      maxWeight,
      confidence: CONFIDENCE,
      ...rule,
      timeLimitSeconds: 1e-9,
    });
    assertRulesHold(r, options, maxWeight, vector(r, tradeOff.weights));
    expect(tradeOff.certificate.status).toBe("time-limit");
    expect(tradeOff.warnings[0]).toContain("the solver stopped at the time limit (1e-9 s)");
  });

  it("with maxTrackingError honour timeLimitSeconds: the tangent-cut rounds stop at the deadline with weights within the limit", async () => {
    const options: ConstraintOptions = { benchmarkWeights: { A0: 0.5, A1: 0.5 }, maxTrackingError: 0.1 };
    const [answer] = oracle(r, [{ options, maxWeight: 1, form: "minimum" }]);
    const free = await minimumCvar(r, { ...options, confidence: CONFIDENCE });
    // Without a limit the optimum takes more than one round (cuts), so a deadline that has passed stops it.
    expect(free.certificate.iterations).toBeGreaterThan(1);
    expect(Math.abs(free.certificate.objective! - answer!.objective!)).toBeLessThanOrEqual(1e-9);
    const p = await minimumCvar(r, { ...options, confidence: CONFIDENCE, timeLimitSeconds: 1e-9 });
    const w = vector(r, p.weights);
    assertRulesHold(r, options, 1, w);
    expect(p.certificate.status).toBe("time-limit");
    expect(p.warnings[0]).toContain("the solver stopped at the time limit (1e-9 s)");
    expect(Math.abs(p.certificate.objective! - cvarOf(r, w))).toBeLessThanOrEqual(1e-12);
    expect(answer!.objective!).toBeGreaterThanOrEqual(cvarOf(r, w) - p.certificate.gap - 1e-10);
    expect(answer!.objective!).toBeLessThanOrEqual(cvarOf(r, w) + 1e-9);
    for (const form of [{ targetCvar: 0.03 }, { returnMultiplier: 1 }]) {
      const m = await meanCvar(r, { ...options, confidence: CONFIDENCE, ...form, timeLimitSeconds: 1e-9 });
      const x = vector(r, m.weights);
      assertRulesHold(r, options, 1, x);
      if ("targetCvar" in form) expect(cvarOf(r, x)).toBeLessThanOrEqual(0.03 + 1e-12);
      expect(Number.isFinite(m.certificate.gap)).toBe(true);
      expect(m.certificate.status === "time-limit").toBe(
        m.warnings.some((y) => y.startsWith("the solver stopped at the time limit (1e-9 s)")),
      );
    }
  });

  it("refuses infeasible rules naming them, and minHoldings with constraints naming both options", async () => {
    const e = await minimumCvar(r, {
      groups: sectors,
      groupLimits: { sector: { Tech: [0.6, 1], Energy: [0.5, 1] } },
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe("INFEASIBLE");
    expect((e as EngineError).details!.rules).toEqual([
      "groupLimits.sector.Tech",
      "groupLimits.sector.Energy",
      "minWeight",
    ]);
    const l2 = await minimumCvar(r, { l2Regularization: 0.1, minHoldings: 3 }).catch((x: unknown) => x);
    expect((l2 as EngineError).message).toContain("minHoldings cannot be combined with l2Regularization");
    expect((l2 as EngineError).details).toEqual({ with: "l2Regularization" });
    const short = await meanCvar(r, { minWeight: -0.1, minHoldings: 3 }).catch((x: unknown) => x);
    expect((short as EngineError).message).toContain("minHoldings cannot be combined with a negative minWeight");
    const tooMany = await minimumCvar(r, {
      groups: sectors,
      groupLimits: { sector: { Tech: [0, 0] } },
      minHoldings: 5,
    }).catch((x: unknown) => x);
    expect((tooMany as EngineError).code).toBe("INFEASIBLE");
    expect((tooMany as EngineError).field).toBe("minHoldings");
    const te = await minimumCvar(r, {
      benchmarkWeights: { A0: 0.5, A1: 0.5 },
      maxTrackingError: 0.1,
      minHoldings: 3,
    }).catch((x: unknown) => x);
    expect((te as EngineError).message).toContain("minHoldings cannot be combined with maxTrackingError");
    const unknown = await meanCvar(r, { groupLimts: {} } as never).catch((x: unknown) => x);
    expect((unknown as EngineError).message).toContain("did you mean groupLimits?");
    const target = await meanCvar(r, { minWeight: -0.1, targetCvar: 0.0001 }).catch((x: unknown) => x);
    expect((target as EngineError).code).toBe("INFEASIBLE");
  });

  it("with L2 agree with the scipy QP oracle (minimum and target-CVaR forms; alone, with groups, with turnover): objective to 1e-9, rules held, certificate gap recomputed", async () => {
    const l2Cases: Array<{ name: string; options: ConstraintOptions; maxWeight: number }> = [
      { name: "L2 alone", options: { l2Regularization: 5 }, maxWeight: 1 },
      {
        name: "L2 with groups",
        options: {
          groups: sectors,
          groupLimits: { sector: { Tech: [0.1, 0.3], Energy: [0, 0.25] } },
          l2Regularization: 5,
        },
        maxWeight: 0.6,
      },
      {
        name: "L2 with turnover",
        options: { previousWeights: { A5: 0.7, A4: 0.3 }, maxTurnover: 0.25, l2Regularization: 2 },
        maxWeight: 1,
      },
      {
        name: "L2 with groups, turnover and costs",
        options: {
          groups: sectors,
          groupLimits: { sector: { Tech: [0, 0.4] } },
          previousWeights: { A0: 0.5, A3: 0.5 },
          maxTurnover: 0.45,
          transactionCosts: 0.01,
          l2Regularization: 1,
        },
        maxWeight: 0.7,
      },
    ];
    const limit = 0.03;
    const n = r.assets.length;
    const mean = r.assets.map(
      (_, i) =>
        Array.from({ length: r.periods }, (_, t) => r.returns[t * n + i]!).reduce((a, x) => a + x, 0) / r.periods,
    );
    for (const { name, options, maxWeight } of l2Cases) {
      const c = readConstraints(options, r.assets, maxWeight, P);
      const penalty = (w: readonly number[]) =>
        (c.costs === null ? 0 : w.reduce((a, x, i) => a + c.costs![i]! * Math.abs(x - c.previous[i]!), 0) / P) +
        (c.l2 * w.reduce((a, x) => a + x * x, 0)) / P;
      const least = await minimumCvar(r, { ...options, maxWeight, confidence: CONFIDENCE });
      const most = await meanCvar(r, { ...options, maxWeight, confidence: CONFIDENCE, targetCvar: limit });
      const wl = vector(r, least.weights);
      const wm = vector(r, most.weights);
      const [a, b] = oracle(r, [
        { options, maxWeight, form: "minimum", at: wl },
        { options, maxWeight, form: "targetCvar", limit, at: wm },
      ]);
      for (const [form, p, w, answer, objective] of [
        ["minimum", least, wl, a!, cvarOf(r, wl) + penalty(wl)],
        ["targetCvar", most, wm, b!, wm.reduce((s, x, i) => s + x * mean[i]!, 0) - penalty(wm)],
      ] as const) {
        const label = `${name} (${form})`;
        assertRulesHold(r, options, maxWeight, w);
        if (form === "targetCvar") expect(cvarOf(r, w), label).toBeLessThanOrEqual(limit + 1e-9);
        expect(p.certificate.solver, label).toBe("qp");
        expect(p.certificate.status, label).toBe("optimal");
        expect(answer.status, label).toBe("optimal");
        // The oracle certifies itself: its Frank–Wolfe bound is within 1e-11 of its objective.
        const sign = form === "minimum" ? 1 : -1;
        expect(sign * (answer.objective! - answer.lower!), label).toBeLessThanOrEqual(1e-11);
        expect(sign * (answer.objective! - answer.lower!), label).toBeGreaterThanOrEqual(-1e-13);
        // The engine's objective: recomputed from the weights, the oracle's to 1e-9, never past the oracle's bound.
        expect(Math.abs(p.certificate.objective! - objective), label).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(objective - answer.objective!), label).toBeLessThanOrEqual(1e-9);
        expect(sign * (objective - answer.lower!), label).toBeGreaterThanOrEqual(-1e-12);
        // The certificate's gap, recomputed at the engine's weights from the formulas (the bound linearised there
        // over every scenario): the engine's bound, from the same linearisation over its scenario rows, is no
        // tighter, and its gap covers the distance to the oracle's optimum.
        expect(answer.gapAt!, label).toBeGreaterThanOrEqual(-1e-13);
        expect(p.certificate.gap, label).toBeGreaterThanOrEqual(answer.gapAt! - 1e-12);
        expect(p.certificate.gap, label).toBeGreaterThanOrEqual(sign * (objective - answer.objective!) - 1e-12);
        expect(p.certificate.gap, label).toBeLessThanOrEqual(1e-8 * (1 + Math.abs(objective)));
      }
    }
  });

  it("with L2 in the trade-off form agree with the scipy QP oracle (the normalised objective to 1e-9, the gap recomputed)", async () => {
    const options: ConstraintOptions = {
      groups: sectors,
      groupLimits: { sector: { Tech: [0.1, 0.35], Health: [0, 0.3] } },
      previousWeights: { A5: 0.3, A2: 0.4, A0: 0.3 },
      maxTurnover: 0.4,
      l2Regularization: 3,
    };
    const n = r.assets.length;
    const mean = r.assets.map(
      (_, i) =>
        Array.from({ length: r.periods }, (_, t) => r.returns[t * n + i]!).reduce((a, x) => a + x, 0) / r.periods,
    );
    const ret = (w: readonly number[]) => w.reduce((a, x, i) => a + x * mean[i]!, 0);
    // The anchors are the plain LPs under the same rules (L2 enters only the trade-off's return term).
    const plainRules = { ...options, l2Regularization: 0 };
    const [least, most] = oracle(r, [
      { options: plainRules, maxWeight: 1, form: "minimum" },
      { options: plainRules, maxWeight: 1, form: "linear", gain: mean, cvarWeight: 0 },
    ]);
    const bestCvar = least!.objective!;
    const bestReturn = ret(most!.weights!);
    const sR = bestReturn - ret(least!.weights!);
    const sC = cvarOf(r, most!.weights!) - bestCvar;
    const m = 1;
    const l2 = (w: readonly number[]) => (3 * w.reduce((a, x) => a + x * x, 0)) / P;
    const J = (w: readonly number[]) => (m * (bestReturn - ret(w) + l2(w))) / sR + (cvarOf(r, w) - bestCvar) / sC;
    const p = await meanCvar(r, { ...options, confidence: CONFIDENCE, returnMultiplier: m });
    const w = vector(r, p.weights);
    assertRulesHold(r, options, 1, w);
    expect(p.certificate.solver).toBe("qp");
    const [answer] = oracle(r, [
      {
        options,
        maxWeight: 1,
        form: "linear",
        gain: mean.map((x) => (m * x) / sR),
        cvarWeight: 1 / sC,
        l2Weight: (m * 3) / (P * sR),
        at: w,
      },
    ]);
    // The oracle minimises J less its constant m·R*/s_R − C*/s_C.
    const constant = (m * bestReturn) / sR - bestCvar / sC;
    expect(answer!.objective! - answer!.lower!).toBeLessThanOrEqual(1e-11);
    expect(Math.abs(J(w) - (answer!.objective! + constant))).toBeLessThanOrEqual(1e-9);
    expect(J(w) - constant).toBeGreaterThanOrEqual(answer!.lower! - 1e-12);
    expect(Math.abs(-p.certificate.objective! - J(w))).toBeLessThanOrEqual(1e-9);
    expect(p.certificate.gap).toBeGreaterThanOrEqual(answer!.gapAt! - 1e-12);
    expect(p.certificate.gap).toBeLessThanOrEqual(1e-8 * (1 + Math.abs(J(w))));
  });

  it("with L2 solves the QP: weights spread as γ grows, and the rules hold", async () => {
    const options: ConstraintOptions = { groups: sectors, groupLimits: { sector: { Tech: [0, 0.5] } } };
    const plain = await minimumCvar(r, { ...options, confidence: CONFIDENCE });
    const l2 = await minimumCvar(r, { ...options, confidence: CONFIDENCE, l2Regularization: 5 });
    expect(l2.certificate.solver).toBe("qp");
    expect(l2.certificate.gap).toBeLessThanOrEqual(1e-8 * (1 + Math.abs(l2.certificate.objective!)));
    // The certificate's objective recomputed: CVaR + γ·Σw²/P.
    const w = vector(r, l2.weights);
    expect(
      Math.abs(l2.certificate.objective! - (cvarOf(r, w) + (5 * w.reduce((a, x) => a + x * x, 0)) / P)),
    ).toBeLessThanOrEqual(1e-12);
    const sq = (p: typeof plain) => p.weights.reduce((a, x) => a + x.weight * x.weight, 0);
    expect(sq(l2)).toBeLessThan(sq(plain));
    assertRulesHold(
      r,
      options,
      1,
      vector(r, l2.weights).map((x) => x),
    );
  });

  it("property: every returned portfolio holds its rules, and a group cap that does not bind changes nothing", async () => {
    const base = await minimumCvar(r, { confidence: CONFIDENCE });
    const w0 = vector(r, base.weights);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Tech", "Energy", "Health"),
        fc.double({ min: 0.05, max: 0.6, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        async (group, cap, slack) => {
          const members = Object.entries(sectors.sector)
            .filter(([, v]) => v === group)
            .map(([id]) => r.assets.indexOf(id));
          const held = members.reduce((a, i) => a + w0[i]!, 0);
          const options: ConstraintOptions = { groups: sectors, groupLimits: { sector: { [group]: [0, cap] } } };
          const p = await minimumCvar(r, { ...options, confidence: CONFIDENCE });
          const w = vector(r, p.weights);
          assertRulesHold(r, options, 1, w);
          const loose: ConstraintOptions = {
            groups: sectors,
            groupLimits: { sector: { [group]: [0, Math.min(1, held + 0.01 + slack)] } },
          };
          const q = await minimumCvar(r, { ...loose, confidence: CONFIDENCE });
          expect(Math.abs(q.cvar - base.cvar)).toBeLessThanOrEqual(1e-9);
          vector(r, q.weights).forEach((x, i) => expect(Math.abs(x - w0[i]!)).toBeLessThanOrEqual(1e-7));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("options without effect keep the unconstrained path: the same numbers bit for bit", async () => {
    const before = await minimumCvar(r, { confidence: CONFIDENCE, maxWeight: 0.5 });
    const same = await minimumCvar(r, {
      confidence: CONFIDENCE,
      maxWeight: 0.5,
      groups: sectors,
      transactionCosts: 0,
      benchmarkWeights: { A0: 1 },
      l2Regularization: 0,
      minWeight: 0,
      previousWeights: { A1: 1 },
    });
    expect(same.weights).toEqual(before.weights);
    expect(same.certificate).toEqual(before.certificate);
    const m = await meanCvar(r, { confidence: CONFIDENCE, targetCvar: 0.03 });
    const n = await meanCvar(r, { confidence: CONFIDENCE, targetCvar: 0.03, groups: sectors, maxGrossExposure: 2 });
    expect(n.weights).toEqual(m.weights);
  });

  it("property: every portfolio returned under random rules holds them all (to 1e-9), or the rules are refused as INFEASIBLE", async () => {
    const outcomes = { solved: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          cap: fc.option(fc.double({ min: 0.05, max: 1, noNaN: true }), { nil: undefined }),
          turnover: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
          cost: fc.option(fc.double({ min: 0, max: 0.05, noNaN: true }), { nil: undefined }),
          minWeight: fc.option(fc.double({ min: -0.3, max: 0.1, noNaN: true }), { nil: undefined }),
          gross: fc.option(fc.double({ min: 1, max: 2, noNaN: true }), { nil: undefined }),
          spread: fc.option(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { nil: undefined }),
          te: fc.option(fc.double({ min: 0.02, max: 0.3, noNaN: true }), { nil: undefined }),
          target: fc.boolean(),
        }),
        async (x) => {
          const options: ConstraintOptions = {
            ...(x.cap === undefined ? {} : { groups: sectors, groupLimits: { sector: { Tech: [0, x.cap] } } }),
            ...(x.turnover === undefined && x.cost === undefined ? {} : { previousWeights: { A2: 0.6, A5: 0.4 } }),
            ...(x.turnover === undefined ? {} : { maxTurnover: x.turnover }),
            ...(x.cost === undefined ? {} : { transactionCosts: x.cost }),
            ...(x.minWeight === undefined ? {} : { minWeight: x.minWeight }),
            ...(x.gross === undefined ? {} : { maxGrossExposure: x.gross }),
            ...(x.spread === undefined
              ? {}
              : { linearConstraints: [{ coefficients: { A1: 1, A4: -1 }, upper: x.spread }] }),
            ...(x.te === undefined ? {} : { benchmarkWeights: { A3: 0.5, A4: 0.5 }, maxTrackingError: x.te }),
          };
          try {
            const p = x.target
              ? await meanCvar(r, { ...options, confidence: CONFIDENCE, targetCvar: 0.04 })
              : await minimumCvar(r, { ...options, confidence: CONFIDENCE });
            assertRulesHold(r, options, 1, vector(r, p.weights));
            expect(p.certificate.status).toBe("optimal");
            outcomes.solved++;
          } catch (e) {
            if (!(e instanceof EngineError) || e.code !== "INFEASIBLE") throw e;
            outcomes.refused++;
          }
        },
      ),
      { numRuns: 40, seed: 20261128 },
    );
    // Many draws are solved, not all refused (the seed is fixed, so this is not a matter of luck).
    expect(outcomes.solved).toBeGreaterThan(10);
  });
});

describe("minimumCvar and meanCvar under constraint options: one deadline for every round", () => {
  // Enough scenarios that scenario generation needs several rounds (the seed set alone does not certify the optimum).
  const big = universe(11, 20, 1000);
  const groups = {
    sector: Object.fromEntries(big.assets.map((id, i) => [id, ["Tech", "Energy", "Health", "Retail"][i % 4]!])),
  };
  const options: ConstraintOptions = {
    groups,
    groupLimits: { sector: { Tech: [0.1, 0.3], Energy: [0, 0.25] } },
    previousWeights: Object.fromEntries(big.assets.map((id) => [id, 1 / 20])),
    maxTurnover: 0.5,
    transactionCosts: 0.002,
  };
  const n = big.assets.length;
  const costsOf = (w: readonly number[]) => w.reduce((a, x) => a + 0.002 * Math.abs(x - 1 / n), 0) / P;
  const mean = big.assets.map(
    (_, i) =>
      Array.from({ length: big.periods }, (_, t) => big.returns[t * n + i]!).reduce((a, x) => a + x, 0) / big.periods,
  );
  const stoppedWarning = (p: { warnings: string[] }) =>
    p.warnings.some((x) => x.startsWith("the solver stopped at the time limit (1e-9 s) before proving the optimum"));

  it("minimumCvar: a deadline that cannot be met stops scenario generation after its first round, with feasible weights, the proven gap around the oracle's optimum and the warning", async () => {
    const [answer] = oracle(big, [{ options, maxWeight: 1, form: "minimum" }]);
    const free = await minimumCvar(big, { ...options, confidence: CONFIDENCE });
    // Without a limit the optimum needs more than the seed round, so a deadline that has passed stops it.
    expect(free.certificate.iterations).toBeGreaterThan(1);
    const p = await minimumCvar(big, { ...options, confidence: CONFIDENCE, timeLimitSeconds: 1e-9 });
    const w = vector(big, p.weights);
    assertRulesHold(big, options, 1, w);
    expect(p.certificate.status).toBe("time-limit");
    expect(p.certificate.solver).toBe("lp");
    expect(stoppedWarning(p)).toBe(true);
    const objective = cvarOf(big, w) + costsOf(w);
    expect(Math.abs(p.certificate.objective! - objective)).toBeLessThanOrEqual(1e-12);
    expect(Number.isFinite(p.certificate.gap)).toBe(true);
    // The optimum lies in [objective − gap, objective]; the stopped point is not the optimum.
    expect(answer!.objective!).toBeGreaterThanOrEqual(objective - p.certificate.gap - 1e-10);
    expect(answer!.objective!).toBeLessThanOrEqual(objective + 1e-9);
    expect(objective).toBeGreaterThan(answer!.objective! + 1e-6);
    // A limit that is met changes nothing.
    const ample = await minimumCvar(big, { ...options, confidence: CONFIDENCE, timeLimitSeconds: 600 });
    expect(ample.certificate.status).toBe("optimal");
    expect(ample.certificate.objective).toBe(free.certificate.objective);
    expect(Math.abs(free.certificate.objective! - answer!.objective!)).toBeLessThanOrEqual(1e-9);
  });

  it("minimumCvar with L2: the QP rounds stop at the deadline the same way", async () => {
    const p = await minimumCvar(big, {
      ...options,
      confidence: CONFIDENCE,
      l2Regularization: 2,
      timeLimitSeconds: 1e-9,
    });
    const free = await minimumCvar(big, { ...options, confidence: CONFIDENCE, l2Regularization: 2 });
    const w = vector(big, p.weights);
    assertRulesHold(big, options, 1, w);
    expect(p.certificate.status).toBe("time-limit");
    expect(p.certificate.solver).toBe("qp");
    expect(stoppedWarning(p)).toBe(true);
    const objective = cvarOf(big, w) + costsOf(w) + (2 * w.reduce((a, x) => a + x * x, 0)) / P;
    expect(Math.abs(p.certificate.objective! - objective)).toBeLessThanOrEqual(1e-12);
    // The certified optimum lies within the stopped answer's gap below it.
    expect(free.certificate.status).toBe("optimal");
    expect(free.certificate.objective!).toBeGreaterThanOrEqual(objective - p.certificate.gap - 1e-9);
    expect(free.certificate.objective!).toBeLessThanOrEqual(objective + 1e-9);
  });

  it("meanCvar (target CVaR): a stopped round over the limit is moved towards the least-CVaR portfolio until it meets it", async () => {
    const limit = 0.012;
    const [answer] = oracle(big, [{ options, maxWeight: 1, form: "targetCvar", limit }]);
    const p = await meanCvar(big, { ...options, confidence: CONFIDENCE, targetCvar: limit, timeLimitSeconds: 1e-9 });
    const free = await meanCvar(big, { ...options, confidence: CONFIDENCE, targetCvar: limit });
    expect(free.certificate.iterations).toBeGreaterThan(1);
    const w = vector(big, p.weights);
    assertRulesHold(big, options, 1, w);
    expect(cvarOf(big, w)).toBeLessThanOrEqual(limit + 1e-12);
    expect(p.certificate.status).toBe("time-limit");
    expect(stoppedWarning(p)).toBe(true);
    const objective = w.reduce((a, x, i) => a + x * mean[i]!, 0) - costsOf(w);
    expect(Math.abs(p.certificate.objective! - objective)).toBeLessThanOrEqual(1e-12);
    // The largest return under the limit lies in [objective, objective + gap].
    expect(answer!.objective!).toBeLessThanOrEqual(objective + p.certificate.gap + 1e-10);
    expect(answer!.objective!).toBeGreaterThanOrEqual(objective - 1e-9);
  });

  it("meanCvar (target CVaR): a limit just above the least CVaR is met even when the least-CVaR solve stops above it", async () => {
    const [least] = oracle(big, [{ options, maxWeight: 1, form: "linear", gain: new Array(n).fill(0), cvarWeight: 1 }]);
    const limit = least!.objective! + 1e-6;
    const stopped = await minimumCvar(big, {
      ...options,
      transactionCosts: 0,
      confidence: CONFIDENCE,
      timeLimitSeconds: 1e-9,
    });
    // The least-CVaR solve stopped at the deadline lies above the limit: the verdict needs it certified.
    expect(stopped.certificate.status).toBe("time-limit");
    expect(cvarOf(big, vector(big, stopped.weights))).toBeGreaterThan(limit);
    const p = await meanCvar(big, { ...options, confidence: CONFIDENCE, targetCvar: limit, timeLimitSeconds: 1e-9 });
    const w = vector(big, p.weights);
    assertRulesHold(big, options, 1, w);
    expect(cvarOf(big, w)).toBeLessThanOrEqual(limit + 1e-12);
    expect(Number.isFinite(p.certificate.gap)).toBe(true);
    expect(p.certificate.status === "time-limit").toBe(stoppedWarning(p));
  });

  it("meanCvar (trade-off): the anchors and the trade-off solve share the one deadline", async () => {
    const p = await meanCvar(big, { ...options, confidence: CONFIDENCE, returnMultiplier: 1, timeLimitSeconds: 1e-9 });
    assertRulesHold(big, options, 1, vector(big, p.weights));
    expect(p.certificate.status).toBe("time-limit");
    expect(stoppedWarning(p)).toBe(true);
    expect(Number.isFinite(p.certificate.gap)).toBe(true);
    expect(p.certificate.gap).toBeGreaterThanOrEqual(0);
  });

  it("every scenario row at once (plain-lp) is one round, which always runs: optimal whatever the deadline", async () => {
    const p = await minimumCvar(big, {
      ...options,
      confidence: CONFIDENCE,
      method: "plain-lp",
      timeLimitSeconds: 1e-9,
    });
    expect(p.certificate.status).toBe("optimal");
    expect(stoppedWarning(p)).toBe(false);
  });
});
