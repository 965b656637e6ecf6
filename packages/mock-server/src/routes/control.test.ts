import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";

const aliceQuantum = id("alice-quantum");

describe("control surface /__mock", () => {
  it("next-build forces the outcome of the next build only", async () => {
    const m = makeMock();
    expect((await m.anonymous.put(`/__mock/strategies/${aliceQuantum}/next-build`, { outcome: -2 })).status).toBe(200);
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    m.clock.advance(4000);
    expect((await body<{ status: number }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).status).toBe(-2);
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    m.clock.advance(4000);
    expect((await body<{ status: number }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).status).toBe(100);
  });

  it("next-build validates its input", async () => {
    const m = makeMock();
    expect((await m.anonymous.put(`/__mock/strategies/${aliceQuantum}/next-build`, { outcome: 50 })).status).toBe(400);
    expect((await m.anonymous.put(`/__mock/strategies/${id("none")}/next-build`, { outcome: -1 })).status).toBe(404);
  });

  it("builds/complete ends running builds now; clock/advance moves time", async () => {
    const m = makeMock();
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    expect((await body<{ runningBuilds: number }>(await m.anonymous.get("/__mock/state"))).runningBuilds).toBe(1);
    expect(await body(await m.anonymous.post("/__mock/builds/complete", {}))).toEqual({ completed: 1 });
    expect((await body<{ status: number }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).status).toBe(100);

    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    const advanced = await body<{ clockOffsetMs: number; now: string }>(
      await m.anonymous.post("/__mock/clock/advance", { ms: 2000 }),
    );
    expect(advanced.clockOffsetMs).toBe(2000);
    expect(advanced.now).toBe(new Date(m.clock.now() + 2000).toISOString());
    expect((await body<{ status: number }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).status).toBe(48);
    expect((await m.anonymous.post("/__mock/clock/advance", { ms: -1 })).status).toBe(400);
  });

  it("reset restores the fixtures and the clock", async () => {
    const m = makeMock();
    await m.alice.post("/v1/strategies", { name: "tmp", objective: "water" });
    await m.alice.del(`/v1/strategies/${aliceQuantum}`);
    await m.anonymous.post("/__mock/clock/advance", { ms: 1000 });
    const after = await body<{ clockOffsetMs: number; strategies: number }>(
      await m.anonymous.post("/__mock/reset", {}),
    );
    expect(after).toMatchObject({ clockOffsetMs: 0, strategies: 3 });
    expect((await body<Array<{ id: string }>>(await m.alice.get("/v1/strategies"))).map((s) => s.id)).toEqual([
      aliceQuantum,
    ]);
  });

  it("settings change latency and the duration of later builds", async () => {
    const m = makeMock();
    const s = await body<{ buildDurationMs: number }>(
      await m.anonymous.put("/__mock/settings", { buildDurationMs: 0 }),
    );
    expect(s.buildDurationMs).toBe(0);
    await m.alice.post(`/v1/strategies/${aliceQuantum}/submit`);
    expect((await body<{ status: number }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).status).toBe(100);
    expect((await m.anonymous.put("/__mock/settings", { latencyMs: -1 })).status).toBe(400);
    expect((await m.anonymous.put("/__mock/settings", { other: 1 })).status).toBe(400);
  });

  it("is not forced by X-Mock-Status, and is absent when disabled", async () => {
    expect((await makeMock().anonymous.get("/__mock/state", { "X-Mock-Status": "500" })).status).toBe(200);
    expect((await makeMock({ controlEnabled: false }).anonymous.post("/__mock/reset", {})).status).toBe(404);
  });
});
