import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { expectStrategyV1, expectStrategyV2 } from "../_test/contractShapes.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";
import { PREMADE_OWNER_ID } from "../services/premade/premadeOwner.ts";
import { isoSeconds } from "../services/_internal/isoSeconds.ts";

type V2 = Record<string, unknown> & {
  id: string;
  status: number;
  active_version_id: string | null;
  draft_version_id: string | null;
  archived_at: string | null;
  permanent_delete_at: string | null;
};

const aliceQuantum = id("alice-quantum");
const bobWater = id("bob-water");

describe("GET /v2/strategies/{id}", () => {
  it("has the 2.2 shape with ISO-8601 timestamps and version ids", async () => {
    const m = makeMock();
    const s = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expectStrategyV2(s);
    expect(s).toMatchObject({
      active_version_id: id("alice-quantum-v1"),
      draft_version_id: id("alice-quantum-v1"),
      created_at: "2025-03-01T00:00:00Z",
      archived_at: null,
      permanent_delete_at: null,
      status: 100,
      completed: true,
    });
  });

  it("a never-submitted strategy: status 0, no versions", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(await m.alice.post("/v1/strategies", { name: "n", objective: "water" }));
    const s = await body<V2>(await m.alice.get(`/v2/strategies/${created.id}`));
    expectStrategyV2(s);
    expect(s).toMatchObject({
      status: 0,
      completed: false,
      active_version_id: null,
      draft_version_id: null,
      performance: null,
    });
  });
});

it("updated_at follows the end of a build", async () => {
  const m = makeMock();
  const submittedAt = m.clock.now();
  await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
  expect((await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`))).updated_at).toBe(
    isoSeconds(submittedAt),
  );
  m.clock.advance(10_000);
  expect((await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`))).updated_at).toBe(
    isoSeconds(submittedAt + 4000),
  );
});

describe("GET /v2/strategies", () => {
  it("scope user (default), public, all", async () => {
    const m = makeMock();
    const ids = async (q: string) =>
      (await body<V2[]>(await m.alice.get(`/v2/strategies${q}`))).map((s) => s.id).sort();
    expect(await ids("")).toEqual([aliceQuantum]);
    const premadeIds = testUniverse.premadeStrategies.map((p) => p.id);
    expect(premadeIds.length).toBeGreaterThan(0);
    expect(await ids("?scope=public")).toEqual([bobWater, ...premadeIds].sort());
    expect(await ids("?scope=all")).toEqual([aliceQuantum, bobWater, ...premadeIds].sort());
    (await body<V2[]>(await m.alice.get("/v2/strategies?scope=all"))).forEach(expectStrategyV2);
  });

  it("public excludes user strategies that are not completed or archived; the premade library is always in it", async () => {
    const m = makeMock();
    const users = async () =>
      (await body<V2[]>(await m.alice.get("/v2/strategies?scope=public"))).filter(
        (s) => s.user_id !== PREMADE_OWNER_ID,
      );
    await m.bob.post(`/v1/strategies/${bobWater}/submit`); // running again: not completed
    expect(await users()).toEqual([]);
    m.clock.advance(4000);
    expect((await users()).length).toBe(1);
    await m.bob.post(`/v2/strategies/${bobWater}/archive`);
    expect(await users()).toEqual([]);
    const premade = (await body<V2[]>(await m.alice.get("/v2/strategies?scope=public"))).filter(
      (s) => s.user_id === PREMADE_OWNER_ID,
    );
    expect(premade.length).toBe(testUniverse.premadeStrategies.length);
    premade.forEach(expectStrategyV2);
    expect(premade.every((s) => s.status === 100 && s.completed === true && s.public === true)).toBe(true);
  });
});

describe("drafts and versions", () => {
  it("PATCH edits the draft; submit freezes a changed draft into a new active version; unchanged re-runs it", async () => {
    const m = makeMock();
    const v1 = id("alice-quantum-v1");
    const patched = await body<V2>(
      await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { objective: "quantum error correction software" }),
    );
    expect(patched.objective).toBe("quantum error correction software");
    let s = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expect(s.draft_version_id).toBeNull();
    expect(s.active_version_id).toBe(v1);
    expect(s.status).toBe(100); // the active version's run is unchanged

    // a name-only change keeps the draft matching
    await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { name: "renamed" });
    expect((await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`))).draft_version_id).toBeNull();

    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    s = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    const v2 = s.active_version_id;
    expect(v2).not.toBe(v1);
    expect(s.draft_version_id).toBe(v2);
    expect(s.status).toBe(0);
    m.clock.advance(4000);

    // unchanged draft: re-runs the active version, no new version
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    s = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expect(s.active_version_id).toBe(v2);
    const versions = await body<Array<{ version_id: string; description: string; created_at: string }>>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/versions`),
    );
    expect(versions.map((v) => v.version_id)).toEqual([v2, v1]);
    expect(versions[0]?.description).toBe("quantum error correction software");
    expect(versions[1]?.created_at).toBe("2025-03-01T00:00:00Z");

    // editing back to v1's content matches v1 again; submitting reactivates v1 without a new version
    m.clock.advance(4000);
    await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { objective: "quantum computing hardware" });
    expect((await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`))).draft_version_id).toBe(v1);
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    s = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expect(s.active_version_id).toBe(v1);
    expect((await body<unknown[]>(await m.alice.get(`/v2/strategies/${aliceQuantum}/versions`))).length).toBe(2);
  });

  it("versions are immutable: a later PATCH does not change a saved version", async () => {
    const m = makeMock();
    const v1 = id("alice-quantum-v1");
    await m.alice.patch(`/v1/strategies/${aliceQuantum}`, { objective: "changed", exclusions: ["x"] });
    const v = await body<{ description: string; exclusions: string[] }>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/versions/${v1}`),
    );
    expect(v).toMatchObject({ description: "quantum computing hardware", exclusions: [] });
  });
});

