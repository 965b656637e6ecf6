import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { assetReturns } from "../data/assetReturns.ts";
import { covariance } from "../data/covariance.ts";
import { expectedReturns } from "../data/expectedReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { meanHistoricalReturn } from "../riskModels/meanHistoricalReturn.ts";
import { sampleCovariance } from "../riskModels/sampleCovariance.ts";
import { seededRandom } from "../testing/seededRandom.ts";
import { efficientFrontier } from "./efficientFrontier.ts";
import { efficientReturn } from "./efficientReturn.ts";
import { efficientRisk } from "./efficientRisk.ts";
import { maximumSharpe } from "./maximumSharpe.ts";
import { minimumVariance } from "./minimumVariance.ts";
import { expectValid, problemArb } from "./_test/helpers.ts";
import type { MeanVarianceResult } from "./types.ts";

const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `A${String(i + 1).padStart(2, "0")}`);

/** T daily returns of n assets from a one-factor model (seeded), as rows; `extra` maps each row to columns appended. */
function factorRows(
  seed: number,
  periods: number,
  n: number,
  extra: (row: number[]) => number[] = () => [],
): number[][] {
  const rand = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
  const drift = Array.from({ length: n }, (_, i) => 0.0002 + 0.0001 * (i % 5));
  return Array.from({ length: periods }, () => {
    const market = 0.01 * normal();
    const row = Array.from({ length: n }, (_, i) => drift[i]! + (0.5 + i / n) * market + 0.015 * normal());
    return [...row, ...extra(row)];
  });
}

function caught(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
  throw new Error("expected an EngineError");
}

/** Weight of each id in a result. */
const byId = (r: MeanVarianceResult) => new Map(r.weights.map((x) => [x.id, x.weight]));

