// Concurrency over real HTTP: the standalone server (Node adapter) on an ephemeral
// loopback port, real fixtures, hit by many simultaneous requests on one resource. The store
// applies each write in one synchronous step, so the outcomes below must hold whatever the
// interleaving: one submit wins, one portfolio per name, no field lost, no mixed holdings.
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "./_support/concurrencySupport.ts";

interface Strategy {
  id: string;
  name: string;
  objective: string;
  exclusions: string[];
  status: number;
  completed: boolean;
}
interface Version {
  version_id: string;
  description: string;
  exclusions: string[];
  status: number;
  is_active: boolean;
}
interface Holding {
  security_id: string;
  weight: number;
}
interface Portfolio {
  id: string;
  name: string;
  holdings: Holding[];
}
interface ListItem {
  id: string;
  name: string;
  user_id: string | null;
}
interface MockState {
  runningBuilds: number;
}

const BUILD_MS = 60_000;
let server: RunningServer;
let key: string;
/** Active primary listings of the fixtures, to build holdings sets from. */
let securityIds: string[];

const api = <T>(method: string, path: string, payload?: unknown) => request<T>(server.url, key, method, path, payload);
const control = <T>(method: string, path: string, payload?: unknown) =>
  request<T>(server.url, null, method, path, payload);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
/** A holdings set as a canonical string: "securityId:weight" sorted. */
const canon = (holdings: ReadonlyArray<{ security_id: string; weight: number }>) =>
  holdings
    .map((h) => `${h.security_id}:${h.weight}`)
    .sort()
    .join(",");

/** Set i: 1 + (i % 5) holdings, disjoint from every other set, weights 1..n + i/100 (so no two sets share a holding). */
function holdingsSet(i: number): Holding[] {
  const size = 1 + (i % 5);
  return Array.from({ length: size }, (_, j) => ({
    security_id: securityIds[(i * 5 + j) % securityIds.length]!,
    weight: j + 1 + i / 100,
  }));
}

beforeAll(async () => {
  server = await startServer({ port: 0, quiet: true, buildDurationMs: BUILD_MS });
  key = server.ctx.universe.users.find((u) => u.active)!.apiKey;
  securityIds = server.ctx.universe.companies
    .filter((c) => c.active)
    .flatMap((c) => c.securities.filter((s) => s.active && s.isPrimary).map((s) => s.id));
  expect(securityIds.length).toBeGreaterThanOrEqual(150); // 30 disjoint sets of up to 5
});
afterAll(async () => {
  await server?.close();
});

describe("simultaneous submits of one strategy", () => {
  it("50 submits of an unchanged draft: one 200, 49 × 423, one build that completes once", async () => {
    const objective = server.ctx.universe.premadeStrategies[0]!.objective;
    const created = await api<Strategy>("POST", "/v1/strategies", { name: "Race", objective });
    expect(created.status).toBe(201);
    const sid = created.body.id;
    const before = (await control<MockState>("GET", "/__mock/state")).body.runningBuilds;

    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api<Strategy | { error: string }>("POST", `/v1/strategies/${sid}/submit`)),
    );
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 423)).toBe(49);
    for (const r of replies.filter((x) => x.status === 423))
      expect((r.body as { error: string }).error).toMatch(/building/);

    expect((await control<MockState>("GET", "/__mock/state")).body.runningBuilds).toBe(before + 1);
    const versions = await api<Version[]>("GET", `/v1/strategies/${sid}/versions`);
    expect(versions.body).toHaveLength(1);
    expect(versions.body[0]!.is_active).toBe(true);

    expect((await control("POST", "/__mock/clock/advance", { ms: BUILD_MS })).status).toBe(200);
    const done = await api<Strategy>("GET", `/v1/strategies/${sid}`);
    expect(done.body.status).toBe(100);
    expect(done.body.completed).toBe(true);
    expect((await control<MockState>("GET", "/__mock/state")).body.runningBuilds).toBe(before);
    expect((await api<Version[]>("GET", `/v1/strategies/${sid}/versions`)).body.map((v) => v.status)).toEqual([100]);
  });

  it("50 submits (v1 and v2 mixed) of a changed draft: one 200, 49 × 423, exactly one new version", async () => {
    const premade = server.ctx.universe.premadeStrategies;
    const created = await api<Strategy>("POST", "/v1/strategies", { name: "Race 2", objective: premade[0]!.objective });
    const sid = created.body.id;
    expect((await api("POST", `/v1/strategies/${sid}/submit`)).status).toBe(200);
    await control("POST", "/__mock/builds/complete", {});
    const newObjective = premade[1]!.objective;
    expect(
      (await api("PATCH", `/v1/strategies/${sid}`, { objective: newObjective, exclusions: ["tobacco"] })).status,
    ).toBe(200);

    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api<unknown>("POST", `/v${(i % 2) + 1}/strategies/${sid}/submit`)),
    );
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 423)).toBe(49);

    const versions = (await api<Version[]>("GET", `/v1/strategies/${sid}/versions`)).body;
    expect(versions).toHaveLength(2); // the first submit's, plus ONE for the changed draft
    const active = versions.filter((v) => v.is_active);
    expect(active).toHaveLength(1);
    expect(active[0]!.description).toBe(newObjective);
    expect(active[0]!.exclusions).toEqual(["tobacco"]);

    await control("POST", "/__mock/clock/advance", { ms: BUILD_MS });
    const after = (await api<Version[]>("GET", `/v1/strategies/${sid}/versions`)).body;
    expect(after.map((v) => v.status)).toEqual([100, 100]);
    expect((await api<Strategy>("GET", `/v1/strategies/${sid}`)).body.status).toBe(100);
  });
});

