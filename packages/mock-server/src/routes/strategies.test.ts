import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { expectCompany, expectError, expectEvidence, expectStrategyV1 } from "../_test/contractShapes.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";

type S = Record<string, unknown> & { id: string; status: number; completed: boolean };

const aliceQuantum = id("alice-quantum");
const bobWater = id("bob-water");
const bobPrivate = id("bob-private");

async function createAndBuild(m: ReturnType<typeof makeMock>, input: Record<string, unknown>): Promise<S> {
  const created = await body<S>(await m.alice.post("/v1/strategies", input));
  expect((await m.alice.post(`/v1/strategies/${created.id}/submit`)).status).toBe(200);
  m.clock.advance(4000);
  return created;
}

describe("GET /v1/strategies", () => {
  it("lists the caller's own strategies by default, v1 shape", async () => {
    const m = makeMock();
    const r = await m.alice.get("/v1/strategies");
    expect(r.status).toBe(200);
    const list = await body<S[]>(r);
    expect(list.map((s) => s.id)).toEqual([aliceQuantum]);
    list.forEach(expectStrategyV1);
  });

  it("scope=public is the public, completed catalog; scope=all is both without duplicates", async () => {
    const m = makeMock();
    expect((await body<S[]>(await m.alice.get("/v1/strategies?scope=public"))).map((s) => s.id)).toEqual([bobWater]);
    expect((await body<S[]>(await m.alice.get("/v1/strategies?scope=all"))).map((s) => s.id).sort()).toEqual(
      [aliceQuantum, bobWater].sort(),
    );
    expect((await body<S[]>(await m.bob.get("/v1/strategies?scope=all"))).map((s) => s.id).sort()).toEqual(
      [bobWater, bobPrivate].sort(),
    );
  });

  it("is an empty array for a user without strategies", async () => {
    const m = makeMock({ extraKeys: [{ key: "fresh-key-123456", userId: null }] });
    const r = await m.client("fresh-key-123456").get("/v1/strategies");
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([]);
  });

  it("rejects an unknown scope with 400 naming the field", async () => {
    const r = await makeMock().alice.get("/v1/strategies?scope=mine");
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toMatch(/^query\.scope: /);
  });
});

