import { describe, expect, it } from "vitest";
import { createManualClock } from "../clock/ManualClock.ts";
import { keys, testUniverse } from "../_test/testUniverse.ts";
import {
  createSessionDispatcher,
  DEFAULT_MAX_SESSIONS,
  type SessionDispatcherOptions,
} from "./createSessionDispatcher.ts";

function setup(options: SessionDispatcherOptions = {}) {
  const clock = createManualClock(Date.UTC(2025, 5, 2, 12));
  const d = createSessionDispatcher({ universe: testUniverse, clock, quiet: true, buildDurationMs: 4000, ...options });
  const send = async (
    method: string,
    path: string,
    {
      session,
      body,
      key = keys.alice,
      headers = {},
    }: { session?: string; body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const h: Record<string, string> = { ...headers };
    if (key !== null && !path.startsWith("/__mock")) h.Authorization = `Bearer ${key}`;
    if (session !== undefined) h["X-Mock-Session"] = session;
    if (body !== undefined) h["Content-Type"] = "application/json";
    const response = await d.fetch(
      new Request(`http://127.0.0.1${path}`, {
        method,
        headers: h,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return {
      status: response.status,
      json: (await response.json()) as Record<string, unknown> & Array<Record<string, unknown>>,
    };
  };
  const create = (session: string | undefined, name: string) =>
    send("POST", "/v1/strategies", { session, body: { name, objective: "Quantum computing hardware." } });
  const names = async (session?: string) => (await send("GET", "/v1/strategies", { session })).json.map((s) => s.name);
  return { d, send, create, names, clock };
}

describe("createSessionDispatcher", () => {
  it("a session sees the fixtures plus its own writes, never another session's nor the default's", async () => {
    const { create, names } = setup();
    const fixtures = await names();
    expect((await create("a", "in a")).status).toBe(201);
    expect((await create("b", "in b")).status).toBe(201);
    expect((await create(undefined, "in default")).status).toBe(201);
    expect((await names("a")).sort()).toEqual([...fixtures, "in a"].sort());
    expect((await names("b")).sort()).toEqual([...fixtures, "in b"].sort());
    expect((await names()).sort()).toEqual([...fixtures, "in default"].sort());
    expect((await names("default")).sort()).toEqual([...fixtures, "in default"].sort());
  });

  it("the control surface acts on the session the header names: reset, clock, settings", async () => {
    const { d, send, create, names } = setup();
    await create("a", "in a");
    await create(undefined, "in default");
    expect(
      (await send("POST", "/__mock/clock/advance", { session: "a", body: { ms: 60_000 } })).json.clockOffsetMs,
    ).toBe(60_000);
    expect((await send("GET", "/__mock/state")).json.clockOffsetMs).toBe(0);
    await send("PUT", "/__mock/settings", { session: "a", body: { latencyMs: 0, buildDurationMs: 1 } });
    expect(d.mock.ctx.options.buildDurationMs).toBe(4000);
    expect(d.session("a")!.ctx.options.buildDurationMs).toBe(1);
    await send("POST", "/__mock/reset", { session: "a", body: {} });
    expect(await names("a")).not.toContain("in a");
    expect(await names()).toContain("in default");
  });

  it("POST /__mock/sessions creates (201) or returns (200); GET lists; DELETE drops the state", async () => {
    const { send, create, names } = setup();
    expect(await send("POST", "/__mock/sessions", { body: { name: "w1" } })).toMatchObject({
      status: 201,
      json: { name: "w1", createdAt: "2025-06-02T12:00:00.000Z" },
    });
    await create("w1", "kept");
    expect(await send("POST", "/__mock/sessions", { body: { name: "w1" } })).toMatchObject({
      status: 200,
      json: { name: "w1" },
    });
    expect(await names("w1")).toContain("kept");
    await create("w2", "first use creates it");
    const listed = await send("GET", "/__mock/sessions");
    expect(listed.json.sessions).toEqual([
      expect.objectContaining({ name: "w1" }),
      expect.objectContaining({ name: "w2" }),
    ]);
    expect(listed.json.maxSessions).toBe(DEFAULT_MAX_SESSIONS);
    expect(await send("DELETE", "/__mock/sessions/w1", { body: {} })).toMatchObject({
      status: 200,
      json: { name: "w1", deleted: true },
    });
    expect(await names("w1")).not.toContain("kept"); // a new, fresh session of the same name
    expect(await send("DELETE", "/__mock/sessions/nope", { body: {} })).toMatchObject({
      status: 404,
      json: { error: "session nope not found" },
    });
  });

  it("refuses sessions beyond the cap with 409, until one is dropped", async () => {
    const { send, create } = setup({ maxSessions: 2 });
    await create("a", "x");
    await create("b", "x");
    const refused = await create("c", "x");
    expect(refused.status).toBe(409);
    expect(String(refused.json.error)).toMatch(
      /session limit reached \(2 sessions alive\): free one with DELETE \/__mock\/sessions\/\{name\} \(least recently used: a \(unused for 0 min\), b \(unused for 0 min\)/,
    );
    expect(String(refused.json.error)).toMatch(
      /a session unused for 30 min is dropped \(--session-idle-minutes\); --max-sessions raises the limit/,
    );
    expect((await send("POST", "/__mock/sessions", { body: { name: "c" } })).status).toBe(409);
    await send("DELETE", "/__mock/sessions/a", { body: {} });
    expect((await create("c", "x")).status).toBe(201);
  });

  it("400 for a bad name (header or body), 415 for a DELETE without JSON, RangeError for a bad cap", async () => {
    const { send, create } = setup();
    expect(await create("no spaces", "x")).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^X-Mock-Session: /) },
    });
    expect((await create("x".repeat(65), "x")).status).toBe(400);
    expect(await send("POST", "/__mock/sessions", { body: { name: "default" } })).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/body\.name/) },
    });
    expect((await send("POST", "/__mock/sessions", { body: { name: "a", extra: 1 } })).status).toBe(400);
    expect((await send("POST", "/__mock/sessions", { body: { name: "a" } })).status).toBe(201);
    expect((await send("DELETE", "/__mock/sessions/a")).status).toBe(415);
    expect(() => createSessionDispatcher({ universe: testUniverse, maxSessions: 0 })).toThrow(RangeError);
  });

  it("without the control surface there are no sessions: the header is a 400 and the routes are absent", async () => {
    const { send, create } = setup({ controlEnabled: false });
    expect((await create("a", "x")).status).toBe(400);
    expect((await send("GET", "/__mock/sessions")).status).toBe(404);
  });

  it("sessions share the universe but not the memo or the store", () => {
    const { d } = setup();
    d.sessions.open("a");
    const a = d.session("a")!;
    expect(a.ctx.universe).toBe(d.mock.ctx.universe);
    expect(a.ctx.store).not.toBe(d.mock.ctx.store);
    expect(a.ctx.memo).not.toBe(d.mock.ctx.memo);
  });
});

