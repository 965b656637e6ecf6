import { describe, expect, it } from "vitest";
import { assetReturns } from "../data/assetReturns.ts";
import { covariance } from "../data/covariance.ts";
import { isCovariance } from "../data/covariance.ts";
import { isExpectedReturns } from "../data/expectedReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { maximumSharpe } from "../meanVariance/maximumSharpe.ts";
import { ledoitWolfCovariance } from "../riskModels/ledoitWolfCovariance.ts";
import { seededRandom } from "../testing/seededRandom.ts";
import { blackLitterman } from "./blackLitterman.ts";
import { impliedEquilibriumReturns } from "./impliedEquilibriumReturns.ts";

const ids = ["A01", "A02", "A03", "A04", "A05"];

/** Ledoit–Wolf covariance of 300 seeded daily returns of five assets. */
function dailyCovariance() {
  const rand = seededRandom(41);
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
  const rows = Array.from({ length: 300 }, () => {
    const m = 0.01 * normal();
    return ids.map((_, i) => 0.0003 + (0.6 + 0.2 * i) * m + 0.012 * normal());
  });
  return ledoitWolfCovariance(assetReturns(rows, { assets: ids, frequency: "daily" }));
}

function errorOf(run: () => unknown): { field: string | undefined; message: string } {
  try {
    run();
  } catch (e) {
    if (isEngineError(e, "INVALID_INPUT")) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error("expected INVALID_INPUT");
}

describe("Black–Litterman with views by id", () => {
  it("annual views on daily data give the per-period posterior of the old call with per-period views, labelled, feeding maximumSharpe directly", () => {
    const S = dailyCovariance();
    const market = { A01: 0.3, A02: 0.25, A03: 0.2, A04: 0.15, A05: 0.1 };
    const prior = impliedEquilibriumReturns(S, market, 2.5);
    expect([prior.assets, prior.periodsPerYear]).toEqual([ids, 252]);
    const views = [
      { asset: "A03", return: 0.25, confidence: 0.6 },
      { long: ["A01"], short: ["A02"], return: 0.02, variance: 0.05 ** 2 },
    ];
    const post = blackLitterman(prior, S, { views });
    // The same problem on bare inputs (one period a year): per-period returns and variances.
    const bare = blackLitterman(
      prior.values,
      { size: 5, values: S.values },
      {
        views: [
          { asset: "2", return: 0.25 / 252, confidence: 0.6 },
          { long: ["0"], short: ["1"], return: 0.02 / 252, variance: 0.05 ** 2 / 252 ** 2 },
        ],
      },
    );
    expect(Array.from(post.expectedReturns.values)).toEqual(Array.from(bare.expectedReturns.values));
    expect(Array.from(post.covariance.values)).toEqual(Array.from(bare.covariance.values));
    expect(post.viewVariances[1]).toBeCloseTo(0.05 ** 2, 16);
    expect(isExpectedReturns(post.expectedReturns) && isCovariance(post.covariance)).toBe(true);
    expect([post.expectedReturns.assets, post.covariance.assets, post.covariance.frequency]).toEqual([
      ids,
      ids,
      "daily",
    ]);
    const tangency = maximumSharpe(post.expectedReturns, post.covariance, { riskFreeRate: 0.02 });
    expect(tangency.assets).toEqual(ids);
    expect(tangency.certificate.status).toBe("optimal");
    expect(tangency.performance.frequency).toBe("daily");
  });

  it("absolute views as { id: return } are views held with the default uncertainty; relative legs are equal-weighted", () => {
    const S = covariance(
      [
        [0.04, 0.01, 0],
        [0.01, 0.09, 0.02],
        [0, 0.02, 0.0625],
      ],
      { assets: ["A", "B", "C"], frequency: "annual" },
    );
    const prior = impliedEquilibriumReturns(S, [0.5, 0.3, 0.2], 2.5);
    const short = blackLitterman(prior, S, { views: { C: 0.1, A: 0.05 } });
    const long = blackLitterman(prior, S, {
      views: [
        { asset: "C", return: 0.1 },
        { asset: "A", return: 0.05, confidence: 0.5 },
      ],
    });
    expect(short.expectedReturns.values).toEqual(long.expectedReturns.values);
    const legs = blackLitterman(prior, S, {
      views: [{ long: ["A", "B"], short: ["C"], return: 0.03, confidence: 0.7 }],
    });
    const weights = blackLitterman(prior, S, {
      views: [{ long: { A: 0.5, B: 0.5 }, short: { C: 1 }, return: 0.03, confidence: 0.7 }],
    });
    expect(legs.expectedReturns.values).toEqual(weights.expectedReturns.values);
  });

  it("an unknown id is refused naming it and the closest ids, wherever it is", () => {
    const S = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["A01", "A02"], frequency: "daily" },
    );
    const prior = impliedEquilibriumReturns(S, { A01: 0.5, A02: 0.5 }, 2.5);
    expect(errorOf(() => blackLitterman(prior, S, { views: { A3: 0.1 } }))).toMatchObject({ field: "views.A3" });
    expect(errorOf(() => blackLitterman(prior, S, { views: { A3: 0.1 } })).message).toMatch(/"A3".*closest: A01, A02/);
    expect(errorOf(() => blackLitterman(prior, S, { views: [{ asset: "A1", return: 0.1 }] })).message).toMatch(
      /views\[0\]\.asset names asset "A1".*closest: A01/,
    );
    expect(
      errorOf(() => blackLitterman(prior, S, { views: [{ long: ["A01"], short: ["B02"], return: 0.1 }] })).field,
    ).toBe("views[0].short[0]");
    expect(errorOf(() => impliedEquilibriumReturns(S, { A01: 0.5, A03: 0.5 }, 2.5)).message).toMatch(
      /"A03".*closest: A01, A02/,
    );
    expect(errorOf(() => impliedEquilibriumReturns(S, { A01: 1 }, 2.5)).message).toMatch(/missing A02/);
    // A percent typed as a return is refused with the hint.
    expect(errorOf(() => blackLitterman(prior, S, { views: { A01: 25 } })).message).toMatch(/0\.04 for 4 %/);
  });

  it("market weights and the prior are read by id, in any order", () => {
    const S = covariance(
      [
        [0.04, 0.01],
        [0.01, 0.09],
      ],
      { assets: ["A", "B"], frequency: "weekly" },
    );
    const a = impliedEquilibriumReturns(S, { B: 0.4, A: 0.6 }, 2.5);
    const b = impliedEquilibriumReturns(S, [0.6, 0.4], 2.5);
    expect(a.values).toEqual(b.values);
    const reversed = {
      assets: ["B", "A"],
      values: Float64Array.from([a.values[1]!, a.values[0]!]),
      periodsPerYear: 52,
      frequency: "weekly" as const,
    };
    expect(blackLitterman(reversed, S, { views: { A: 0.1 } }).expectedReturns.values).toEqual(
      blackLitterman(a, S, { views: { A: 0.1 } }).expectedReturns.values,
    );
  });
});
