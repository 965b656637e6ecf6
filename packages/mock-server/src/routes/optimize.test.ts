import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectCompany, expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";

interface Entry {
  id: string;
  symbol: string;
  weight: number;
  convictionScore: number | null;
  marketCap: number | null;
}
interface Term {
  term: string;
  option: string | null;
  weight: number;
  value: number;
  best: number;
  worst: number;
  scale: number;
  normalized: number;
  contribution: number;
  share: number;
}
interface Result {
  metadata: Record<string, number> & { objectiveTerms?: Term[] };
  portfolio: Entry[];
  warnings: string[];
  solver?: { status: string; method: string; objective: number; gap: number };
}

const aliceQuantum = id("alice-quantum"); // QBIT (12e9), CRYO (3e9), QSOFT (8e8)
const bobWater = id("bob-water"); // public: AQUA, DESAL, PIPES
const bobPrivate = id("bob-private"); // never submitted
const premade = id("premade-quantum"); // QBIT, CRYO
const METADATA = [
  "numberStocks",
  "weightedLinguisticBeta",
  "marketBuzzCoverage",
  "annualizedReturn",
  "volatility",
  "cvar",
  "sharpeRatio",
  "expectedDailyReturn",
  "maxDrawdown",
];

/**
 * Contract 2.5: metadata fields, portfolio entries = Company 2.4 + weight; the mock extensions warnings/solver and,
 * for mean-CVaR, metadata.objectiveTerms (docs/parity.md).
 */
function expectResult(r: Result): void {
  expect(Object.keys(r).filter((k) => !["metadata", "portfolio", "warnings", "solver"].includes(k))).toEqual([]);
  const { objectiveTerms, ...contract } = r.metadata;
  expect(Object.keys(contract).sort()).toEqual([...METADATA].sort());
  if (objectiveTerms !== undefined) {
    expect(objectiveTerms.map((t) => t.term)).toEqual(["expectedReturn", "linguisticBeta", "tailRisk", "buzzDistance"]);
    for (const t of objectiveTerms)
      for (const k of ["weight", "value", "best", "worst", "scale", "normalized", "contribution", "share"] as const)
        expect(Number.isFinite(t[k])).toBe(true);
    const total = objectiveTerms.reduce((a, t) => a + t.share, 0);
    expect(total === 0 || Math.abs(total - 1) < 1e-12).toBe(true);
  }
  for (const k of METADATA) expect(Number.isFinite(r.metadata[k]), k).toBe(true);
  expect(Number.isInteger(r.metadata.numberStocks)).toBe(true);
  expect(r.metadata.numberStocks).toBe(r.portfolio.length);
  for (const e of r.portfolio) {
    const { weight, ...company } = e;
    expectCompany(company, false);
    expect(weight).toBeGreaterThan(0);
  }
  expect(r.portfolio.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);
  expect(r.warnings.every((w) => typeof w === "string")).toBe(true);
}

const call = async (
  m: ReturnType<typeof makeMock>,
  path: string,
  payload?: unknown,
  client: "alice" | "bob" = "alice",
) => {
  const r = await m[client].post(path, payload);
  return { status: r.status, json: (await r.json()) as Result & { error: string } };
};
const companiesOf = async (m: ReturnType<typeof makeMock>, sid: string) =>
  body<Entry[]>(await m.alice.get(`/v1/strategies/${sid}/companies`));

