// The default app on the real fixtures (loadUniverse() from @thematic/fixtures).
import { describe, expect, it } from "vitest";
import { expectCompany, expectStrategyV1, expectStrategyV2 } from "../_test/contractShapes.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import { createMock } from "./createApp.ts";
import { loadDefaultUniverse } from "./loadDefaultUniverse.ts";

const universe = loadDefaultUniverse();
const clock = createManualClock(Date.parse(`${universe.asOf}T12:00:00Z`) + 2 * 86400000);
const { app } = createMock({ clock, quiet: true });
const owner = universe.users.find(
  (u) => u.active && universe.userStrategies.some((s) => s.userId === u.id && s.archivedAt === null),
)!;
const auth = { Authorization: `Bearer ${owner.apiKey}`, "Content-Type": "application/json" };
const get = async <T>(path: string): Promise<T> => {
  const r = await app.request(path, { headers: auth });
  expect(r.status, path).toBe(200);
  return (await r.json()) as T;
};

describe("default app on the real fixtures", () => {
  it("authenticates every fixture user by key; inactive users get 401", async () => {
    for (const u of universe.users) {
      const r = await app.request("/v1/strategies", { headers: { Authorization: `Bearer ${u.apiKey}` } });
      expect(r.status, u.name).toBe(u.active ? 200 : 401);
    }
  });

  it("presents every visible fixture strategy in the v1 and v2 shapes", async () => {
    const all = await get<Array<{ id: string }>>("/v1/strategies?scope=all");
    expect(all.length).toBeGreaterThan(0);
    all.forEach(expectStrategyV1);
    for (const s of all) expectStrategyV2(await get(`/v2/strategies/${s.id}`));
  });

  it("a completed fixture strategy lists contract companies and a performance from 10000", async () => {
    const mine =
      await get<Array<{ id: string; status: number; performance: { timeSeries: number[][] } | null }>>(
        "/v1/strategies",
      );
    const done = mine.find((s) => s.status === 100);
    expect(done).toBeDefined();
    expect(done?.performance?.timeSeries[0]?.[1]).toBe(10000);
    const companies = await get<unknown[]>(`/v1/strategies/${done?.id}/companies?includeReasoning=true`);
    expect(companies.length).toBeGreaterThan(0);
    companies.forEach((c) => expectCompany(c, true));
  });

  it("an objective naming a theme builds a strategy of companies exposed to that theme", async () => {
    for (const theme of universe.themes.slice(0, 6)) {
      const created = await app.request("/v1/strategies", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          name: theme.name,
          objective: `${theme.name}: ${theme.keywords.slice(0, 3).join(", ")}`,
        }),
      });
      const { id } = (await created.json()) as { id: string };
      await app.request(`/v1/strategies/${id}/submit`, { method: "POST", headers: auth });
      clock.advance(5000);
      const s = await get<{ status: number; performance: { timeSeries: number[][] } | null }>(`/v1/strategies/${id}`);
      expect(s.status, theme.slug).toBe(100);
      expect(s.performance?.timeSeries[0]?.[1]).toBe(10000);
      const companies = await get<Array<{ id: string }>>(`/v1/strategies/${id}/companies`);
      expect(companies.length, theme.slug).toBeGreaterThanOrEqual(5);
      const exposed = companies.filter((c) =>
        universe.companyById.get(c.id)?.themes.some((t) => t.theme === theme.slug && t.exposure > 0),
      );
      expect(exposed.length / companies.length, theme.slug).toBeGreaterThanOrEqual(0.7);
    }
  });

  it("the fixtures' exclusion phrases remove the companies they name", async () => {
    const build = async (exclusions: string[]) => {
      const created = await app.request("/v1/strategies", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          name: "defence",
          objective: "defence modernisation: radars, drones, armoured vehicles and artillery",
          exclusions,
        }),
      });
      const { id } = (await created.json()) as { id: string };
      await app.request(`/v1/strategies/${id}/submit`, { method: "POST", headers: auth });
      clock.advance(5000);
      return (await get<Array<{ id: string }>>(`/v1/strategies/${id}/companies`)).map(
        (c) => universe.companyById.get(c.id)!,
      );
    };
    const mentionsMunitions = (c: { description: string }) => /munition/i.test(c.description);
    const before = await build([]);
    const after = await build(["Exclude makers of munitions and weapons systems"]);
    expect(before.some(mentionsMunitions)).toBe(true);
    expect(after.some(mentionsMunitions)).toBe(false);
    expect(after.length).toBeGreaterThan(0);
  });
});

describe("historical runs on the real fixtures", () => {
  it("a historical run of a premade objective holds that premade run's signals for the companies both hold, and only companies listed then", async () => {
    const premade = universe.premadeStrategies.find((p) => p.theme === "electric-vehicles")!;
    const snapshot = premade.snapshots.filter((s) => s.state === "completed")[6]!;
    const post = (path: string, payload: unknown) =>
      app.request(path, { method: "POST", headers: auth, body: JSON.stringify(payload) });
    const created = (await (
      await post("/v2/strategies", { name: "EV history", objective: premade.objective })
    ).json()) as { id: string };
    expect((await post(`/v2/strategies/${created.id}/submit`, { as_of_date: snapshot.date })).status).toBe(200);
    clock.advance(10_000);
    const companies = await get<Array<{ id: string; linguisticBeta: number; marketBuzz: number }>>(
      `/v2/strategies/${created.id}/companies?asOfDate=${snapshot.date}`,
    );
    expect(companies.length).toBeGreaterThan(5);
    const held = new Map(snapshot.constituents.map((c) => [c.companyId, c]));
    const shared = companies.filter((c) => held.has(c.id));
    expect(shared.length).toBeGreaterThan(companies.length / 3);
    for (const c of shared)
      expect([c.linguisticBeta, c.marketBuzz]).toEqual([held.get(c.id)!.linguisticBeta, held.get(c.id)!.marketBuzz]);
    for (const c of companies) {
      const listings = universe.companyById.get(c.id)!.securities;
      expect(
        listings.some((s) => s.listedOn <= snapshot.date && (s.delistedOn === null || snapshot.date <= s.delistedOn)),
      ).toBe(true);
    }
  });
});