describe("archive and revive (v2)", () => {
  it("archive sets archived_at and permanent_delete_at (+30 days), the owner still reads it; revive clears them", async () => {
    const m = makeMock();
    const r = await m.alice.post(`/v2/strategies/${aliceQuantum}/archive`);
    expect(r.status).toBe(200);
    const s = await body<V2>(r);
    expectStrategyV2(s);
    expect(s.archived_at).toBe(isoSeconds(m.clock.now()));
    expect(Date.parse(s.permanent_delete_at ?? "") - Date.parse(s.archived_at ?? "")).toBe(30 * 86400000);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}`)).status).toBe(200);
    expect((await body<V2[]>(await m.alice.get("/v2/strategies?archived=only"))).map((x) => x.id)).toEqual([
      aliceQuantum,
    ]);
    expect(await body(await m.alice.get("/v2/strategies"))).toEqual([]);
    // idempotent
    expect((await body<V2>(await m.alice.del(`/v2/strategies/${aliceQuantum}`))).archived_at).toBe(s.archived_at);
    const revived = await body<V2>(await m.alice.post(`/v2/strategies/${aliceQuantum}/revive`));
    expect(revived).toMatchObject({ archived_at: null, permanent_delete_at: null });
    expectStrategyV1(await body(await m.alice.get(`/v1/strategies/${aliceQuantum}`)));
  });

  it("after 30 days: 404 everywhere", async () => {
    const m = makeMock();
    await m.alice.post(`/v2/strategies/${aliceQuantum}/archive`);
    m.clock.advance(30 * 86400000);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}`)).status).toBe(404);
    expect((await m.alice.post(`/v2/strategies/${aliceQuantum}/revive`)).status).toBe(404);
    expect(await body(await m.alice.get("/v2/strategies?archived=only"))).toEqual([]);
  });

  it("non-owners: 403 archiving a visible public strategy, 404 reading an archived one", async () => {
    const m = makeMock();
    expect((await m.alice.post(`/v2/strategies/${bobWater}/archive`)).status).toBe(403);
    await m.bob.post(`/v2/strategies/${bobWater}/archive`);
    expect((await m.alice.get(`/v2/strategies/${bobWater}`)).status).toBe(404);
  });
});

describe("PATCH and submit (v2)", () => {
  it("edit the draft and submit in the v2 shape, with the same rules as v1", async () => {
    const m = makeMock();
    const patched = await m.alice.patch(`/v2/strategies/${aliceQuantum}`, { exclusions: ["software"] });
    expect(patched.status).toBe(200);
    const p = await body<V2>(patched);
    expectStrategyV2(p);
    expect(p).toMatchObject({
      exclusions: ["software"],
      draft_version_id: null,
      active_version_id: id("alice-quantum-v1"),
    });
    const submitted = await body<{ version_id: string; status: number; is_active: boolean }>(
      await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`),
    );
    expect(submitted).toMatchObject({ status: 0, is_active: true });
    const after = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expectStrategyV2(after);
    expect(after.active_version_id).toBe(submitted.version_id);
    expect(after.active_version_id).toBe(after.draft_version_id);
    expect((await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`)).status).toBe(423);
    expect((await m.alice.patch(`/v2/strategies/${bobWater}`, { name: "x" })).status).toBe(403);
    expect((await m.alice.patch(`/v2/strategies/${aliceQuantum}`, {})).status).toBe(400);
  });
});

describe("the objective in v2: the contract's `objective` and the reference's `description`", () => {
  it("serves both names with the same value on every v2 strategy (user, premade, list, create, patch)", async () => {
    const m = makeMock();
    const one = await body<V2>(await m.alice.get(`/v2/strategies/${aliceQuantum}`));
    expect(one.objective).toBe("quantum computing hardware");
    expect(one.description).toBe(one.objective);
    const all = await body<V2[]>(await m.alice.get("/v2/strategies?scope=all"));
    expect(all.length).toBeGreaterThan(1);
    for (const s of all) {
      expect(typeof s.objective).toBe("string");
      expect(s.description).toBe(s.objective);
    }
    const created = await body<V2>(
      await m.alice.post("/v2/strategies", { name: "n", description: "desalination membranes" }),
    );
    expect(created).toMatchObject({ objective: "desalination membranes", description: "desalination membranes" });
    const patched = await body<V2>(
      await m.alice.patch(`/v2/strategies/${created.id}`, { objective: "water recycling" }),
    );
    expect(patched).toMatchObject({ objective: "water recycling", description: "water recycling" });
    const again = await body<V2>(await m.alice.patch(`/v2/strategies/${created.id}`, { description: "water pipes" }));
    expect(again).toMatchObject({ objective: "water pipes", description: "water pipes" });
  });

  it("timestamps carry no milliseconds, as the reference's examples", async () => {
    const m = makeMock();
    m.clock.advance(123);
    const created = await body<V2>(await m.alice.post("/v2/strategies", { name: "n", objective: "water" }));
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});
