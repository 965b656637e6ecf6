import { describe, expect, it } from "vitest";
import type { PremadeStrategy, Universe } from "../_internal/fixtures.ts";
import { expectCompany, expectStrategyV2 } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, premade, testUniverse } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";
import { premadeVersionId } from "../services/premade/premadeVersionId.ts";

type Version = {
  version_id: string;
  strategy_id: string;
  description: string;
  is_active: boolean;
  status: number | null;
  completed: boolean;
  has_factsheet: boolean;
  as_of_date: string | null;
  latest_run_date: string | null;
  runs_count: number | null;
  started_at: string | null;
  completed_at: string | null;
};
type Company = { id: string; linguisticBeta: number; marketBuzz: number; convictionScore: number; reasoning?: string };
type Evidence = { isIncluded: boolean; reasoning: string; summaries: Array<{ pubDate: number }> };

const aliceQuantum = id("alice-quantum");
const bobWater = id("bob-water");
const TODAY = "2025-06-02"; // makeMock's clock

/** The test universe with premade snapshots (2025-03-31 holds qbit and photon) and a company listed on 2025-05-01. */
function withHistory(): Universe {
  const p: PremadeStrategy = {
    ...premade,
    snapshots: [
      { date: "2025-02-28", state: "failed", constituents: [] },
      {
        date: "2025-03-31",
        state: "completed",
        constituents: [
          { companyId: id("qbit"), linguisticBeta: 0.777, marketBuzz: 0.321 },
          { companyId: id("photon"), linguisticBeta: 0.301, marketBuzz: 0.555 },
        ],
      },
      { date: "2025-04-30", state: "processing", constituents: [] },
    ],
  };
  const companies = testUniverse.companies.map((c) =>
    c.id === id("qsoft") ? { ...c, securities: c.securities.map((s) => ({ ...s, listedOn: "2025-05-01" })) } : c,
  );
  return { ...testUniverse, companies, companyById: new Map(companies.map((c) => [c.id, c])), premadeStrategies: [p] };
}

describe("POST /v2/strategies", () => {
  it("creates a private, never-submitted strategy from objective or description", async () => {
    const m = makeMock();
    const r = await m.alice.post("/v2/strategies", { name: "Water", objective: "clean water treatment" });
    expect(r.status).toBe(201);
    const s = await body<Record<string, unknown>>(r);
    expectStrategyV2(s);
    expect(s).toMatchObject({
      description: "clean water treatment",
      status: 0,
      completed: false,
      active_version_id: null,
      public: false,
    });
    const d = await body<Record<string, unknown>>(
      await m.alice.post("/v2/strategies", { name: "W", description: "desalination", exclusions: ["tobacco"] }),
    );
    expect(d).toMatchObject({ description: "desalination", exclusions: ["tobacco"] });
    expect(await body(await m.alice.get(`/v2/strategies/${String(d.id)}/versions`))).toEqual([]);
  });

  it("400 naming the field: no objective, two different ones, over the limits", async () => {
    const m = makeMock();
    const error = async (b: unknown) => {
      const r = await m.alice.post("/v2/strategies", b);
      expect(r.status).toBe(400);
      return (await body<{ error: string }>(r)).error;
    };
    expect(await error({ name: "x" })).toMatch(/objective/);
    expect(await error({ name: "x", objective: "a", description: "b" })).toMatch(/description/);
    expect(await error({ name: "x".repeat(LIMITS.NAME_MAX + 1), objective: "a" })).toMatch(/name/);
    expect(await error({ name: "x", objective: "a".repeat(LIMITS.OBJECTIVE_MAX + 1) })).toMatch(/objective/);
  });
});