describe("simultaneous portfolio writes", () => {
  it("30 POSTs of one name with different holdings: one 201, 29 × 200, one portfolio holding exactly one of the sets", async () => {
    const name = "Same name race";
    const sets = Array.from({ length: 30 }, (_, i) => holdingsSet(i));
    const replies = await Promise.all(
      sets.map((holdings) => api<Portfolio>("POST", "/v1/portfolios", { name, holdings })),
    );
    const statuses = replies.map((r) => r.status);
    expect(count(statuses, 201)).toBe(1);
    expect(count(statuses, 200)).toBe(29);
    // every reply is the one portfolio, showing the set it wrote
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    replies.forEach((r, i) => expect(canon(r.body.holdings)).toBe(canon(sets[i]!)));

    const mine = (await api<ListItem[]>("GET", "/v1/portfolios")).body.filter(
      (p) => p.name === name && p.user_id !== null,
    );
    expect(mine).toHaveLength(1);
    const stored = await api<Portfolio>("GET", `/v1/portfolios/${mine[0]!.id}`);
    const matches = sets.filter((s) => canon(s) === canon(stored.body.holdings));
    expect(matches).toHaveLength(1); // one of the posted sets, never a mix
  });

  it("30 concurrent PUTs of one portfolio: all 200, the result is one PUT's name AND holdings", async () => {
    const created = await api<Portfolio>("POST", "/v1/portfolios", { name: "Put race", holdings: holdingsSet(0) });
    expect(created.status).toBe(201);
    const pid = created.body.id;
    const bodies = Array.from({ length: 30 }, (_, i) => ({ name: `Put race ${i}`, holdings: holdingsSet(i + 1) }));
    const replies = await Promise.all(bodies.map((b) => api<Portfolio>("PUT", `/v1/portfolios/${pid}`, b)));
    expect(replies.map((r) => r.status)).toEqual(bodies.map(() => 200));
    replies.forEach((r, i) => {
      expect(r.body.name).toBe(bodies[i]!.name);
      expect(canon(r.body.holdings)).toBe(canon(bodies[i]!.holdings));
    });

    const stored = (await api<Portfolio>("GET", `/v1/portfolios/${pid}`)).body;
    const winner = bodies.findIndex((b) => b.name === stored.name);
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(canon(stored.holdings)).toBe(canon(bodies[winner]!.holdings)); // name and holdings from the same PUT
    const named = (await api<ListItem[]>("GET", "/v1/portfolios")).body.filter((p) => p.name.startsWith("Put race"));
    expect(named.map((p) => p.id)).toEqual([pid]);
  });
});

describe("concurrent PATCHes of different fields", () => {
  it("name, objective and exclusions writers racing (v1 and v2, 25 rounds each): no field is lost", async () => {
    const strategies = await Promise.all(
      [0, 1].map(
        async (k) =>
          (await api<Strategy>("POST", "/v1/strategies", { name: `Patch race ${k}`, objective: "initial objective" }))
            .body.id,
      ),
    );
    const ROUNDS = 25;
    type Field = "name" | "objective" | "exclusions";
    const fieldValue = (field: Field, sid: string, round: number): string | string[] =>
      field === "exclusions"
        ? [`excl ${sid.slice(0, 4)} ${round}`, `and ${round}`]
        : `${field} ${sid.slice(0, 4)} ${round}`;
    const last = new Map<string, string | string[]>();

    // One sequential writer per (strategy, field), all writers concurrent: the last acknowledged
    // PATCH of each field is well defined (its writer's last), whatever the interleaving.
    const writer = async (sid: string, field: Field) => {
      for (let round = 0; round < ROUNDS; round++) {
        const value = fieldValue(field, sid, round);
        const version = (round + field.length) % 2 === 0 ? "v1" : "v2";
        const reply = await api<Strategy & { description?: string }>("PATCH", `/${version}/strategies/${sid}`, {
          [field]: value,
        });
        expect(reply.status).toBe(200);
        // the write is visible in its own answer (v2 names the objective `description`)
        expect(reply.body[version === "v2" && field === "objective" ? "description" : field]).toEqual(value);
        last.set(`${sid}:${field}`, value);
      }
    };
    const fields: Field[] = ["name", "objective", "exclusions"];
    await Promise.all(strategies.flatMap((sid) => fields.map((f) => writer(sid, f))));

    for (const sid of strategies) {
      const v2 = (await api<Strategy & { description?: string }>("GET", `/v2/strategies/${sid}`)).body;
      for (const f of fields) {
        expect(last.get(`${sid}:${f}`)).toEqual(fieldValue(f, sid, ROUNDS - 1));
        expect(v2[f === "objective" ? "description" : f]).toEqual(fieldValue(f, sid, ROUNDS - 1));
      }
    }
  });
});
