// Sandbox sessions: sessions were created before the Host check, so
// requests answered 403 still created them (a rebinding page in Chromium filled all 64, then a
// real test worker got 409), and sessions never expired. Over real HTTP with the server's default
// Host check. And each session started with cold caches (its first search 40–160 ms instead of
// 5 ms; 64 sessions 107 MB): what derives from the fixtures alone is now shared.
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionDispatcher } from "../../packages/mock-server/src/app/createSessionDispatcher.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { premadeSearchIndex } from "../../packages/mock-server/src/services/premade/_internal/premadeSearchIndex.ts";
import { searchEntries } from "../../packages/mock-server/src/services/companySearch/_internal/searchEntries.ts";
import { fixtureUniverse } from "./_support/world.ts";

let server: RunningServer;
let key: string;
const clock = createManualClock(Date.UTC(2026, 0, 5, 12));
beforeAll(async () => {
  const universe = fixtureUniverse();
  server = await startServer({ port: 0, quiet: true, universe, clock, maxSessions: 64, sessionIdleMs: 30 * 60_000 });
  key = universe.users.find((u) => u.active)!.apiKey;
});
afterAll(async () => {
  await server?.close();
});

/** A request with a `Host` header of our choice (fetch forbids setting it), through Node's http client. */
async function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: { error?: string } }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}`, ...headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { error?: string } }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("sandbox sessions over HTTP", () => {
  it("70 requests of a rebinding page (Host: attacker's name) are all 403 and create no session; a real worker then gets its own", async () => {
    for (let i = 0; i < 70; i++) {
      const r = await get("/v1/strategies", {
        Host: `rebind.attacker.example:${server.port}`,
        "X-Mock-Session": `evil-${i}`,
      });
      expect(r.status).toBe(403);
    }
    expect(server.dispatcher.sessions.list()).toEqual([]);
    const worker = await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "worker-1" });
    expect(worker.status).toBe(200);
    expect(server.dispatcher.sessions.list().map((s) => s.name)).toEqual(["worker-1"]);
  });

  it("a full registry frees the places of sessions idle for 30 minutes; the 409 names the way to free one", async () => {
    for (let i = 2; i <= 64; i++)
      expect(
        (await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": `worker-${i}` })).status,
      ).toBe(200);
    const full = await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "late" });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(
      /free one with DELETE \/__mock\/sessions\/\{name\} \(least recently used: worker-1 /,
    );
    clock.advance(20 * 60_000);
    expect(
      (await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "worker-1" })).status,
    ).toBe(200); // in use
    clock.advance(11 * 60_000); // the 63 others idle for 31 minutes
    expect((await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "late" })).status).toBe(
      200,
    );
    expect(
      server.dispatcher.sessions
        .list()
        .map((s) => s.name)
        .sort(),
    ).toEqual(["late", "worker-1"]);
  });
});

describe("sessions share what derives from the fixtures alone", () => {
  const universe = fixtureUniverse();
  const userKey = universe.users.find((u) => u.active)!.apiKey;
  const premade = universe.premadeStrategies[0]!.id;
  const d = createSessionDispatcher({ universe, clock: createManualClock(), quiet: true });
  const send = (session: string | null, path: string, body?: unknown) =>
    d
      .fetch(
        new Request(`http://127.0.0.1${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: {
            Authorization: `Bearer ${userKey}`,
            "Content-Type": "application/json",
            ...(session === null ? {} : { "X-Mock-Session": session }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      )
      .then(async (r) => ({ status: r.status, text: await r.text() }));
  /** A frontend test's first steps: a premade search, a premade company list, a company search. */
  const firstSteps = async (session: string | null) => {
    for (const r of [
      await send(session, "/v1/premade-strategies/search", { objective: "chips for AI data centres" }),
      await send(session, `/v1/premade-strategies/${premade}/companies`),
      await send(session, "/v1/helper/companies/search", { query: "nv" }),
    ])
      expect(r.status).toBe(200);
  };
  const cpuMs = async (work: () => Promise<void>) => {
    const start = process.cpuUsage();
    await work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };

  it("a new session uses the search index and company entries already built (the same objects), and answers the same", async () => {
    await firstSteps(null);
    await firstSteps("fresh");
    const sessionCtx = d.session("fresh")!.ctx;
    expect(premadeSearchIndex(sessionCtx)).toBe(premadeSearchIndex(d.mock.ctx));
    expect(searchEntries(sessionCtx)).toBe(searchEntries(d.mock.ctx));
    expect((await send("fresh", "/v1/premade-strategies/search", { objective: "batteries" })).text).toBe(
      (await send(null, "/v1/premade-strategies/search", { objective: "batteries" })).text,
    );
  });

  it("a new session's first steps cost CPU of the order of the same steps repeated (before: about 30 times)", async () => {
    await firstSteps(null);
    const first: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < 7; i++) {
      first.push(await cpuMs(() => firstSteps(`cold-${i}`)));
      again.push(await cpuMs(() => firstSteps(`cold-${i}`)));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    // What is left per session is its own app and state (about 4 times the repeated steps here).
    expect(median(first) / median(again)).toBeLessThan(12);
  });
});