describe("POST /v2/strategies/{id}/submit", () => {
  it("no body: a LIVE run of the draft's version, answered as the version's run of today", async () => {
    const m = makeMock();
    await m.alice.patch(`/v2/strategies/${aliceQuantum}`, { description: "quantum error correction software" });
    const r = await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`);
    expect(r.status).toBe(200);
    const v = await body<Version>(r);
    expect(v).toMatchObject({
      strategy_id: aliceQuantum,
      description: "quantum error correction software",
      is_active: true,
      status: 0,
      completed: false,
      as_of_date: TODAY,
      runs_count: null,
    });
    m.clock.advance(4000);
    const rollup = await body<Version>(await m.alice.get(`/v2/strategies/${aliceQuantum}/versions/${v.version_id}`));
    expect(rollup).toMatchObject({
      status: 100,
      completed: true,
      latest_run_date: TODAY,
      runs_count: 1,
      as_of_date: null,
    });
    expect(rollup.completed_at).not.toBeNull();
  });

  it("a completed run of the same version and date is kept unless force", async () => {
    const m = makeMock();
    const first = await body<Version>(await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, {}));
    m.clock.advance(4000);
    const again = await body<Version>(await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, {}));
    expect(again).toMatchObject({ version_id: first.version_id, status: 100 });
    const forced = await body<Version>(await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { force: true }));
    expect(forced.status).toBe(0);
    expect((await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { force: true })).status).toBe(423);
    m.clock.advance(4000);
    expect(
      (await body<Version>(await m.alice.get(`/v2/strategies/${aliceQuantum}/versions/${first.version_id}`)))
        .runs_count,
    ).toBe(3);
  });

  it("as_of_date in the past: a HISTORICAL run kept beside the live one; reads select it by asOfDate", async () => {
    const m = makeMock();
    const v = await body<Version>(
      await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-04-15", priority: 9 }),
    );
    expect(v).toMatchObject({
      version_id: id("alice-quantum-v1"),
      as_of_date: "2025-04-15",
      status: 0,
      latest_run_date: null,
      runs_count: null,
    });
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-04-15`)).status).toBe(409);
    expect((await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-04-15" })).status).toBe(
      423,
    );
    m.clock.advance(4000);
    const scoped = await body<Version>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/versions/${v.version_id}?asOfDate=2025-04-15`),
    );
    expect(scoped).toMatchObject({ status: 100, completed: true, as_of_date: "2025-04-15", runs_count: null });
    const rollup = await body<Version>(await m.alice.get(`/v2/strategies/${aliceQuantum}/versions/${v.version_id}`));
    expect(rollup).toMatchObject({ runs_count: 2, latest_run_date: "2025-04-15" });
    const past = await body<Company[]>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-04-15&includeReasoning=true`),
    );
    expect(past.length).toBeGreaterThan(0);
    past.forEach((c) => expectCompany(c, true));
    expect(past.every((c) => c.reasoning?.startsWith("As of 2025-04-15"))).toBe(true);
    // the live run (fixtures) is untouched: the default read is the latest completed run by as-of date
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-03-01`)).status).toBe(200);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-03-02`)).status).toBe(404);
    const status = await body<{ status: number }>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expect(status.status).toBe(100);
  });

  it("400 for a future or pre-history as_of_date and a priority outside 1..10; 404 for an unknown version", async () => {
    const m = makeMock();
    const post = (b: unknown) => m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, b);
    const future = await post({ as_of_date: "2025-06-03" });
    expect(future.status).toBe(400);
    expect((await body<{ error: string }>(future)).error).toMatch(/as_of_date.*future/);
    expect((await post({ as_of_date: "2001-01-02" })).status).toBe(400);
    expect((await post({ as_of_date: "2025-02-30" })).status).toBe(400);
    expect((await post({ priority: 11 })).status).toBe(400);
    expect((await post({ priority: 0 })).status).toBe(400);
    expect((await post({ version_id: id("nope") })).status).toBe(404);
    expect((await m.bob.post(`/v2/strategies/${aliceQuantum}/submit`, {})).status).toBe(404);
    expect((await m.alice.post(`/v2/strategies/${bobWater}/submit`, {})).status).toBe(403);
  });

  it("a client's usual JSON headers with no body submit like no body", async () => {
    const m = makeMock();
    const r = await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, undefined, {
      "Content-Type": "application/json",
    });
    expect(r.status).toBe(200);
    expect((await body<Version>(r)).as_of_date).toBe(TODAY);
  });
});

describe("a HISTORICAL run is a real run of the selection as of its date", () => {
  it("selects from the companies listed then, with the premade snapshot's signals for the companies it held", async () => {
    const m = makeMock({ universe: withHistory() });
    await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-04-15" });
    await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-05-15", force: true });
    m.clock.advance(4000);
    const april = await body<Company[]>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-04-15`),
    );
    const may = await body<Company[]>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/companies?asOfDate=2025-05-15`),
    );
    expect(april.some((c) => c.id === id("qsoft"))).toBe(false); // listed on 2025-05-01
    expect(may.some((c) => c.id === id("qsoft"))).toBe(true);
    const qbit = april.find((c) => c.id === id("qbit"));
    expect(qbit).toMatchObject({ linguisticBeta: 0.777, marketBuzz: 0.321 }); // the 2025-03-31 premade run's signals
    for (const c of april.filter((x) => x.id !== id("qbit") && x.id !== id("photon")))
      expect(c.linguisticBeta).toBeLessThan(0.301);
    // v1 historical-data reads the same run
    const v1 = await body<Company[]>(
      await m.alice.get(`/v1/strategies/${aliceQuantum}/historical-data?date=2025-04-15`),
    );
    expect(v1).toEqual(april);
  });
});

