import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../adapters/node/startServer.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import type { DriftReport } from "./DriftLog.ts";

const universe = loadDefaultUniverse();
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

/** A word of letters only for `i` (no digit: never taken for an id). */
const word = (i: number): string => String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));

describe("GET /__mock/drift under --proxy", () => {
  it("one row per route the mock lacks, not per id; routes beyond the cap counted in one row", async () => {
    const proxy = await startServer({
      port: 0,
      universe,
      quiet: true,
      solver: inlineSolverRunner,
      proxyUrl: upstreamUrl,
    });
    try {
      const paths = [
        ...Array.from({ length: 60 }, (_, i) => `/v1/gadgets/${crypto.randomUUID()}/specs/${i}`),
        ...Array.from({ length: 130 }, (_, i) => `/v1/${word(i)}-things`),
      ];
      for (const path of paths) await (await fetch(`${proxy.url}${path}`)).arrayBuffer();
      const report = (await (await fetch(`${proxy.url}/__mock/drift`)).json()) as DriftReport;
      expect(report.requests).toBe(190);
      const gadgets = report.endpoints.filter((e) => e.operation.startsWith("GET /v1/gadgets/"));
      expect(gadgets).toEqual([
        expect.objectContaining({
          operation: "GET /v1/gadgets/{id}/specs/{id}",
          requests: 60,
          statuses: { "404": 60 },
        }),
      ]);
      expect(gadgets[0]!.samplePaths).toEqual(paths.slice(0, 3));
      expect(report.endpoints).toHaveLength(100 + 1);
      expect(report.endpoints.at(-1)).toMatchObject({ operation: "(other undocumented routes)", requests: 31 });
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
