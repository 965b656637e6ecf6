import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../adapters/node/startServer.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import { fillPath, queryString } from "../openapi/captureExamples.ts";
import {
  EXAMPLE_OWNER,
  PRESIGNED_ONLY,
  type ExampleRequest,
  exampleIds,
  fixtureUser,
  specialCases,
  validRequests,
} from "../openapi/exampleRequests.ts";
import type { DriftReport } from "./DriftLog.ts";

const universe = loadDefaultUniverse();
const clock = () => createManualClock(Date.parse(`${universe.asOf}T12:00:00Z`) + 2 * 86_400_000);
const owner = fixtureUser(universe, EXAMPLE_OWNER);
const ids = exampleIds(universe);
const auth = { Authorization: `Bearer ${owner.apiKey}` };

/** The mock's real answer to a request, as the fake upstream's starting point. */
let truth: RunningServer;
let upstream: Server;
let upstreamUrl: string;
const seenByUpstream: Array<{ method: string; url: string; authorization: string | undefined }> = [];

/**
 * The fake upstream: answers as the mock does, with deliberate drift on three endpoints:
 * GET /v1/strategies/{id} loses `name`, gets `status` as a string and an extra `owner_email`;
 * GET /v1/strategies answers 202; GET /v1/benchmarks is the mock's answer unchanged.
 */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  seenByUpstream.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization });
  const real = await fetch(truth.url + req.url, {
    method: req.method,
    headers: { authorization: req.headers.authorization ?? "" },
  });
  let body = await real.text();
  let status = real.status;
  if (req.url === `/v1/strategies/${ids.publicStrategy}`) {
    const json = JSON.parse(body) as Record<string, unknown>;
    delete json.name;
    json.status = String(json.status);
    json.owner_email = "ines@example.com";
    json.note = `made with key ${owner.apiKey}`;
    body = JSON.stringify(json);
  }
  if (req.url === "/v1/strategies?scope=user") status = 202;
  res.writeHead(status, { "Content-Type": real.headers.get("content-type") ?? "application/json" });
  res.end(body);
}