describe("POST /v1/strategies/{id}/optimize (score tilt)", () => {
  it("default: weights proportional to convictionScore over the strategy's companies", async () => {
    const m = makeMock();
    const r = await call(m, `/v1/strategies/${aliceQuantum}/optimize`);
    expect(r.status).toBe(200);
    expectResult(r.json);
    // Independent check: with tiltExponent 1 and no bound binding, w_i = s_i / Σ s (scores from the company list).
    const companies = await companiesOf(m, aliceQuantum);
    const total = companies.reduce((s, c) => s + (c.convictionScore ?? 0), 0);
    const expected = Object.fromEntries(companies.map((c) => [c.id, (c.convictionScore ?? 0) / total]));
    expect(r.json.portfolio).toHaveLength(3);
    for (const e of r.json.portfolio) expect(e.weight).toBeCloseTo(expected[e.id]!, 9);
    expect(r.json.solver).toBeUndefined();
  });

  it("a client's usual JSON headers with no body (Content-Type: application/json, Content-Length: 0 or none) is no body, not malformed JSON", async () => {
    const m = makeMock();
    const reference = await call(m, `/v1/strategies/${aliceQuantum}/optimize`);
    const variants: Array<Record<string, string>> = [
      { "Content-Type": "application/json" },
      { "Content-Type": "application/json; charset=utf-8", "Content-Length": "0" },
    ];
    for (const headers of variants) {
      for (const path of [
        `/v1/strategies/${aliceQuantum}/optimize`,
        `/v1/strategies/${aliceQuantum}/optimized-portfolio?maxWeight=0.6`,
      ]) {
        const r = await m.alice.post(path, undefined, headers);
        expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
        if (path.endsWith("/optimize"))
          expect(((await r.json()) as Result).portfolio).toEqual(reference.json.portfolio);
      }
    }
    // A body that is there but is not JSON is still refused.
    const bad = await m.alice.post(`/v1/strategies/${aliceQuantum}/optimize`, "{not json", {
      "Content-Type": "application/json",
    });
    expect(bad.status).toBe(400);
    expectError(await bad.json());
  });

  it("tiltExponent=0 is equal weight; maxWeight caps every weight", async () => {
    const m = makeMock();
    const equal = await call(m, `/v1/strategies/${aliceQuantum}/optimize?tiltExponent=0`);
    expect(equal.status).toBe(200);
    for (const e of equal.json.portfolio) expect(e.weight).toBeCloseTo(1 / 3, 12);
    const capped = await call(m, `/v1/strategies/${aliceQuantum}/optimize?maxWeight=0.34&tiltExponent=4`);
    expect(capped.status).toBe(200);
    expectResult(capped.json);
    for (const e of capped.json.portfolio) expect(e.weight).toBeLessThanOrEqual(0.34 + 1e-12);
  });

  it("topN keeps the top companies by the signal, minMarketCap drops small ones; both reported in warnings", async () => {
    const m = makeMock();
    const companies = await companiesOf(m, aliceQuantum);
    const top = await call(m, `/v1/strategies/${aliceQuantum}/optimize?topN=2`);
    expect(top.status).toBe(200);
    const byScore = [...companies].sort(
      (a, b) => (b.convictionScore ?? 0) - (a.convictionScore ?? 0) || (a.id < b.id ? -1 : 1),
    );
    expect(top.json.portfolio.map((e) => e.id).sort()).toEqual(
      byScore
        .slice(0, 2)
        .map((c) => c.id)
        .sort(),
    );
    expect(top.json.warnings.some((w) => w.includes(byScore[2]!.id) && w.includes("top 2"))).toBe(true);
    const big = await call(m, `/v1/strategies/${aliceQuantum}/optimize?minMarketCap=1000000000`);
    expect(big.status).toBe(200);
    expect(big.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QBIT"]);
    expect(big.json.warnings.some((w) => w.includes("QSOFT"))).toBe(true);
  });

  it("signalType=linguisticBeta weights by linguistic beta (equal in this strategy)", async () => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?signalType=linguisticBeta`);
    expect(r.status).toBe(200);
    for (const e of r.json.portfolio) expect(e.weight).toBeCloseTo(1 / 3, 12);
  });

  it("riskDiversification > 0 runs the correlation overlay (solver reported)", async () => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?riskDiversification=0.5&maxWeight=0.6`);
    expect(r.status).toBe(200);
    expectResult(r.json);
    expect(r.json.solver?.status).toBe("optimal");
    for (const e of r.json.portfolio) expect(e.weight).toBeLessThanOrEqual(0.6 + 1e-9);
  });

  it("body companyIds restricts the set; an id outside the strategy or not a uuid is 400", async () => {
    const m = makeMock();
    const sub = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, {
      companyIds: [id("cryo"), id("qsoft"), id("cryo")],
    });
    expect(sub.status).toBe(200);
    expect(sub.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QSOFT"]);
    const upper = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, {
      companyIds: [id("cryo").toUpperCase(), id("qsoft")],
    });
    expect(upper.json.portfolio.map((e) => e.id).sort()).toEqual(sub.json.portfolio.map((e) => e.id).sort());
    const all = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, { companyIds: [] });
    expect(all.json.portfolio).toHaveLength(3);
    const outside = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, { companyIds: [id("qbit"), id("bank")] });
    expect(outside.status).toBe(400);
    expect(outside.json.error).toMatch(/^body\.companyIds\[1\]: .* is not in strategy/);
    const malformed = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, { companyIds: ["QBIT"] });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/^body\.companyIds\[0\]: /);
  });

  it("the body may also be a plain JSON array of company ids, read as {companyIds}", async () => {
    const m = makeMock();
    for (const v of ["v1", "v2"]) {
      const plain = await call(m, `/${v}/strategies/${aliceQuantum}/optimize`, [id("cryo"), id("qsoft")]);
      expect(plain.status).toBe(200);
      expect(plain.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QSOFT"]);
    }
    const empty = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, []);
    expect(empty.json.portfolio).toHaveLength(3);
    const mean = await call(m, `/v1/strategies/${aliceQuantum}/optimized-portfolio?maxWeight=0.6&minMarketCap=1`, [
      id("qsoft"),
      id("cryo"),
    ]);
    expect(mean.status).toBe(200);
    expect(mean.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QSOFT"]);
    const bad = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, [id("qbit"), "QBIT"]);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^body\[1\]: /);
    const outside = await call(m, `/v1/strategies/${aliceQuantum}/optimize`, [id("bank")]);
    expect(outside.status).toBe(400);
  });

  it.each([
    ["minMarketCap=-1", "minMarketCap"],
    ["signalType=price", "signalType"],
    ["tiltExponent=10.5", "tiltExponent"],
    ["tiltExponent=-1", "tiltExponent"],
    ["maxWeight=0", "maxWeight"],
    ["maxWeight=1.01", "maxWeight"],
    ["minWeight=-0.1", "minWeight"],
    ["minWeight=2", "minWeight"],
    ["riskDiversification=1.5", "riskDiversification"],
    ["riskFreeRate=abc", "riskFreeRate"],
    ["riskFreeRate=-1", "riskFreeRate"],
    ["topN=1", "topN"],
    ["topN=2.5", "topN"],
  ])("400 for %s naming the parameter", async (q, name) => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?${q}`);
    expect(r.status).toBe(400);
    expectError(r.json);
    expect(r.json.error).toMatch(new RegExp(`^query\\.${name}: `));
  });

  it("an infeasible bound is 400 with the engine's message", async () => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?maxWeight=0.2`);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/maxWeight cannot hold: 3 companies/);
    const min = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?minWeight=0.5`);
    expect(min.status).toBe(400);
    expect(min.json.error).toMatch(/minWeight/);
  });

  it("is deterministic: the same request gives the same answer (memoised or not)", async () => {
    const a = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize?tiltExponent=2&maxWeight=0.5`);
    const m = makeMock();
    const b = await call(m, `/v1/strategies/${aliceQuantum}/optimize?tiltExponent=2&maxWeight=0.5`);
    const c = await call(m, `/v1/strategies/${aliceQuantum}/optimize?maxWeight=0.5&tiltExponent=2`);
    expect(b.json).toEqual(a.json);
    expect(c.json).toEqual(a.json);
  });

  it("accepts another user's public strategy and premade strategy ids", async () => {
    const m = makeMock();
    const pub = await call(m, `/v1/strategies/${bobWater}/optimize`);
    expect(pub.status).toBe(200);
    expect(pub.json.portfolio.map((e) => e.symbol).sort()).toEqual(["AQUA", "DESAL", "PIPES"]);
    const pre = await call(m, `/v1/strategies/${premade}/optimize`);
    expect(pre.status).toBe(200);
    expectResult(pre.json);
    expect(pre.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QBIT"]);
  });

  it("404 for an invisible or unknown strategy, 400 for a non-uuid id, 401 without a key", async () => {
    const m = makeMock();
    expect((await call(m, `/v1/strategies/${bobPrivate}/optimize`)).status).toBe(404);
    expect((await call(m, `/v1/strategies/${id("nope")}/optimize`)).status).toBe(404);
    expect((await call(m, "/v1/strategies/nope/optimize")).status).toBe(400);
    expect((await m.anonymous.post(`/v1/strategies/${aliceQuantum}/optimize`)).status).toBe(401);
  });

  it("202 {error} telling the client to poll while the build runs, 200 once it is done; a second submit meanwhile is 423", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(
      await m.alice.post("/v1/strategies", { name: "q", objective: "quantum computing and qubit hardware" }),
    );
    expect((await m.alice.post(`/v1/strategies/${created.id}/submit`)).status).toBe(200);
    const early = await call(m, `/v1/strategies/${created.id}/optimize`);
    expect(early.status).toBe(202);
    expectError(early.json);
    expect(early.json.error).toMatch(/poll/);
    expect((await call(m, `/v1/strategies/${created.id}/optimized-portfolio?maxWeight=1`)).status).toBe(202);
    expect((await m.alice.post(`/v1/strategies/${created.id}/submit`)).status).toBe(423);
    m.clock.advance(4000);
    const done = await call(m, `/v1/strategies/${created.id}/optimize`);
    expect(done.status).toBe(200);
    expectResult(done.json);
    const ids = (await companiesOf(m, created.id)).map((c) => c.id);
    for (const e of done.json.portfolio) expect(ids).toContain(e.id);
  });

  it("409 when the strategy was never submitted or its build failed (polling would never end)", async () => {
    const m = makeMock();
    const never = await call(m, `/v1/strategies/${bobPrivate}/optimize`, undefined, "bob");
    expect(never.status).toBe(409);
    expect(never.json.error).toMatch(/never been submitted/);
    const failing = await body<{ id: string }>(
      await m.alice.post("/v1/strategies", { name: "f", objective: "quantum computing mock:fail" }),
    );
    await m.alice.post(`/v1/strategies/${failing.id}/submit`);
    m.clock.advance(4000);
    const failed = await call(m, `/v1/strategies/${failing.id}/optimize`);
    expect(failed.status).toBe(409);
    expect(failed.json.error).toMatch(/failed \(status -1\)/);
  });
});

