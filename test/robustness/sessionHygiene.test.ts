// Sandbox sessions (issue 20, item 3): sessions were created before the Host check, so requests
// answered 403 still created them (a rebinding page in Chromium filled all 64, then a real test
// worker got 409), and sessions never expired. Over real HTTP with the server's default Host check.
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
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
async function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: { error?: string } }> {
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
      const r = await get("/v1/strategies", { Host: `rebind.attacker.example:${server.port}`, "X-Mock-Session": `evil-${i}` });
      expect(r.status).toBe(403);
    }
    expect(server.dispatcher.sessions.list()).toEqual([]);
    const worker = await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "worker-1" });
    expect(worker.status).toBe(200);
    expect(server.dispatcher.sessions.list().map((s) => s.name)).toEqual(["worker-1"]);
  });

  it("a full registry frees the places of sessions idle for 30 minutes; the 409 names the way to free one", async () => {
    for (let i = 2; i <= 64; i++) expect((await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": `worker-${i}` })).status).toBe(200);
    const full = await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "late" });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/free one with DELETE \/__mock\/sessions\/\{name\} \(least recently used: worker-1 /);
    clock.advance(20 * 60_000);
    expect((await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "worker-1" })).status).toBe(200); // in use
    clock.advance(11 * 60_000); // the 63 others idle for 31 minutes
    expect((await get("/v1/strategies", { Host: `127.0.0.1:${server.port}`, "X-Mock-Session": "late" })).status).toBe(200);
    expect(server.dispatcher.sessions.list().map((s) => s.name).sort()).toEqual(["late", "worker-1"]);
  });
});