describe("session control requests need JSON", () => {
  it("POST /__mock/sessions with a form or text body is refused and creates nothing", async () => {
    const { d } = setup();
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await d.fetch(
        new Request("http://127.0.0.1/__mock/sessions", {
          method: "POST",
          headers: { "Content-Type": type },
          body: "name=evil",
        }),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(d.sessions.list()).toEqual([]);
  });

  it("drops a session unused for sessionIdleMs (real time), so an abandoned one frees its place", async () => {
    const { d, send, create, clock } = setup({ maxSessions: 2, sessionIdleMs: 10 * 60_000 });
    await create("old", "x");
    clock.advance(6 * 60_000);
    await create("recent", "x");
    clock.advance(5 * 60_000); // "old" unused for 11 min, "recent" for 5
    expect((await create("new", "x")).status).toBe(201); // "old" was dropped to make room
    expect(
      d.sessions
        .list()
        .map((s) => s.name)
        .sort(),
    ).toEqual(["new", "recent"]);
    const listed = await send("GET", "/__mock/sessions");
    expect(listed.json.idleMinutes).toBe(10);
    clock.advance(10 * 60_000);
    expect(d.sessions.list()).toEqual([]); // listing drops the idle ones too
  });

  it("sessionIdleMs 0 keeps sessions forever (the 409 says so)", async () => {
    const { create, clock } = setup({ maxSessions: 1, sessionIdleMs: 0 });
    await create("a", "x");
    clock.advance(365 * 86_400_000);
    const refused = await create("b", "x");
    expect(refused.status).toBe(409);
    expect(String(refused.json.error)).toMatch(/sessions do not expire on this server/);
  });

  it("a request refused for its Host (DNS-rebinding guard) creates no session", async () => {
    const { d, send } = setup({ allowedHosts: [] });
    for (let i = 0; i < 5; i++) {
      const r = await send("GET", "/v1/strategies", {
        session: `rebound-${i}`,
        headers: { Host: "evil.example:4010" },
      });
      expect(r.status).toBe(403);
      expect(String(r.json.error)).toMatch(/Host "evil\.example:4010" is not allowed/);
    }
    expect(d.sessions.list()).toEqual([]);
    expect((await send("GET", "/v1/strategies", { session: "real", headers: { Host: "127.0.0.1:4010" } })).status).toBe(
      200,
    );
    expect(d.sessions.list().map((s) => s.name)).toEqual(["real"]);
  });
});