describe("POST /v2/strategies/{id}/optimize (as v1, docs/parity.md)", () => {
  it("answers what v1 answers for the same strategy and query, including 202 while building and 404 when invisible", async () => {
    const m = makeMock();
    for (const path of [
      `/strategies/${aliceQuantum}/optimize?tiltExponent=2`,
      `/strategies/${premade}/optimize?signalType=linguisticBeta`,
    ]) {
      const [v1, v2] = [await call(m, `/v1${path}`), await call(m, `/v2${path}`)];
      expect(v2.status, path).toBe(200);
      expect(v2.json).toEqual(v1.json);
    }
    expect((await call(m, `/v2/strategies/${bobPrivate}/optimize`)).status).toBe(404);
  });
});

describe("POST /v1/strategies/{id}/optimized-portfolio (mean-CVaR)", () => {
  it("200 with a certified optimum within the bounds", async () => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio?maxWeight=0.5`);
    expect(r.status).toBe(200);
    expectResult(r.json);
    expect(r.json.solver?.status).toBe("optimal");
    for (const e of r.json.portfolio) expect(e.weight).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(r.json.metadata.cvar).toBeGreaterThanOrEqual(0);
    // The term report (docs/parity.md): the engine's, as extra metadata fields; the score tilt has none.
    expect(r.json.metadata.objectiveTerms).toHaveLength(4);
    expect(r.json.metadata.objectiveTerms![2]!.value).toBeCloseTo(r.json.metadata.cvar!, 12);
    expect(
      (await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimize`)).json.metadata.objectiveTerms,
    ).toBeUndefined();
  });

  it("two eligible companies under maxWeight 0.5 must be 50/50 (forced by the constraints)", async () => {
    const r = await call(
      makeMock(),
      `/v1/strategies/${aliceQuantum}/optimized-portfolio?minMarketCap=1000000000&maxWeight=0.5`,
    );
    expect(r.status).toBe(200);
    expect(r.json.portfolio.map((e) => [e.symbol, Number(e.weight.toFixed(9))]).sort()).toEqual([
      ["CRYO", 0.5],
      ["QBIT", 0.5],
    ]);
    expect(r.json.warnings.some((w) => w.includes("QSOFT"))).toBe(true);
  });

  it("minHoldings with minActiveWeight forces that many active holdings", async () => {
    const q = "minActiveWeight=0.2&maxWeight=0.6&returnMultiplier=50&buzzPenalty=0";
    // Without the requirement binding, the optimum holds two companies (so the check below can fail).
    const free = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio?minHoldings=2&${q}`);
    expect(free.json.portfolio).toHaveLength(2);
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio?minHoldings=3&${q}`);
    expect(r.status).toBe(200);
    expect(r.json.portfolio.filter((e) => e.weight >= 0.2 - 1e-9)).toHaveLength(3);
  });

  it("a solve stopped by the time limit answers 200 with feasible weights, status time-limit and a warning", async () => {
    const q = "minHoldings=3&minActiveWeight=0.2&maxWeight=0.6&returnMultiplier=50&buzzPenalty=0";
    // 1 ms: the limit passes during the LP phase, so the binding cardinality MILP never runs.
    const r = await call(
      makeMock({ optimizerTimeLimitMs: 1 }),
      `/v1/strategies/${aliceQuantum}/optimized-portfolio?${q}`,
    );
    expect(r.status).toBe(200);
    expectResult(r.json);
    expect(r.json.solver?.status).toBe("time-limit");
    expect(r.json.solver!.gap).toBeGreaterThanOrEqual(0);
    expect(r.json.portfolio.filter((e) => e.weight >= 0.2 - 1e-9)).toHaveLength(3);
    expect(r.json.warnings.some((w) => w.startsWith("the solver stopped at the time limit (0.001 s)"))).toBe(true);
    const unlimited = await call(
      makeMock({ optimizerTimeLimitMs: 0 }),
      `/v1/strategies/${aliceQuantum}/optimized-portfolio?${q}`,
    );
    expect(unlimited.json.solver?.status).toBe("optimal");
    expect(r.json.solver!.objective).toBeLessThanOrEqual(unlimited.json.solver!.objective + 1e-9);
  });

  it("the default maxWeight (0.2) is infeasible for 3 companies: 400 with the engine's message", async () => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio`);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(
      "maxWeight cannot hold: 3 eligible companies × maxWeight 0.2 (default) = 0.6 < 1; raise maxWeight to at least 0.333333 or include more companies",
    );
    const k = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio?minHoldings=4&maxWeight=1`);
    expect(k.status).toBe(400);
    expect(k.json.error).toMatch(/minHoldings 4 exceeds the 3 eligible companies/);
  });

  it.each([
    ["minMarketCap=0", "minMarketCap"],
    ["minMarketCap=x", "minMarketCap"],
    ["returnMultiplier=0", "returnMultiplier"],
    ["linguisticBetaWeight=-0.01", "linguisticBetaWeight"],
    ["linguisticBetaWeight=1.01", "linguisticBetaWeight"],
    ["riskFreeRate=-2", "riskFreeRate"],
    ["minHoldings=1", "minHoldings"],
    ["minHoldings=2.5", "minHoldings"],
    ["minActiveWeight=0.0001", "minActiveWeight"],
    ["minActiveWeight=1.5", "minActiveWeight"],
    ["maxWeight=0", "maxWeight"],
    ["maxWeight=1.5", "maxWeight"],
    ["buzzPenalty=-0.5", "buzzPenalty"],
    ["buzzPenalty=1.5", "buzzPenalty"],
  ])("400 for %s naming the parameter", async (q, name) => {
    const r = await call(makeMock(), `/v1/strategies/${aliceQuantum}/optimized-portfolio?${q}`);
    expect(r.status).toBe(400);
    expectError(r.json);
    expect(r.json.error).toMatch(new RegExp(`^query\\.${name}: `));
  });

  it("accepts the inclusive bounds", async () => {
    const r = await call(
      makeMock(),
      `/v1/strategies/${aliceQuantum}/optimized-portfolio?minMarketCap=1&returnMultiplier=0.001&linguisticBetaWeight=1&riskFreeRate=0.05&minHoldings=2&minActiveWeight=0.00011&maxWeight=1&buzzPenalty=1`,
    );
    expect(r.status).toBe(200);
    expectResult(r.json);
    const zero = await call(
      makeMock(),
      `/v1/strategies/${aliceQuantum}/optimized-portfolio?linguisticBetaWeight=0&buzzPenalty=0&maxWeight=0.5`,
    );
    expect(zero.status).toBe(200);
  });

  it("body companyIds restricts the set (empty = all); premade ids and public strategies work; 404 when invisible", async () => {
    const m = makeMock();
    const sub = await call(m, `/v1/strategies/${aliceQuantum}/optimized-portfolio?maxWeight=0.5&minMarketCap=1`, {
      companyIds: [id("qsoft"), id("cryo")],
    });
    expect(sub.status).toBe(200);
    expect(sub.json.portfolio.map((e) => e.symbol).sort()).toEqual(["CRYO", "QSOFT"]);
    expect(
      (await call(m, `/v1/strategies/${aliceQuantum}/optimized-portfolio?maxWeight=0.5`, { companyIds: [] })).json
        .portfolio.length,
    ).toBeGreaterThanOrEqual(2);
    expect((await call(m, `/v1/strategies/${premade}/optimized-portfolio?maxWeight=0.5`)).status).toBe(200);
    expect((await call(m, `/v1/strategies/${bobWater}/optimized-portfolio?maxWeight=0.5`)).status).toBe(200);
    expect((await call(m, `/v1/strategies/${bobPrivate}/optimized-portfolio`)).status).toBe(404);
    const outside = await call(m, `/v1/strategies/${aliceQuantum}/optimized-portfolio`, { companyIds: [id("bank")] });
    expect(outside.status).toBe(400);
    expect(outside.json.error).toMatch(/^body\.companyIds\[0\]/);
  });
});