describe("auth", () => {
  it.each([
    ["missing", undefined],
    ["malformed", "Token abc"],
    ["empty bearer", "Bearer "],
    ["unknown", "Bearer nope-nope-nope"],
    ["inactive", "Bearer key-carol-000000000003"],
  ])("401 {error} with WWW-Authenticate for a %s key", async (_label, header) => {
    const m = makeMock();
    const r = await m.app.request("/v1/strategies", { headers: header === undefined ? {} : { Authorization: header } });
    expect(r.status).toBe(401);
    expect(r.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    expectError(await r.json());
  });

  it("covers v2 as well, and a key added by option works", async () => {
    const m = makeMock({ extraKeys: [{ key: "alias-of-bob-0001", userId: id("bob") }] });
    expect((await m.anonymous.get("/v2/strategies")).status).toBe(401);
    const list = await body<S[]>(await m.client("alias-of-bob-0001").get("/v1/strategies"));
    expect(list.map((s) => s.id).sort()).toEqual([bobWater, bobPrivate].sort());
  });
});

describe("POST /v1/strategies", () => {
  it("creates a private, unsubmitted strategy: 201, status 0", async () => {
    const m = makeMock();
    const r = await m.alice.post("/v1/strategies", {
      name: "Water",
      objective: "clean water",
      exclusions: ["tobacco"],
    });
    expect(r.status).toBe(201);
    const s = await body<S>(r);
    expectStrategyV1(s);
    expect(s).toMatchObject({
      name: "Water",
      objective: "clean water",
      exclusions: ["tobacco"],
      status: 0,
      completed: false,
      public: false,
      performance: null,
    });
    expect(s.user_id).toBe(id("alice"));
    expect(s.created_at).toBe(new Date(m.clock.now()).toUTCString());
  });

  it.each([
    [{ objective: "x" }, /body\.name/],
    [{ name: "x" }, /body\.objective/],
    [{ name: "x", objective: "y", exclusions: "tobacco" }, /body\.exclusions/],
    [{ name: 1, objective: "y" }, /body\.name/],
    [{ name: "   ", objective: "y" }, /body\.name/],
  ])("400 naming the field for %j", async (input, pattern) => {
    const r = await makeMock().alice.post("/v1/strategies", input);
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toMatch(pattern);
  });

  it("400 for malformed JSON", async () => {
    const r = await makeMock().alice.post("/v1/strategies", "{not json");
    expect(r.status).toBe(400);
    expectError(await r.json());
  });
});

describe("GET /v1/strategies/{id}", () => {
  it("returns the owner's strategy with performance starting at 10000", async () => {
    const r = await makeMock().alice.get(`/v1/strategies/${aliceQuantum}`);
    expect(r.status).toBe(200);
    const s = await body<S & { performance: { timeSeries: number[][]; metadata: { stockCount: number } } }>(r);
    expectStrategyV1(s);
    expect(s.completed).toBe(true);
    expect(s.performance.timeSeries[0]?.[1]).toBe(10000);
    expect(s.performance.metadata.stockCount).toBe(3);
    // weekly points, 604800 s apart
    expect((s.performance.timeSeries[2]?.[0] ?? 0) - (s.performance.timeSeries[1]?.[0] ?? 0)).toBe(604800);
  });

  it("404 for another user's private strategy, 200 for a public one, 400 for a non-uuid", async () => {
    const m = makeMock();
    expect((await m.alice.get(`/v1/strategies/${bobPrivate}`)).status).toBe(404);
    expect((await m.alice.get(`/v1/strategies/${bobWater}`)).status).toBe(200);
    expect((await m.alice.get(`/v1/strategies/${id("nothing")}`)).status).toBe(404);
    const bad = await m.alice.get("/v1/strategies/not-a-uuid");
    expect(bad.status).toBe(400);
    expect((await body<{ error: string }>(bad)).error).toMatch(/^path\.id: /);
  });
});

describe("PATCH /v1/strategies/{id}", () => {
  it("updates the owner's draft", async () => {
    const m = makeMock();
    const r = await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { name: "Renamed", exclusions: ["software"] });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ name: "Renamed", exclusions: ["software"], status: 100 });
  });

  it("403 on another user's public strategy, 404 on a private one", async () => {
    const m = makeMock();
    expect((await m.alice.patch(`/v1/strategies/${bobWater}`, { name: "x" })).status).toBe(403);
    expect((await m.alice.patch(`/v1/strategies/${bobPrivate}`, { name: "x" })).status).toBe(404);
  });

  it("400 for an empty body or an unknown property", async () => {
    const m = makeMock();
    expect((await m.alice.patch(`/v1/strategies/${aliceQuantum}`, {})).status).toBe(400);
    const r = await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { name: "x", public: true });
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toMatch(/public/);
  });
});