beforeAll(async () => {
  truth = await startServer({ port: 0, universe, clock: clock(), quiet: true, solver: inlineSolverRunner });
  upstream = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await truth.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("--proxy", () => {
  it("forwards with the caller's key, answers what the upstream answered, and reports drift per endpoint and field (log and GET /__mock/drift)", async () => {
    const logs: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), "thematic-record-"));
    const proxy = await startServer({
      port: 0,
      universe,
      clock: clock(),
      quiet: true,
      log: (l) => logs.push(l),
      solver: inlineSolverRunner,
      proxyUrl: upstreamUrl,
      recordDir: dir,
    });
    try {
      const one = await fetch(`${proxy.url}/v1/strategies/${ids.publicStrategy}`, { headers: auth });
      expect(one.status).toBe(200);
      const body = (await one.json()) as Record<string, unknown>;
      expect(body.owner_email).toBe("ines@example.com");
      expect(seenByUpstream.at(-1)).toMatchObject({ method: "GET", authorization: auth.Authorization });
      expect((await fetch(`${proxy.url}/v1/strategies?scope=user`, { headers: auth })).status).toBe(202);
      expect((await fetch(`${proxy.url}/v1/benchmarks`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${proxy.url}/v1/strategies/${ids.publicStrategy}`, { headers: auth })).status).toBe(200);

      const report = (await (await fetch(`${proxy.url}/__mock/drift`)).json()) as DriftReport;
      expect(report).toMatchObject({ mode: "proxy", upstream: upstreamUrl, requests: 4, drifted: 3 });
      const byOp = new Map(report.endpoints.map((e) => [e.operation, e]));
      const strategy = byOp.get("GET /v1/strategies/{id}")!;
      expect(strategy).toMatchObject({ requests: 2, drifted: 2, statuses: { "200": 2 } });
      const fields = Object.fromEntries(strategy.fields.map((f) => [`${f.path} ${f.kind}`, f]));
      expect(Object.keys(fields).sort()).toEqual([
        "$.name missing",
        "$.note extra",
        "$.owner_email extra",
        "$.status type",
      ]);
      expect(fields["$.status type"]).toMatchObject({ expected: "integer", got: "string", count: 2 });
      expect(byOp.get("GET /v1/strategies")!.fields).toEqual([
        expect.objectContaining({ path: "$", kind: "status", got: "202" }),
      ]);
      expect(byOp.get("GET /v1/benchmarks")).toMatchObject({ requests: 1, drifted: 0, fields: [] });
      // the log names each drifted field once
      expect(logs.filter((l) => l.includes("drift GET /v1/strategies/{id} 200: $.name missing"))).toHaveLength(1);
      expect(logs.some((l) => l.includes("drift GET /v1/strategies 202: $ status"))).toBe(true);

      // --record: one file per distinct request, no key, no e-mail address
      const files = readdirSync(dir);
      expect(files).toHaveLength(3);
      const text = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
      expect(text).not.toContain(owner.apiKey);
      expect(text).not.toContain("ines@example.com");
      expect(text).toContain("[redacted]");
    } finally {
      await proxy.close();
    }

    // --replay: the recorded answers come back without any upstream; other requests reach the mock
    const replay = await startServer({
      port: 0,
      universe,
      clock: clock(),
      quiet: true,
      solver: inlineSolverRunner,
      replayDir: dir,
    });
    try {
      const again = await fetch(`${replay.url}/v1/strategies/${ids.publicStrategy}`, { headers: auth });
      expect(again.status).toBe(200);
      expect(again.headers.get("x-mock-replayed")).not.toBeNull();
      const json = (await again.json()) as Record<string, unknown>;
      expect(json.owner_email).toBe("[redacted]");
      expect(json.name).toBeUndefined();
      expect((await fetch(`${replay.url}/v1/strategies?scope=user`, { headers: auth })).status).toBe(202);
      const live = await fetch(`${replay.url}/v1/strategies?scope=public`, { headers: auth });
      expect(live.status).toBe(200);
      expect(live.headers.get("x-mock-replayed")).toBeNull();
      expect(((await (await fetch(`${replay.url}/__mock/drift`)).json()) as DriftReport).mode).toBe("off");
    } finally {
      await replay.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("reports no drift when the upstream is the mock itself (every operation's example request)", async () => {
    const proxy = await startServer({
      port: 0,
      universe,
      clock: clock(),
      quiet: true,
      solver: inlineSolverRunner,
      proxyUrl: truth.url,
    });
    try {
      const send = async (r: ExampleRequest): Promise<number> => {
        const headers: Record<string, string> = r.as === "none" ? {} : { ...auth };
        if (r.body !== undefined) headers["Content-Type"] = "application/json";
        const response = await fetch(`${proxy.url}${fillPath(r.path, r.params ?? {})}${queryString(r.query ?? {})}`, {
          method: r.method,
          headers,
          redirect: "manual",
          ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
        });
        await response.arrayBuffer();
        return response.status;
      };
      for (const [key, r] of Object.entries(validRequests(ids))) {
        if (!r.path.startsWith("/v1/") && !r.path.startsWith("/v2/")) continue;
        if (PRESIGNED_ONLY.test(r.path)) continue; // its address is signed by the serving process (reached by GET …/factsheet's 302)
        truth.ctx.store.reset(); // each example on the fixtures' state, as documented
        for (const step of specialCases(ids, key, 200, r)?.setup ?? []) await send(step);
        expect(await send(r), key).toBeLessThan(500);
      }
      const report = (await (await fetch(`${proxy.url}/__mock/drift`)).json()) as DriftReport;
      expect(report.requests).toBeGreaterThan(60);
      // bodies, queries and keys reach the upstream: the example requests succeed through the proxy
      const failed = report.endpoints
        .filter((e) => Object.keys(e.statuses).some((s) => Number(s) >= 400))
        .map((e) => `${e.operation} ${JSON.stringify(e.statuses)}`);
      expect(failed).toEqual([]);
      expect(
        report.endpoints
          .filter((e) => e.fields.length > 0)
          .map((e) => `${e.operation}: ${JSON.stringify(e.fields.slice(0, 2))}`),
      ).toEqual([]);
    } finally {
      await proxy.close();
      truth.ctx.store.reset();
    }
  }, 120_000);

  it("an unreachable upstream is a 502 {error}", async () => {
    const proxy = await startServer({
      port: 0,
      universe,
      clock: clock(),
      quiet: true,
      solver: inlineSolverRunner,
      proxyUrl: "http://127.0.0.1:1",
    });
    try {
      const response = await fetch(`${proxy.url}/v1/health`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toContain("could not be reached");
    } finally {
      await proxy.close();
    }
  });
});