describe("OpenAPI document", () => {
  it("documents both optimizers; optimized-portfolio's eight parameters in the contract's order with their bounds", async () => {
    const doc = (await (await makeMock().app.request("/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          post: {
            parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    const op = doc.paths["/v1/strategies/{id}/optimized-portfolio"]!.post;
    const query = op.parameters.filter((p) => p.in === "query");
    expect(query.map((p) => p.name)).toEqual([
      "minMarketCap",
      "returnMultiplier",
      "linguisticBetaWeight",
      "riskFreeRate",
      "minHoldings",
      "minActiveWeight",
      "maxWeight",
      "buzzPenalty",
    ]);
    const schema = (name: string) => query.find((p) => p.name === name)!.schema;
    expect(schema("minActiveWeight")).toMatchObject({ exclusiveMinimum: 0.0001 });
    expect(schema("maxWeight")).toMatchObject({ exclusiveMinimum: 0, maximum: 1 });
    expect(schema("minHoldings")).toMatchObject({ type: "integer", minimum: 2 });
    expect(Object.keys(op.responses).sort()).toEqual(["200", "202", "400", "401", "404", "409", "413", "429", "503"]);
    const tilt = doc.paths["/v1/strategies/{id}/optimize"]!.post.parameters.filter((p) => p.in === "query").map(
      (p) => p.name,
    );
    expect(tilt).toEqual([
      "minMarketCap",
      "signalType",
      "tiltExponent",
      "maxWeight",
      "minWeight",
      "riskDiversification",
      "riskFreeRate",
      "topN",
    ]);
  });
});

describe("properties", () => {
  const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  const unit = fc.double({ min: 0, max: 1, noNaN: true });
  const queryString = (params: Record<string, number | string | undefined>) =>
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join("&");

  // Inside every documented bound and feasible for this strategy's 3 companies (n·maxWeight >= 1, n·minWeight <= 1).
  const tiltParams = fc.record({
    minMarketCap: opt(fc.constantFrom(0, 1, 5e8)),
    signalType: opt(fc.constantFrom("convictionScore", "linguisticBeta", "marketBuzz")),
    tiltExponent: opt(fc.double({ min: 0, max: 10, noNaN: true })),
    maxWeight: opt(fc.double({ min: 0.34, max: 1, noNaN: true })),
    minWeight: opt(fc.double({ min: 0, max: 0.33, noNaN: true })),
    riskDiversification: opt(unit),
    riskFreeRate: opt(fc.double({ min: -0.5, max: 0.2, noNaN: true })),
    topN: opt(fc.constant(3)),
  });
  const cvarParams = fc.record({
    minMarketCap: opt(fc.constantFrom(1, 5e8, 7.9e8)),
    returnMultiplier: opt(fc.double({ min: 0.001, max: 10, noNaN: true })),
    linguisticBetaWeight: opt(unit),
    riskFreeRate: opt(fc.double({ min: -0.5, max: 0.2, noNaN: true })),
    minHoldings: opt(fc.constantFrom(2, 3)),
    minActiveWeight: opt(fc.double({ min: 0.00011, max: 0.33, noNaN: true })),
    maxWeight: opt(fc.double({ min: 0.34, max: 1, noNaN: true })),
    buzzPenalty: opt(unit),
  });

  it("optimize: any in-bounds query gives weights summing to 1 within [minWeight, maxWeight], at most topN", async () => {
    const m = makeMock();
    await fc.assert(
      fc.asyncProperty(tiltParams, async (params) => {
        const r = await call(m, `/v1/strategies/${aliceQuantum}/optimize?${queryString(params)}`);
        expect(r.status, r.json.error).toBe(200);
        expectResult(r.json);
        for (const e of r.json.portfolio) {
          expect(e.weight).toBeLessThanOrEqual((params.maxWeight ?? 1) + 1e-9);
          expect(e.weight).toBeGreaterThanOrEqual((params.minWeight ?? 0) - 1e-9);
        }
        expect(r.json.portfolio.length).toBeLessThanOrEqual(params.topN ?? 3);
        expect(r.json.solver === undefined).toBe(!((params.riskDiversification ?? 0) > 0));
      }),
      { numRuns: 50 },
    );
  });

  it("optimized-portfolio: any in-bounds feasible query gives a certified optimum meeting every constraint", async () => {
    const m = makeMock();
    await fc.assert(
      fc.asyncProperty(cvarParams, async (params) => {
        const r = await call(
          m,
          `/v1/strategies/${aliceQuantum}/optimized-portfolio?${queryString({ ...params, maxWeight: params.maxWeight ?? 0.5 })}`,
        );
        expect(r.status, r.json.error).toBe(200);
        expectResult(r.json);
        expect(r.json.solver?.status).toBe("optimal");
        for (const e of r.json.portfolio) expect(e.weight).toBeLessThanOrEqual((params.maxWeight ?? 0.5) + 1e-7);
        const active = r.json.portfolio.filter((e) => e.weight >= (params.minActiveWeight ?? 0.01) - 1e-7).length;
        expect(active).toBeGreaterThanOrEqual(params.minHoldings ?? 2);
      }),
      { numRuns: 30 },
    );
  });

  /** One parameter out of its bound (or not a number), the others in bounds: 400 naming exactly that parameter. */
  const broken = (bad: Record<string, fc.Arbitrary<number | string>>) =>
    fc.constantFrom(...Object.keys(bad)).chain((name) => bad[name]!.map((value) => ({ name, value })));
  const notNumber = fc.constantFrom("abc", "1e", "NaN", "Infinity", "0x", "--1");

  it("optimize: one out-of-bounds parameter is a 400 naming it", async () => {
    const m = makeMock();
    const bad = broken({
      minMarketCap: fc.oneof(fc.double({ max: -1e-9, noNaN: true, noDefaultInfinity: true }), notNumber),
      tiltExponent: fc.oneof(
        fc.double({ min: 10.000001, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: -1e-9, noNaN: true }),
      ),
      maxWeight: fc.oneof(
        fc.double({ min: -5, max: 0, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      minWeight: fc.oneof(
        fc.double({ min: -5, max: -1e-9, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      riskDiversification: fc.oneof(
        fc.double({ min: -5, max: -1e-9, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      riskFreeRate: fc.oneof(fc.double({ min: -1e6, max: -1, noNaN: true }), notNumber),
      topN: fc.oneof(fc.integer({ min: -5, max: 1 }), fc.double({ min: 2.01, max: 2.99, noNaN: true })),
      signalType: fc.constantFrom("score", "CONVICTIONSCORE", ""),
    });
    await fc.assert(
      fc.asyncProperty(tiltParams, bad, async (params, { name, value }) => {
        const r = await call(m, `/v1/strategies/${aliceQuantum}/optimize?${queryString({ ...params, [name]: value })}`);
        expect(r.status).toBe(400);
        expectError(r.json);
        expect(r.json.error).toMatch(new RegExp(`^query\\.${name}: [^;]*$`));
      }),
      { numRuns: 60 },
    );
  });

  it("optimized-portfolio: one out-of-bounds parameter is a 400 naming it", async () => {
    const m = makeMock();
    const bad = broken({
      minMarketCap: fc.oneof(fc.double({ min: -1e12, max: 0, noNaN: true }), notNumber),
      returnMultiplier: fc.oneof(fc.double({ min: -10, max: 0, noNaN: true }), notNumber),
      linguisticBetaWeight: fc.oneof(
        fc.double({ min: -5, max: -1e-9, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      riskFreeRate: fc.oneof(fc.double({ min: -1e6, max: -1, noNaN: true }), notNumber),
      minHoldings: fc.oneof(fc.integer({ min: -5, max: 1 }), fc.double({ min: 2.01, max: 2.99, noNaN: true })),
      minActiveWeight: fc.oneof(
        fc.double({ min: -1, max: 0.0001, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      maxWeight: fc.oneof(
        fc.double({ min: -5, max: 0, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
      buzzPenalty: fc.oneof(
        fc.double({ min: -5, max: -1e-9, noNaN: true }),
        fc.double({ min: 1.000001, max: 5, noNaN: true }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(cvarParams, bad, async (params, { name, value }) => {
        const r = await call(
          m,
          `/v1/strategies/${aliceQuantum}/optimized-portfolio?${queryString({ ...params, [name]: value })}`,
        );
        expect(r.status).toBe(400);
        expectError(r.json);
        expect(r.json.error).toMatch(new RegExp(`^query\\.${name}: [^;]*$`));
      }),
      { numRuns: 60 },
    );
  });
});
