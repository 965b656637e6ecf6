import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../../../../test/_support/timeScale.ts";
import { startServer } from "../adapters/node/startServer.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { spawnAnswerWorker } from "../adapters/node/_internal/spawnAnswerWorker.ts";
import { workerAnswerInspector } from "../adapters/node/workerAnswerInspector.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import { createDriftLog } from "./DriftLog.ts";
import type { DriftReport } from "./DriftLog.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";

const universe = loadDefaultUniverse();
const MIB = 1024 * 1024;

/** What the test upstream does with the next request: the test drives it step by step. */
type Script = (req: IncomingMessage, res: ServerResponse) => void;
let script: Script = (_req, res) => res.end();
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => script(req, res));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** Writes `chunk` and resolves once the socket took it (waits for `drain` when its buffer is full): the reader sets the pace. */
function write(res: ServerResponse, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (res.destroyed) return reject(new Error("closed"));
    if (res.write(chunk)) return resolve();
    const onDrain = () => {
      res.off("close", onClose);
      resolve();
    };
    const onClose = () => {
      res.off("drain", onDrain);
      reject(new Error("closed"));
    };
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}

/**
 * `fetch` as the proxy uses it, reporting when the proxy has read an upstream body to its end
 * (socket buffers hold megabytes: the upstream having sent its last byte does not mean the proxy
 * has read it).
 */