describe("submit and the build", () => {
  it("moves status 0 → 1..95 → 100 under the clock; a second submit while running is 423", async () => {
    const m = makeMock();
    const created = await body<S>(
      await m.alice.post("/v1/strategies", { name: "Q", objective: "quantum computing qubit processors" }),
    );
    const submitted = await body<S>(await m.alice.post(`/v1/strategies/${created.id}/submit`));
    expect(submitted.status).toBe(0);
    const statuses: number[] = [];
    for (let t = 0; t < 5; t++) {
      statuses.push((await body<S>(await m.alice.get(`/v1/strategies/${created.id}`))).status);
      if (t === 1) {
        const again = await m.alice.post(`/v1/strategies/${created.id}/submit`);
        expect(again.status).toBe(423);
        expectError(await again.json());
      }
      m.clock.advance(1000);
    }
    expect(statuses).toEqual([0, 24, 48, 72, 100]);
    const done = await body<S>(await m.alice.get(`/v1/strategies/${created.id}`));
    expect(done.completed).toBe(true);
    expect((await m.alice.post(`/v1/strategies/${created.id}/submit`)).status).toBe(200); // re-run allowed once done
  });

  it("selects companies by relevance; exclusions remove matching companies", async () => {
    const m = makeMock();
    const plain = await createAndBuild(m, { name: "W", objective: "clean water treatment and filtration" });
    const withExclusion = await createAndBuild(m, {
      name: "W2",
      objective: "clean water treatment and filtration",
      exclusions: ["tobacco"],
    });
    const names = async (s: S) =>
      (await body<Array<{ name: string }>>(await m.alice.get(`/v1/strategies/${s.id}/companies`))).map((c) => c.name);
    const before = await names(plain);
    const after = await names(withExclusion);
    expect(before).toContain("AquaPure");
    expect(before).not.toContain("First Ledger Bank");
    expect(before).toContain("Leaf & Smoke");
    expect(after).not.toContain("Leaf & Smoke");
    expect(after.length).toBe(before.length - 1);
  });

  it("a magic phrase makes the build fail (-1, -2); performance stays null", async () => {
    const m = makeMock();
    const failed = await createAndBuild(m, { name: "F", objective: "quantum computing mock:fail" });
    const permanent = await createAndBuild(m, { name: "P", objective: "quantum computing mock:fail-permanently" });
    expect(await body(await m.alice.get(`/v1/strategies/${failed.id}`))).toMatchObject({
      status: -1,
      completed: false,
      performance: null,
    });
    expect(await body(await m.alice.get(`/v1/strategies/${permanent.id}`))).toMatchObject({
      status: -2,
      completed: false,
    });
    expect(await body(await m.alice.get(`/v1/strategies/${failed.id}/companies`))).toEqual([]);
  });

  it("an objective matching no company fails with -1", async () => {
    const m = makeMock();
    const s = await createAndBuild(m, { name: "N", objective: "zzz qqq" });
    expect((await body<S>(await m.alice.get(`/v1/strategies/${s.id}`))).status).toBe(-1);
  });

  it("403 submitting someone else's public strategy, 404 for a private one", async () => {
    const m = makeMock();
    expect((await m.alice.post(`/v1/strategies/${bobWater}/submit`)).status).toBe(403);
    expect((await m.alice.post(`/v1/strategies/${bobPrivate}/submit`)).status).toBe(404);
  });
});