describe("reads of public and premade strategies", () => {
  it("a premade strategy is readable by id in v2: strategy, one version, companies, snapshots, evidence", async () => {
    const m = makeMock({ universe: withHistory() });
    const s = await body<Record<string, unknown>>(await m.alice.get(`/v2/strategies/${premade.id}`));
    expectStrategyV2(s);
    expect(s).toMatchObject({
      id: premade.id,
      description: premade.objective,
      status: 100,
      public: true,
      active_version_id: premadeVersionId(premade),
    });
    const versions = await body<Version[]>(await m.alice.get(`/v2/strategies/${premade.id}/versions`));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ is_active: true, status: 100, latest_run_date: "2025-03-31", runs_count: 3 });
    const failed = await body<Version>(
      await m.alice.get(`/v2/strategies/${premade.id}/versions/${premadeVersionId(premade)}?asOfDate=2025-02-28`),
    );
    expect(failed).toMatchObject({ status: -1, completed: false });
    expect(await body(await m.alice.get(`/v2/strategies/${premade.id}/companies`))).toEqual(
      await body(await m.alice.get(`/v1/premade-strategies/${premade.id}/companies`)),
    );
    expect(
      await body(await m.alice.get(`/v2/strategies/${premade.id}/companies?asOfDate=2025-03-31&includeReasoning=true`)),
    ).toEqual(
      await body(
        await m.alice.get(`/v1/premade-strategies/${premade.id}/historical-data?date=2025-03-31&includeReasoning=true`),
      ),
    );
    expect((await m.alice.get(`/v2/strategies/${premade.id}/companies?asOfDate=2025-04-30`)).status).toBe(409);
    expect((await m.alice.get(`/v2/strategies/${premade.id}/companies?versionId=${id("nope")}`)).status).toBe(404);
    const held = await body<Evidence>(
      await m.alice.get(`/v2/strategies/${premade.id}/companies/${id("photon")}?asOfDate=2025-03-31`),
    );
    expect(held.isIncluded).toBe(true);
    expect(held.reasoning).toMatch(/As of 2025-03-31/);
    const all = await body<{ evidences: Array<{ companyId: string }> }>(
      await m.alice.get(`/v2/strategies/${premade.id}/evidences`),
    );
    expect(all).toEqual(await body(await m.alice.get(`/v1/premade-strategies/${premade.id}/evidences`)));
    for (const [method, path] of [
      ["patch", `/v2/strategies/${premade.id}`],
      ["post", `/v2/strategies/${premade.id}/submit`],
      ["del", `/v2/strategies/${premade.id}`],
    ] as const) {
      const r =
        method === "patch"
          ? await m.alice.patch(path, { name: "x" })
          : method === "post"
            ? await m.alice.post(path, {})
            : await m.alice.del(path);
      expect(r.status).toBe(403);
    }
  });

  it("another user's public strategy: companies and evidence of its active version; private ones 404", async () => {
    const m = makeMock();
    const list = await body<Company[]>(await m.alice.get(`/v2/strategies/${bobWater}/companies`));
    expect(list.map((c) => c.id).sort()).toEqual([id("aqua"), id("desal"), id("pipes")].sort());
    const out = await body<Evidence>(await m.alice.get(`/v2/strategies/${bobWater}/companies/${id("bank")}`));
    expect(out.isIncluded).toBe(false);
    expect((await m.alice.get(`/v2/strategies/${bobWater}/companies/${id("nope")}`)).status).toBe(404);
    expect((await m.alice.get(`/v2/strategies/${id("bob-private")}/companies`)).status).toBe(404);
    const evidences = await body<{ evidences: Array<{ companyId: string; isIncluded: boolean }> }>(
      await m.alice.get(`/v2/strategies/${bobWater}/evidences`),
    );
    expect(evidences.evidences.map((e) => e.companyId)).toEqual(list.map((c) => c.id));
    expect(evidences.evidences.every((e) => e.isIncluded)).toBe(true);
  });

  it("a strategy with no completed run reads as empty lists", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(
      await m.alice.post("/v2/strategies", { name: "n", objective: "irrigation" }),
    );
    expect(await body(await m.alice.get(`/v2/strategies/${created.id}/companies`))).toEqual([]);
    expect(await body(await m.alice.get(`/v2/strategies/${created.id}/evidences`))).toEqual({ evidences: [] });
    expect(
      (await body<Evidence>(await m.alice.get(`/v2/strategies/${created.id}/companies/${id("qbit")}`))).isIncluded,
    ).toBe(false);
    expect((await m.alice.get(`/v2/strategies/${created.id}/companies?asOfDate=2025-05-01`)).status).toBe(404);
  });
});
