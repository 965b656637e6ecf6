// Limits of a running mock, each with the failure it prevents: the clock offset is bounded (a
// state file with 1e300 would start, then /__mock/state would answer 500); the first backtest
// after a start does not hold the event loop while the fixtures' prices are generated (it held it
// 0.9–1.9 s); idle sockets cannot exhaust the file descriptors (a connection cap answers 503); 404
// answers do not echo the request path and carry `X-Content-Type-Options: nosniff`.
import { connect, type Socket } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures/load";
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { fixtureUniverse } from "./_support/world.ts";

const dir = mkdtempSync(join(tmpdir(), "thematic-server-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the clock offset is bounded", () => {
  it("a state file with clockOffsetMs 1e300 is refused at start, naming the field (before: it started, then /__mock/state was a 500)", () => {
    const universe = fixtureUniverse();
    const file = join(dir, "far-future.json");
    const { ctx } = createMock({
      universe,
      clock: createManualClock(),
      quiet: true,
      persistence: filePersistence(file),
    });
    const state = {
      ...(JSON.parse(JSON.stringify(ctx.store.state)) as Record<string, unknown>),
      clockOffsetMs: 1e300,
      journalSeq: 0,
    };
    writeFileSync(file, JSON.stringify(state));
    expect(() =>
      createMock({ universe, clock: createManualClock(), quiet: true, persistence: filePersistence(file) }),
    ).toThrow(/clockOffsetMs: must be from 0 to \d+ \(100 years\), got 1e\+300/);
  });

  it("advancing past LIMITS.CLOCK_OFFSET_MAX_MS is a 400 naming the limit and the way back; /__mock/state stays 200", async () => {
    const { app } = createMock({ universe: fixtureUniverse(), clock: createManualClock(), quiet: true });
    const advance = (ms: number) =>
      app.request("/__mock/clock/advance", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ms }),
      });
    const tenYears = 10 * 365 * 86_400_000;
    for (let i = 0; i < LIMITS.CLOCK_OFFSET_MAX_MS / tenYears; i++) expect((await advance(tenYears)).status).toBe(200);
    const refused = await advance(tenYears);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /at most 36500 days ahead .* POST \/__mock\/reset brings it back/,
    );
    const state = await app.request("/__mock/state");
    expect(state.status).toBe(200);
    expect(((await state.json()) as { clockOffsetMs: number }).clockOffsetMs).toBe(LIMITS.CLOCK_OFFSET_MAX_MS);
  });
});

describe("the first backtest after a start", () => {
  it("lets /v1/health be answered while the fixtures' prices are generated (before: none until the backtest answered)", async () => {
    const universe = loadUniverse(); // fresh: no price generated yet in this universe
    server = await startServer({ port: 0, quiet: true, universe });
    const key = universe.users.find((u) => u.active)!.apiKey;
    const holdings = universe.premadeStrategies[0]!.constituents.map((c) => ({ companyId: c.companyId, weight: 1 }));
    let answered = false;
    const backtest = fetch(`${server.url}/v1/backtest`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ holdings }),
    }).then(async (r) => {
      await r.arrayBuffer();
      answered = true;
      return r.status;
    });
    let healthDuring = 0;
    while (!answered) {
      const health = await fetch(`${server.url}/v1/health`);
      await health.arrayBuffer();
      if (!answered) healthDuring++;
    }
    expect(await backtest).toBe(200);
    expect(healthDuring).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

describe("the connection cap (Node adapter)", () => {
  /** Opens a TCP connection and resolves once it is established. */
  const open = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket));
      socket.once("error", reject);
    });
  /** Sends one raw GET /v1/health on a new connection and resolves with what the server wrote before closing. */
  const rawHealth = (port: number) =>
    new Promise<string>((resolve) => {
      let received = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      );
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
      socket.on("error", () => undefined);
    });

  it("past --max-connections idle sockets, a new connection reads 503 {error} at once; a freed place serves again", async () => {
    server = await startServer({ port: 0, quiet: true, universe: fixtureUniverse(), maxConnections: 4 });
    const idle = await Promise.all([1, 2, 3, 4].map(() => open(server!.port)));
    const refused = await rawHealth(server.port);
    expect(refused).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused).toMatch(/\r\nRetry-After: 1\r\n/);
    expect(JSON.parse(refused.slice(refused.indexOf("\r\n\r\n") + 4)).error).toMatch(
      /too many open connections .*--max-connections/,
    );
    idle[0]!.destroy();
    let served = "";
    while (!served.startsWith("HTTP/1.1 200")) served = await rawHealth(server.port); // once the server has seen the close
    for (const s of idle) s.destroy();
  }, 60_000);

  it("--max-connections is validated", async () => {
    await expect(startServer({ port: 0, quiet: true, universe: fixtureUniverse(), maxConnections: 0 })).rejects.toThrow(
      /maxConnections must be an integer in 1\.\.1000000/,
    );
  });
});

describe("404 answers", () => {
  it("do not echo the request path and carry X-Content-Type-Options: nosniff, as every answer does", async () => {
    const { app } = createMock({ universe: fixtureUniverse(), clock: createManualClock(), quiet: true });
    const probe = "/nothing-here/<script>alert(1)</script>";
    const r = await app.request(probe);
    expect(r.status).toBe(404);
    expect(r.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = await r.text();
    expect(text).not.toContain("script");
    expect(JSON.parse(text).error).toMatch(/^no route for GET at this path/);
    for (const [path, status] of [
      ["/v1/health", 200],
      ["/v1/strategies", 401],
      ["/openapi.json", 200],
    ] as const) {
      const other = await app.request(path);
      expect(other.status).toBe(status);
      expect(other.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });
});