describe("GET /v1/strategies/{id}/companies", () => {
  it("returns contract companies ranked by conviction, reasoning only on request", async () => {
    const m = makeMock();
    const plain = await body<Array<Record<string, unknown> & { convictionScore: number }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies`),
    );
    expect(plain.length).toBe(3);
    plain.forEach((c) => expectCompany(c, false));
    for (let i = 1; i < plain.length; i++)
      expect(plain[i - 1]!.convictionScore).toBeGreaterThanOrEqual(plain[i]!.convictionScore);
    const withReasoning = await body<unknown[]>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies?includeReasoning=true`),
    );
    withReasoning.forEach((c) => expectCompany(c, true));
  });

  it("scoringMinMarketCap gives companies below it a conviction of 0", async () => {
    const m = makeMock();
    const list = await body<Array<{ marketCap: number; convictionScore: number }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies?scoringMinMarketCap=5000000000`),
    );
    expect(list.some((c) => c.marketCap < 5e9)).toBe(true);
    for (const c of list) expect(c.convictionScore === 0).toBe(c.marketCap < 5e9);
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/companies?scoringMinMarketCap=-1`)).status).toBe(400);
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/companies?includeReasoning=yes-please`)).status).toBe(
      400,
    );
  });

  it("is empty before the build is done", async () => {
    const m = makeMock();
    const s = await body<S>(await m.alice.post("/v1/strategies", { name: "Q", objective: "quantum" }));
    expect(await body(await m.alice.get(`/v1/strategies/${s.id}/companies`))).toEqual([]);
  });
});

describe("GET /v1/strategies/{id}/companies/{companyId}", () => {
  it("evidence for an included company, isIncluded false for another, 404 for an unknown one", async () => {
    const m = makeMock();
    const included = await body<{ isIncluded: boolean; summaries: unknown[] }>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies/${id("qbit")}`),
    );
    expectEvidence(included);
    expect(included.isIncluded).toBe(true);
    expect(included.summaries.length).toBe(1); // the premade evidence about Qubit Labs
    const other = await body<{ isIncluded: boolean }>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies/${id("bank")}`),
    );
    expectEvidence(other);
    expect(other.isIncluded).toBe(false);
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/companies/${id("nobody")}`)).status).toBe(404);
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/companies/123`)).status).toBe(400);
  });
});

describe("DELETE /v1/strategies/{id} (archive) and revive", () => {
  it("archives: gone from v1 reads and lists, revivable within 30 days", async () => {
    const m = makeMock();
    const r = await m.alice.del(`/v1/strategies/${aliceQuantum}`);
    expect(r.status).toBe(200);
    const archived = await body<{ archived_at: string; permanent_delete_at: string }>(r);
    expect(Date.parse(archived.permanent_delete_at) - Date.parse(archived.archived_at)).toBe(30 * 86400 * 1000);
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}`)).status).toBe(404);
    expect(await body(await m.alice.get("/v1/strategies"))).toEqual([]);
    expect((await m.alice.del(`/v1/strategies/${aliceQuantum}`)).status).toBe(404);
    m.clock.advance(29 * 86400 * 1000);
    const revived = await m.alice.post(`/v1/strategies/${aliceQuantum}/revive`);
    expect(revived.status).toBe(200);
    expectStrategyV1(await revived.json());
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}`)).status).toBe(200);
    expect((await m.alice.post(`/v1/strategies/${aliceQuantum}/revive`)).status).toBe(400); // not archived
  });

  it("is permanently gone 30 days after archiving (revive 404)", async () => {
    const m = makeMock();
    await m.alice.del(`/v1/strategies/${aliceQuantum}`);
    m.clock.advance(30 * 86400 * 1000);
    expect((await m.alice.post(`/v1/strategies/${aliceQuantum}/revive`)).status).toBe(404);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}`)).status).toBe(404);
  });

  it("403 deleting someone else's public strategy; others cannot revive", async () => {
    const m = makeMock();
    expect((await m.alice.del(`/v1/strategies/${bobWater}`)).status).toBe(403);
    await m.bob.del(`/v1/strategies/${bobWater}`);
    expect((await m.alice.post(`/v1/strategies/${bobWater}/revive`)).status).toBe(404);
  });
});

describe("GET /v1/strategies/{id}/historical-data", () => {
  it("the strategy's selection and scoring as of a date, with includeReasoning and scoringMinMarketCap", async () => {
    const m = makeMock();
    const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/historical-data?date=2025-04-15`);
    expect(r.status).toBe(200);
    const list = await body<Array<{ id: string; convictionScore: number; reasoning?: string }>>(r);
    expect(list.length).toBeGreaterThan(0);
    list.forEach((c) => expectCompany(c, false));
    const reasoned = await body<Array<{ id: string; reasoning: string }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/historical-data?date=2025-04-15&includeReasoning=true`),
    );
    reasoned.forEach((c) => expectCompany(c, true));
    expect(reasoned.every((c) => c.reasoning.startsWith("As of 2025-04-15"))).toBe(true);
    const floor = await body<Array<{ id: string; convictionScore: number }>>(
      await m.alice.get(
        `/v1/strategies/${aliceQuantum}/historical-data?date=2025-04-15&scoringMinMarketCap=1000000000000`,
      ),
    );
    expect(floor.every((c) => c.convictionScore === 0)).toBe(true);
    // the date of the live run reads that run (the fixtures' constituents)
    const live = await body<Array<{ id: string }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/historical-data?date=2025-03-01`),
    );
    expect(live.map((c) => c.id).sort()).toEqual([id("qbit"), id("cryo"), id("qsoft")].sort());
  });

  it("400: missing, malformed or future date; 404: invisible; empty before a completed run", async () => {
    const m = makeMock();
    for (const q of ["", "date=2025-02-30", "date=2025-06-03"]) {
      const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/historical-data?${q}`);
      expect(r.status, q).toBe(400);
      expect((await body<{ error: string }>(r)).error).toMatch(/^query\.date: /);
    }
    expect((await m.alice.get(`/v1/strategies/${bobPrivate}/historical-data?date=2025-04-15`)).status).toBe(404);
    expect(await body(await m.bob.get(`/v1/strategies/${bobPrivate}/historical-data?date=2025-04-15`))).toEqual([]);
  });
});