describe("mean–variance on labelled data", () => {
  it("every result is labelled with the covariance's ids, and permuting the assets permutes the weights (each method)", () => {
    fc.assert(
      fc.property(
        problemArb.chain((p) =>
          fc.tuple(fc.constant(p), fc.shuffledSubarray([...Array(p.n).keys()], { minLength: p.n, maxLength: p.n })),
        ),
        ([{ n, covariance: C, mu, maxWeight }, perm]) => {
          const ids = idsOf(n);
          const rows = Array.from({ length: n }, (_, i) => Array.from(C.values.subarray(i * n, (i + 1) * n)));
          const S = covariance(rows, { assets: ids, frequency: "daily" });
          const Sp = covariance(
            perm.map((a) => perm.map((b) => rows[a]![b]!)),
            { assets: perm.map((a) => ids[a]!), frequency: "daily" },
          );
          const m = expectedReturns(Object.fromEntries(ids.map((id, i) => [id, mu[i]!])), {
            frequency: "daily",
            annual: false,
          });
          // The same expected returns in the permuted order: read by id, so either order works.
          const mp = expectedReturns(Object.fromEntries(perm.map((a) => [ids[a]!, mu[a]!])), {
            frequency: "daily",
            annual: false,
          });
          const sortedMu = [...mu].sort((x, y) => y - x);
          let left = 1;
          let rMax = 0;
          for (const x of sortedMu) {
            const take = Math.min(maxWeight, left);
            rMax += take * x;
            left -= take;
          }
          const floor = minimumVariance(S, { maxWeight });
          const pairs: Array<[MeanVarianceResult, MeanVarianceResult]> = [[floor, minimumVariance(Sp, { maxWeight })]];
          // Efficient risk maximises a linear objective: when the volatility limit does not bind and
          // two expected returns tie (to rounding), every split between them is optimal, so the two
          // orders may return different optima of the same value. Its value is compared, not its weights.
          const limit = floor.performance.volatility! * 1.5;
          const [risky, riskyPermuted] = [
            efficientRisk(m, S, limit, { maxWeight }),
            efficientRisk(mp, Sp, limit, { maxWeight }),
          ];
          expectValid(risky, maxWeight);
          expectValid(riskyPermuted, maxWeight);
          const best = risky.performance.expectedReturn!;
          expect(Math.abs(riskyPermuted.performance.expectedReturn! - best)).toBeLessThanOrEqual(
            1e-9 * Math.max(1e-12, Math.abs(best)) + 1e-15,
          );
          const r0 = floor.performance.expectedReturn;
          expect(r0).toBeNull();
          if (rMax > 1e-9) pairs.push([maximumSharpe(m, S, { maxWeight }), maximumSharpe(mp, Sp, { maxWeight })]);
          const f = efficientFrontier(m, S, { maxWeight, points: 4 });
          const fp = efficientFrontier(mp, Sp, { maxWeight, points: 4 });
          expect(f.assets).toEqual(ids);
          // The frontier's last point is its largest return: with tied returns, any split of them (see above).
          f.points.slice(0, -1).forEach((p, k) => pairs.push([p, fp.points[k]!]));
          const [top, topPermuted] = [f.points.at(-1)!, fp.points.at(-1)!];
          expect(
            Math.abs(topPermuted.performance.expectedReturn! - top.performance.expectedReturn!),
          ).toBeLessThanOrEqual(1e-9 * Math.max(1e-12, Math.abs(top.performance.expectedReturn!)) + 1e-15);
          const target = f.points[2]!.performance.expectedReturn!;
          pairs.push([efficientReturn(m, S, target, { maxWeight }), efficientReturn(mp, Sp, target, { maxWeight })]);
          for (const [a, b] of pairs) {
            expect(a.assets).toEqual(ids);
            expect(b.assets).toEqual(perm.map((i) => ids[i]!));
            expectValid(a, maxWeight);
            const wa = byId(a);
            const wb = byId(b);
            // Both are certified optima of the same problem with one optimum (a strictly convex
            // objective, or a binding quadratic constraint): residuals <= 1e-9 times Σ's
            // condition number (up to ~1e3 here) bound how far two solves may differ.
            for (const id of ids) expect(Math.abs(wa.get(id)! - wb.get(id)!)).toBeLessThanOrEqual(1e-6);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("permuting the assets: two expected returns tied to rounding and a slack volatility limit (a fast-check seed)", () => {
    const n = 11;
    const variances = [
      1e-5, 1.5208417327811266e-5, 1e-5, 1e-5, 5.416061607053046e-5, 1e-5, 1.0179652522779394e-5, 2.564259953474305e-5,
      1.1053312371397905e-4, 4.3479505169347424e-4, 1e-5,
    ];
    const mu = [0.001999999999999997, 0, 0, 0, 0, 0, 0, 0, 0.0019999999999999974, 0, 0];
    const perm = [7, 5, 8, 1, 4, 10, 0, 2, 6, 3, 9];
    const ids = idsOf(n);
    const rows = variances.map((v, i) => variances.map((_, j) => (i === j ? v : 0)));
    const S = covariance(rows, { assets: ids, frequency: "daily" });
    const Sp = covariance(
      perm.map((a) => perm.map((b) => rows[a]![b]!)),
      { assets: perm.map((a) => ids[a]!), frequency: "daily" },
    );
    const m = expectedReturns(Object.fromEntries(ids.map((id, i) => [id, mu[i]!])), {
      frequency: "daily",
      annual: false,
    });
    const maxWeight = 0.9170351410839197;
    const limit = minimumVariance(S, { maxWeight }).performance.volatility! * 1.5;
    const a = efficientRisk(m, S, limit, { maxWeight });
    const b = efficientRisk(m, Sp, limit, { maxWeight });
    expect(Math.abs(a.performance.expectedReturn! - b.performance.expectedReturn!)).toBeLessThanOrEqual(1e-15);
  });

  it("an annual riskFreeRate on daily data is r_f/252 per period: the same weights as the per-period call on bare matrices, and an annual performance block", () => {
    const R = assetReturns(factorRows(3, 500, 8), { assets: idsOf(8), frequency: "daily" });
    const S = sampleCovariance(R);
    const mu = meanHistoricalReturn(R);
    const r = maximumSharpe(mu, S, { riskFreeRate: 0.04 });
    const bare = maximumSharpe(mu.values, { size: 8, values: S.values }, { riskFreeRate: 0.04 / 252 });
    expect(Array.from(r.vector)).toEqual(Array.from(bare.vector));
    expect(r.certificate.status).toBe("optimal");
    expect(r.warnings).toEqual([]);
    expect(bare.warnings[0]).toMatch(/no asset ids or frequency.*per period/);
    let m = 0;
    for (let i = 0; i < 8; i++) m += mu.values[i]! * r.vector[i]!;
    expect(r.performance).toMatchObject({ periodsPerYear: 252, frequency: "daily", riskFreeRate: 0.04 });
    expect(r.performance.expectedReturn).toBeCloseTo(m * 252, 14);
    expect(r.performance.volatility).toBeCloseTo(Math.sqrt(r.variance * 252), 14);
    expect(r.performance.sharpeRatio).toBeCloseTo((m * 252 - 0.04) / Math.sqrt(r.variance * 252), 12);
    expect(r.certificate.objective).toBe(r.performance.sharpeRatio);
  });

  it("targets are annual: efficientReturn and efficientRisk on daily data equal the per-period calls", () => {
    const R = assetReturns(factorRows(5, 400, 6), { assets: idsOf(6), frequency: "daily" });
    const S = sampleCovariance(R);
    const mu = meanHistoricalReturn(R);
    const bareS = { size: 6, values: S.values };
    const byReturn = efficientReturn(mu, S, 0.12);
    expect(Array.from(byReturn.vector)).toEqual(Array.from(efficientReturn(mu.values, bareS, 0.12 / 252).vector));
    expect(byReturn.performance.expectedReturn).toBeCloseTo(0.12, 12);
    const byRisk = efficientRisk(mu, S, 0.2);
    expect(Array.from(byRisk.vector)).toEqual(Array.from(efficientRisk(mu.values, bareS, 0.2 / Math.sqrt(252)).vector));
    expect(byRisk.performance.volatility!).toBeLessThanOrEqual(0.2 * (1 + 1e-12));
  });

  it("when no asset beats the annual risk-free rate, INFEASIBLE states the best asset's annual expected return and the rate", () => {
    const S = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["LOW", "HIGH"], frequency: "daily" },
    );
    const mu = expectedReturns({ LOW: 0.02, HIGH: 0.03 }, { frequency: "daily" });
    const e = caught(() => maximumSharpe(mu, S, { riskFreeRate: 0.04 }));
    expect(e).toMatchObject({ code: "INFEASIBLE", field: "riskFreeRate" });
    expect(e.message).toMatch(
      /more than riskFreeRate 0\.04 a year \(252 periods a year\): the best asset, "HIGH", is expected to earn 0\.03; riskFreeRate is annual/,
    );
    // A percent typed as a rate is refused before any solve, with the hint.
    expect(caught(() => maximumSharpe(mu, S, { riskFreeRate: 4 })).message).toMatch(/0\.04 for 4 %/);
  });

  it("a target out of reach is refused with the range in annual units", () => {
    const S = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["A", "B"], frequency: "monthly" },
    );
    const mu = expectedReturns({ A: 0.06, B: 0.12 }, { frequency: "monthly" });
    const low = minimumVariance(S);
    const start = 0.06 * low.vector[0]! + 0.12 * low.vector[1]!;
    const e = caught(() => efficientReturn(mu, S, 0.2));
    expect(e).toMatchObject({ code: "INFEASIBLE", field: "targetReturn" });
    expect(e.message).toContain(
      `efficient targets lie from ${+start.toPrecision(6)} (the minimum-variance portfolio) to 0.12 a year (12 periods a year)`,
    );
    const v = caught(() => efficientRisk(mu, S, 0.1));
    expect(v).toMatchObject({ code: "INFEASIBLE", field: "targetVolatility" });
    expect(v.message).toContain(
      `least volatility any portfolio within the weight rules has, ${+low.performance.volatility!.toPrecision(6)} a year`,
    );
  });

  it("expected returns and covariance are matched by id: another order is read by id, a missing or extra id is refused naming it, frequencies must agree", () => {
    const S = covariance(
      [
        [0.04, 0.01],
        [0.01, 0.09],
      ],
      { assets: ["A", "B"], frequency: "weekly" },
    );
    const inOrder = maximumSharpe(expectedReturns({ A: 0.05, B: 0.1 }, { frequency: "weekly" }), S);
    const reversed = maximumSharpe(expectedReturns({ B: 0.1, A: 0.05 }, { frequency: "weekly" }), S);
    expect(reversed.vector).toEqual(inOrder.vector);
    expect(
      caught(() => maximumSharpe(expectedReturns({ A: 0.05, C: 0.1 }, { frequency: "weekly" }), S)).message,
    ).toMatch(/B not in expectedReturns; expectedReturns has C not in covariance/);
    expect(
      caught(() => maximumSharpe(expectedReturns({ A: 0.05, B: 0.1 }, { frequency: "daily" }), S)).message,
    ).toMatch(/sampled 252 times a year but covariance 52/);
    // A bare matrix next to labelled expected returns takes their ids and frequency.
    const mixed = maximumSharpe(expectedReturns({ A: 0.05, B: 0.1 }, { frequency: "weekly" }), [
      [0.04, 0.01],
      [0.01, 0.09],
    ]);
    expect(mixed.assets).toEqual(["A", "B"]);
    expect(mixed.performance.periodsPerYear).toBe(52);
    expect(mixed.vector).toEqual(inOrder.vector);
  });

  it("minHoldings has no default: 300 uncorrelated assets give the true minimum (every weight below 1 %), status optimal", () => {
    const n = 300;
    const sd = Array.from({ length: n }, (_, i) => 0.15 + (0.1 * ((i * 7919) % n)) / n);
    const ids = sd.map((_, i) => `S${i}`);
    const S = covariance(
      sd.map((s, i) => sd.map((_, j) => (i === j ? s * s : 0))),
      { assets: ids, frequency: "annual" },
    );
    const r = minimumVariance(S);
    expect(r.certificate.status).toBe("optimal");
    expect(r.certificate.gap).toBe(0);
    // The closed form w ∝ 1/σ²: every weight is below 1 %, which the old default rule (one holding of 1 %) forced away.
    const inv = sd.map((s) => 1 / (s * s));
    const total = inv.reduce((a, b) => a + b, 0);
    r.vector.forEach((w, i) => expect(Math.abs(w - inv[i]! / total)).toBeLessThan(1e-12));
    expect(Math.max(...r.vector)).toBeLessThan(0.01);
    // Asking for the old rule explicitly still applies it.
    expect(minimumVariance(S, { minHoldings: 1 }).certificate.status).toBe("cardinality-heuristic");
    expect(minimumVariance(S, { minActiveWeight: 0.05 }).warnings.join(" ")).toMatch(
      /minActiveWeight is read only with minHoldings/,
    );
  });

  it("a duplicated asset (755 daily periods, 21 assets) gives the optimum, the pair sharing the weight the asset alone gets", () => {
    const rows = factorRows(17, 755, 20, (row) => [row[3]!]);
    const ids = idsOf(21);
    const R = assetReturns(rows, { assets: ids, frequency: "daily" });
    const S = sampleCovariance(R);
    expect(S.definite).toBe(false);
    const mu = meanHistoricalReturn(R);
    const alone = assetReturns(
      rows.map((r) => r.slice(0, 20)),
      { assets: ids.slice(0, 20), frequency: "daily" },
    );
    const S20 = sampleCovariance(alone);
    const mu20 = meanHistoricalReturn(alone);
    const cases: Array<[MeanVarianceResult, MeanVarianceResult]> = [
      [minimumVariance(S), minimumVariance(S20)],
      [maximumSharpe(mu, S, { riskFreeRate: 0.02 }), maximumSharpe(mu20, S20, { riskFreeRate: 0.02 })],
      [efficientRisk(mu, S, 0.15), efficientRisk(mu20, S20, 0.15)],
    ];
    for (const [dup, base] of cases) {
      expect(dup.certificate.status).toBe("optimal");
      expectValid(dup);
      expect(dup.warnings.join(" ")).toMatch(/exact duplicates .*"A04" = "A21"/);
      expect(dup.vector[3]).toBe(dup.vector[20]);
      expect(Math.abs(dup.vector[3]! + dup.vector[20]! - base.vector[3]!)).toBeLessThan(1e-9);
      for (let i = 0; i < 20; i++) if (i !== 3) expect(Math.abs(dup.vector[i]! - base.vector[i]!)).toBeLessThan(1e-9);
      expect(Math.abs(dup.performance.volatility! - base.performance.volatility!)).toBeLessThan(1e-12);
    }
    // A cap that binds: the pair may hold twice the cap between them, as the two assets could.
    const capped = minimumVariance(S, { maxWeight: 0.06 });
    expectValid(capped, 0.06);
  });

  it("collinear assets with more periods than assets are named as such; fewer periods than assets are named as T <= N", () => {
    // 300 periods of 5 independent assets and a sixth that is the half-half mix of the first two.
    const rand = seededRandom(1);
    const normal = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
    const mix = Array.from({ length: 300 }, () => {
      const r = Array.from({ length: 5 }, () => 0.01 * normal());
      return [...r, 0.5 * r[0]! + 0.5 * r[1]!];
    });
    const e = caught(() =>
      minimumVariance(sampleCovariance(assetReturns(mix, { assets: idsOf(6), frequency: "daily" }))),
    );
    expect(e).toMatchObject({ code: "INVALID_INPUT", field: "covariance" });
    expect(e.message).toMatch(
      /collinear assets: "A06" moves as 0\.5·"A01" \+ 0\.5·"A02"\. Drop "A06", or use a shrinkage estimate/,
    );
    expect(e.message).not.toMatch(/T <= N/);
    const rand12 = seededRandom(11);
    const noise = () => Math.sqrt(-2 * Math.log(Math.max(rand12(), 1e-12))) * Math.cos(2 * Math.PI * rand12());
    const short = Array.from({ length: 12 }, () => Array.from({ length: 30 }, () => 0.01 * noise()));
    const t = caught(() =>
      minimumVariance(sampleCovariance(assetReturns(short, { assets: idsOf(30), frequency: "daily" }))),
    );
    expect(t.message).toMatch(/rank 11 of 30 assets .* fewer periods than assets \(T <= N\)/);
  });
});
