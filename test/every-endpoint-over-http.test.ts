import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../packages/mock-server/src/adapters/node/startServer.ts";
import { createManualClock } from "../packages/mock-server/src/clock/ManualClock.ts";
import { operationKey } from "./robustness/_support/documentedOperations.ts";
import {
  endpointTable,
  fillPath,
  queryString,
  tableOperations,
  type Endpoint,
  withPresignedQuery,
} from "./robustness/_support/endpoints.ts";
import { createWorld, type Outgoing, type Received, RESIDENT_SESSION } from "./robustness/_support/world.ts";

/**
 * Every operation of the endpoint table (the documented ones and the studio's hidden ones), in process and over real HTTP: the standalone server (the Node
 * adapter on an ephemeral loopback port, same fixtures, same manual clock) must answer each
 * endpoint's valid example with the same status, content type and JSON as the app in process,
 * both starting from the fixtures' state. The status tests of each route run in process
 * (packages/mock-server/src/routes/*.test.ts); this proves the HTTP transport serves them all.
 */
const world = createWorld();
let server: RunningServer;

beforeAll(async () => {
  const clock = createManualClock(world.ctx.clock.now());
  server = await startServer({
    universe: world.universe,
    clock,
    quiet: true,
    port: 0,
    buildDurationMs: 4000,
    latencyMs: 0,
  });
});
afterAll(async () => {
  await server.close();
});

async function overHttp(request: Outgoing): Promise<Received> {
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  const init: RequestInit = { method: request.method, headers, redirect: "manual" }; // a 302 answered as is, as app.request does
  if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(request.body);
  }
  const response = await fetch(server.url + request.path, init);
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === "" || !isJson ? undefined : JSON.parse(text),
  };
}

/** The server back to the state a restored world has: the fixtures, clock offset 0, only the resident session. */
function restoreServer(): void {
  server.ctx.store.reset();
  server.ctx.clock.resetOffset();
  const sessions = server.dispatcher.sessions;
  for (const { name } of sessions.list()) sessions.remove(name);
  sessions.open(RESIDENT_SESSION);
}

/** The request log is each server's own history: compare its shape and capacity, not its entries. */
function comparable(endpoint: Endpoint, json: unknown): unknown {
  if (endpoint.path !== "/__mock/requests") return json;
  const log = json as { requests: Array<Record<string, unknown>>; latestSeq: number; capacity: number };
  return {
    capacity: log.capacity,
    entryKeys: [...new Set(log.requests.map((r) => Object.keys(r).sort().join()))],
    latestSeq: typeof log.latestSeq,
  };
}

/** Requests that put the fixtures in the state an example needs (revive needs an archived strategy). */
function setUp(endpoint: Endpoint): Outgoing[] {
  if (!endpoint.path.endsWith("/revive")) return [];
  const archive = endpoint.path.startsWith("/v2/")
    ? { method: "POST", path: fillPath("/v2/strategies/{id}/archive", endpoint.params) }
    : { method: "DELETE", path: fillPath("/v1/strategies/{id}", endpoint.params) };
  return [{ ...archive, headers: world.auth(world.owner) }];
}

function exampleRequest(endpoint: Endpoint): Outgoing {
  return {
    method: endpoint.method,
    path: fillPath(endpoint.path, endpoint.params) + queryString(Object.entries(endpoint.query)),
    headers: endpoint.secured ? world.auth(world.owner) : {},
    body: endpoint.body,
  };
}

describe("every documented endpoint over real HTTP", async () => {
  const endpoints = await endpointTable(world);
  const documented = await tableOperations(world);

  it("the table covers every operation of /openapi.json (and the studio's hidden ones)", () => {
    expect(endpoints.map((e) => operationKey(e.method, e.path)).sort()).toEqual([...documented.keys()].sort());
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: same answer in process and over HTTP`, async () => {
      // A presigned PDF address holds only in the mock that issued it: each side asks for its own.
      world.restore();
      for (const step of setUp(endpoint)) expect((await world.send(step)).status).toBeLessThan(300);
      const inProcess = await world.send(
        exampleRequest(await withPresignedQuery(endpoint, world.send, world.auth(world.owner))),
      );
      restoreServer();
      for (const step of setUp(endpoint)) expect((await overHttp(step)).status).toBeLessThan(300);
      const viaHttp = await overHttp(
        exampleRequest(await withPresignedQuery(endpoint, overHttp, world.auth(world.owner))),
      );
      expect(inProcess.status, inProcess.text).toBeLessThan(300);
      expect(viaHttp.status).toBe(inProcess.status);
      expect(viaHttp.headers.get("content-type")).toBe(inProcess.headers.get("content-type"));
      expect(comparable(endpoint, viaHttp.json)).toEqual(comparable(endpoint, inProcess.json));
      if (inProcess.json === undefined) expect(viaHttp.text).toBe(inProcess.text); // e.g. the factsheet PDF
    });
  }
});