describe("GET /v1/strategies/{id}/performance", () => {
  it("conviction-weighted NAV of the top companies from 10000, with top and min_market_cap", async () => {
    const m = makeMock();
    const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/performance`);
    expect(r.status).toBe(200);
    const p = await body<{ metadata: Record<string, number>; timeSeries: number[][] }>(r);
    expect(p.timeSeries[0]?.[1]).toBe(10000);
    expect(p.metadata.stockCount).toBe(3);
    for (const k of ["returns", "variance", "sharpeRatio", "maxDrawdown"])
      expect(Number.isFinite(p.metadata[k])).toBe(true);
    expect(p.metadata.maxDrawdown).toBeLessThanOrEqual(0);
    // The service's Sharpe ratio (docs/maths.md#service-sharpe-ratio), here and in the strategy objects' performance (v1 and v2).
    expect(p.metadata.sharpeRatio).toBe(p.metadata.annualizedReturn! / p.metadata.variance!);
    for (const v of ["v1", "v2"]) {
      const s = await body<{ performance: { metadata: Record<string, number> } }>(
        await m.alice.get(`/${v}/strategies/${aliceQuantum}`),
      );
      expect(s.performance.metadata.sharpeRatio).toBe(
        s.performance.metadata.annualizedReturn! / s.performance.metadata.variance!,
      );
    }
    const top1 = await body<{ metadata: Record<string, number> }>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/performance?top=1`),
    );
    expect(top1.metadata.stockCount).toBe(1);
    const big = await body<{ metadata: Record<string, number> }>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/performance?min_market_cap=1000000000`),
    );
    expect(big.metadata.stockCount).toBe(2); // qsoft is 800M
    expect(
      await body(await m.alice.get(`/v1/strategies/${aliceQuantum}/performance?min_market_cap=1000000000000`)),
    ).toEqual({ metadata: {}, timeSeries: [] });
    for (const q of ["top=0", "top=x", "min_market_cap=-1", "min_market_cap=1.5"])
      expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/performance?${q}`)).status, q).toBe(400);
  });
});

