// Strategies archived 30 days ago are permanently deleted (contract section 8), so they must
// leave the state, the state file and the memo of derived data: before, they
// stayed forever, hidden on read, with ~17 KB of derived data each in memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures/load";
import { afterAll, describe, expect, it } from "vitest";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";

const DAY = 86_400_000;
const universe = loadUniverse();
const dir = mkdtempSync(join(tmpdir(), "thematic-purge-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("archived strategies are purged 30 days after archiving", () => {
  it("from the state, the state file and the memo: at the clock's advance, and at start", async () => {
    const file = join(dir, "state.json");
    const clock = createManualClock();
    const boot = () => createMock({ universe, clock, quiet: true, persistence: filePersistence(file) });
    const { app, ctx } = boot();
    const key = ctx.store.state.users.find((u) => u.active)!.apiKey;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await app.request(path, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json().catch(() => null)) as { id: string } };
    };
    const make = async (name: string) => {
      const created = await call("POST", "/v1/strategies", { name, objective: "water utilities and desalination" });
      expect(created.status).toBe(201);
      expect((await call("POST", `/v1/strategies/${created.body.id}/submit`)).status).toBeLessThan(300);
      return created.body.id;
    };
    const early = await make("archived first");
    const late = await make("archived later");
    expect((await call("POST", "/__mock/builds/complete", {})).status).toBe(200);
    for (const id of [early, late]) expect((await call("GET", `/v1/strategies/${id}/companies`)).status).toBe(200); // derives data into the memo
    const versionsOf = (id: string) => ctx.store.state.strategies.find((s) => s.id === id)!.versions.map((v) => v.id);
    const earlyVersions = versionsOf(early);
    const memoNames = (ids: readonly string[]) => [...ctx.memo.keys()].filter((k) => ids.some((id) => k.includes(id)));
    expect(memoNames(earlyVersions).length).toBeGreaterThan(0);

    expect((await call("DELETE", `/v1/strategies/${early}`)).status).toBeLessThan(300);
    expect((await call("POST", "/__mock/clock/advance", { ms: 10 * DAY })).status).toBe(200);
    expect((await call("DELETE", `/v1/strategies/${late}`)).status).toBeLessThan(300);
    expect((await call("POST", "/__mock/clock/advance", { ms: 20 * DAY - 1 })).status).toBe(200);
    expect(ctx.store.state.strategies.some((s) => s.id === early)).toBe(true); // 1 ms short of 30 days

    expect((await call("POST", "/__mock/clock/advance", { ms: 1 })).status).toBe(200);
    expect(ctx.store.state.strategies.some((s) => s.id === early)).toBe(false);
    expect(ctx.store.state.strategies.some((s) => s.id === late)).toBe(true);
    expect(memoNames([early, ...earlyVersions])).toEqual([]);
    expect(boot().ctx.store.state.strategies.some((s) => s.id === early)).toBe(false); // persisted

    // The later one falls due while the server is down: gone at start.
    clock.advance(10 * DAY);
    expect(boot().ctx.store.state.strategies.some((s) => s.id === late)).toBe(false);
  });
});