function fetchReporting(readToTheEnd: () => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        controller.close();
        readToTheEnd();
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** A body of `bytes` bytes that is not JSON (an HTML page). */
function htmlBody(bytes: number): Uint8Array {
  const body = Buffer.alloc(bytes, "<p>quarterly report</p>\n");
  body.write("<!doctype html><script>fetch('/__mock/state')</script>");
  return body;
}

describe("--proxy with large upstream answers", () => {
  it.each([
    { kind: "an HTML page", contentType: "text/html; charset=utf-8", body: () => htmlBody(12 * MIB) },
    {
      kind: "a JSON document",
      contentType: "application/json",
      body: () =>
        Buffer.from(
          JSON.stringify(
            Array.from({ length: 90_000 }, (_, i) => ({
              id: `c-${i}`,
              name: `Company ${i}`,
              weight: i / 7,
              tags: ["a", "b"],
              email: `person${i}@example.com`,
            })),
          ),
        ),
    },
  ])(
    "answers other requests while it checks and records $kind of several MiB, and records it whole",
    async ({ contentType, body }) => {
      const dir = mkdtempSync(join(tmpdir(), "thematic-record-large-"));
      let readToTheEnd!: () => void;
      const proxyHasTheBody = new Promise<void>((resolve) => (readToTheEnd = resolve));
      // startServer({ proxyUrl, recordDir }) with fetch observed: the same inspector on a worker thread.
      const inspector = workerAnswerInspector({ recordDir: dir });
      const proxy = await startServer({
        port: 0,
        universe,
        quiet: true,
        solver: inlineSolverRunner,
        proxy: {
          upstream: upstreamUrl,
          drift: createDriftLog(
            upstreamUrl,
            () => Date.now(),
            () => undefined,
          ),
          inspect: inspector.inspect,
          fetch: fetchReporting(readToTheEnd),
        },
      });
      try {
        const bytes = body();
        const events: string[] = [];
        const health = async (label: string) => {
          const response = await fetch(`${proxy.url}/__mock/drift`);
          await response.arrayBuffer();
          events.push(`${label} ${response.status}`);
        };
        let sendRest!: () => void;
        const restAllowed = new Promise<void>((resolve) => (sendRest = resolve));
        script = (_req, res) => {
          res.writeHead(200, { "Content-Type": contentType, "Content-Length": String(bytes.length) });
          void (async () => {
            // Most of the body, at the reader's pace; the last 64 KiB only when the test says so.
            const head = bytes.length - 64 * 1024;
            for (let at = 0; at < head; at += 256 * 1024)
              await write(res, bytes.subarray(at, Math.min(at + 256 * 1024, head)));
            await restAllowed;
            res.end(bytes.subarray(head));
          })();
        };
        const proxied = fetch(`${proxy.url}/v1/files/report`).then(async (response) => {
          events.push(`proxied headers ${response.status}`);
          return { response, body: new Uint8Array(await response.arrayBuffer()) };
        });

        // While the body is in flight, the mock answers.
        await health("health while in flight");
        sendRest();
        // Once the proxy has the whole body, its per-answer work (parse, drift check, redaction,
        // base64, the file written) must not hold up a request arriving now.
        await proxyHasTheBody;
        await health("health with the whole body read");
        const { response, body: received } = await proxied;

        expect(events).toEqual([
          "health while in flight 200",
          "health with the whole body read 200",
          "proxied headers 200",
        ]);
        expect(response.headers.get("content-type")).toBe(contentType);
        expect(received.length).toBe(bytes.length);
        expect(Buffer.compare(Buffer.from(received), Buffer.from(bytes))).toBe(0);
        // a page from the upstream cannot run on the mock's origin; JSON is left as it is
        expect(response.headers.get("content-security-policy")).toBe(
          contentType.startsWith("text/html") ? "sandbox; default-src 'none'" : null,
        );

        const files = readdirSync(dir);
        expect(files).toHaveLength(1);
        const saved = JSON.parse(readFileSync(join(dir, files[0]!), "utf8")) as RecordedExchange;
        if (saved.response.bodyBase64 !== undefined)
          expect(Buffer.from(saved.response.bodyBase64, "base64").length).toBe(bytes.length);
        else expect(saved.response.json as Array<{ email: string }>).toHaveLength(90_000);
        if (saved.response.json !== undefined)
          expect(JSON.stringify(saved.response.json)).not.toContain("@example.com");
      } finally {
        await proxy.close();
        await inspector.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    scaled(120_000),
  );

  it.each([
    { kind: "a body that grows past the cap", declared: false },
    { kind: "a body whose Content-Length is past the cap (400 MiB)", declared: true },
  ])(
    "answers 502 naming the cap and the option for $kind, closes the upstream connection and reads no more of it",
    async ({ declared }) => {
      const proxy = await startServer({
        port: 0,
        universe,
        quiet: true,
        log: () => undefined,
        solver: inlineSolverRunner,
        proxyUrl: upstreamUrl,
        maxUpstreamBodyBytes: MIB,
      });
      try {
        const total = declared ? 400 * MIB : 48 * MIB;
        let written = 0;
        const upstreamClosed = new Promise<{ finished: boolean }>((resolve) => {
          script = (_req, res) => {
            res.once("close", () => resolve({ finished: res.writableFinished }));
            res.writeHead(200, {
              "Content-Type": "application/octet-stream",
              ...(declared ? { "Content-Length": String(total) } : {}),
            });
            void (async () => {
              const chunk = Buffer.alloc(256 * 1024, 7);
              try {
                while (written < total) {
                  await write(res, chunk);
                  written += chunk.length;
                }
                res.end();
              } catch {
                // the mock closed the connection: stop sending
              }
            })();
          };
        });
        const response = await fetch(`${proxy.url}/v1/files/archive`);
        expect(response.status).toBe(502);
        const { error } = (await response.json()) as { error: string };
        expect(error).toContain("larger than 1 MiB");
        expect(error).toContain("--max-upstream-body");
        if (declared) expect(error).toContain("400 MiB declared");
        // The mock stopped the upstream: the connection closed before the body was sent, and what
        // was sent is what socket buffers hold past the cap, far from the whole body.
        expect(await upstreamClosed).toEqual({ finished: false });
        expect(written).toBeLessThan(total);
        expect(written).toBeLessThan(24 * MIB);
        // and the mock goes on serving
        expect((await fetch(`${proxy.url}/__mock/drift`)).status).toBe(200);
      } finally {
        await proxy.close();
      }
    },
    scaled(120_000),
  );

  it(
    "forwards an answer whose inspection exhausts the worker thread's heap, logs why, and inspects the next answer on a new thread",
    async () => {
      const logs: string[] = [];
      let spawned = 0;
      // The first thread gets a heap far too small for the answer below; the next ones the default.
      const inspector = workerAnswerInspector({
        spawn: (data, limits) => spawnAnswerWorker(data, spawned++ === 0 ? { maxOldGenerationSizeMb: 32 } : limits),
      });
      const drift = createDriftLog(
        upstreamUrl,
        () => Date.now(),
        () => undefined,
      );
      const proxy = await startServer({
        port: 0,
        universe,
        quiet: true,
        solver: inlineSolverRunner,
        proxy: { upstream: upstreamUrl, drift, inspect: inspector.inspect, log: (line) => logs.push(line) },
      });
      try {
        const big = Buffer.from(
          JSON.stringify(
            Array.from({ length: 150_000 }, (_, i) => ({
              id: `c-${i}`,
              values: [i, i + 1, i + 2],
              label: `item ${i}`,
            })),
          ),
        );
        script = (req, res) => {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(req.url === "/v1/files/big" ? big : JSON.stringify({ ok: true }));
        };
        const first = await fetch(`${proxy.url}/v1/files/big`);
        expect(first.status).toBe(200);
        expect((await first.arrayBuffer()).byteLength).toBe(big.length);
        expect(logs).toEqual([
          expect.stringMatching(/could not be checked or recorded: the answer worker thread stopped \(out of memory/),
        ]);
        expect((drift.report() as DriftReport).requests).toBe(0);

        const second = await fetch(`${proxy.url}/v1/files/small`);
        expect(await second.json()).toEqual({ ok: true });
        expect(drift.report().requests).toBe(1);
        expect(spawned).toBe(2);
      } finally {
        await proxy.close();
        await inspector.close();
      }
    },
    scaled(120_000),
  );

  it(
    "answers 502 {error} when the upstream's answer breaks off before its end",
    async () => {
      const proxy = await startServer({
        port: 0,
        universe,
        quiet: true,
        log: () => undefined,
        solver: inlineSolverRunner,
        proxyUrl: upstreamUrl,
      });
      try {
        script = (_req, res) => {
          res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100000" });
          res.write('{"items": [', () => res.destroy());
        };
        const response = await fetch(`${proxy.url}/v1/files/cut`);
        expect(response.status).toBe(502);
        expect(((await response.json()) as { error: string }).error).toMatch(
          /^the upstream's answer broke off before its end/,
        );
      } finally {
        await proxy.close();
      }
    },
    scaled(60_000),
  );
});