describe("GET /v1/strategies/{id}/evidences", () => {
  it("the evidence of every company of the finished build, in conviction order", async () => {
    const m = makeMock();
    const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/evidences`);
    expect(r.status).toBe(200);
    const { evidences } = await body<{ evidences: Array<{ companyId: string; isIncluded: boolean }> }>(r);
    const companies = await body<Array<{ id: string }>>(await m.alice.get(`/v1/strategies/${aliceQuantum}/companies`));
    expect(evidences.map((e) => e.companyId)).toEqual(companies.map((c) => c.id));
    evidences.forEach(({ companyId: _companyId, ...e }) => expectEvidence(e));
    expect(evidences.every((e) => e.isIncluded)).toBe(true);
    expect((await m.alice.get(`/v1/strategies/${bobPrivate}/evidences`)).status).toBe(404);
  });
});

describe("versions (v1)", () => {
  it("lists versions newest first; others see only the active version of a public strategy", async () => {
    const m = makeMock();
    await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { objective: "quantum error correction software" });
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    const versions = await body<Array<{ version_id: string; created_at: string; is_active: boolean; status: number }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/versions`),
    );
    expect(versions.length).toBe(2);
    expect(versions[0]?.is_active).toBe(true);
    expect(versions[1]?.version_id).toBe(id("alice-quantum-v1"));
    expect(versions[1]?.created_at).toBe("Sat, 01 Mar 2025 00:00:00 GMT");
    const one = await m.alice.get(`/v1/strategies/${aliceQuantum}/versions/${id("alice-quantum-v1")}`);
    expect(await body(one)).toMatchObject({
      version_id: id("alice-quantum-v1"),
      status: 100,
      is_active: false,
      runs_count: 1,
    });
    expect((await m.alice.get(`/v1/strategies/${aliceQuantum}/versions/${id("nope")}`)).status).toBe(404);
    const bobs = await body<Array<{ version_id: string }>>(await m.alice.get(`/v1/strategies/${bobWater}/versions`));
    expect(bobs.map((v) => v.version_id)).toEqual([id("bob-water-v1")]);
  });
});

it("the test universe has what these tests assume", () => {
  expect(testUniverse.companies.length).toBe(12);
  expect(testUniverse.users.filter((u) => !u.active).length).toBe(1);
});

describe("v1 build fields and labels", () => {
  it("a finished build reports growth, exchanges, limit and the market-cap and evidence bounds its companies fit", async () => {
    const m = makeMock();
    const s = await body<Record<string, unknown>>(await m.alice.get(`/v1/strategies/${aliceQuantum}`));
    const companies = await body<Array<{ id: string; exchange: string; marketCap: number }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies`),
    );
    expect(companies.length).toBeGreaterThan(0);
    expect(typeof s.growth).toBe("number");
    expect(Number.isFinite(s.growth)).toBe(true);
    expect(s.limit).toBe(m.ctx.options.maxStrategyCompanies);
    expect(s.exchanges).toEqual([...new Set(companies.map((c) => c.exchange))].sort());
    expect(s.min_market_cap).toBe(Math.min(...companies.map((c) => c.marketCap)));
    expect(s.max_market_cap).toBe(Math.max(...companies.map((c) => c.marketCap)));
    expect(Number.isInteger(s.min_evidence_count)).toBe(true);
    for (const c of companies) {
      const e = await body<{ summaries: unknown[] }>(
        await m.alice.get(`/v1/strategies/${aliceQuantum}/companies/${c.id}`),
      );
      expect(e.summaries.length).toBeGreaterThanOrEqual(s.min_evidence_count as number);
    }
    expectStrategyV1(s);
  });

  it("null before a build finishes; premade strategies carry them too", async () => {
    const m = makeMock();
    const created = await body<Record<string, unknown>>(
      await m.alice.post("/v1/strategies", { name: "n", objective: "water" }),
    );
    expect([
      created.growth,
      created.exchanges,
      created.limit,
      created.min_market_cap,
      created.max_market_cap,
      created.min_evidence_count,
    ]).toEqual([null, null, null, null, null, null]);
    const premade = (await body<Array<Record<string, unknown>>>(await m.alice.get("/v1/premade-strategies")))[0]!;
    expect(premade.limit).toBeGreaterThan(0);
    expect(Array.isArray(premade.exchanges)).toBe(true);
  });

  it('companies carry the service\'s sector and market labels ("Technology", "us")', async () => {
    const m = makeMock();
    const companies = await body<Array<{ symbol: string; sector: string; market: string }>>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/companies`),
    );
    const qbit = companies.find((c) => c.symbol === "QBIT")!;
    expect([qbit.sector, qbit.market]).toEqual(["Technology", "us"]);
  });
});
