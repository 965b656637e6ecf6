import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../packages/mock-server/src/adapters/node/startServer.ts";
import { launchChromium } from "../_support/launchChromium.ts";
import { scaled } from "../_support/timeScale.ts";

/**
 * @thematic/client in a real browser: bundled for the browser platform (no Node built-in may be
 * left), loaded by a page on one origin, calling the standalone mock on another (CORS, the
 * bearer key and X-Mock-Session preflighted), through the platform fetch and AbortSignal.
 */
const KEY = "thm_ines_63e54a1cde00f20d";
let bundle: { text: string; inputs: string[] };
let pages: Server;
let mock: RunningServer;
let browser: Browser;
let page: Page;

declare global {
  interface Window {
    thematic: typeof import("@thematic/client");
  }
}

beforeAll(async () => {
  const result = await build({
    stdin: { contents: `export * from "@thematic/client";`, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    conditions: ["@thematic/source"],
    logLevel: "silent",
  });
  bundle = { text: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
  mock = await startServer({ port: 0, quiet: true, latencyMs: 0, buildDurationMs: 300 });
  const html = `<!doctype html><html><head><meta charset="utf-8"><script type="module">import * as thematic from "/client.js"; window.thematic = thematic;</script></head><body>client</body></html>`;
  pages = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": req.url === "/client.js" ? "text/javascript" : "text/html" });
    res.end(req.url === "/client.js" ? bundle.text : html);
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://localhost:${(pages.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => window.thematic !== undefined);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await mock?.close();
});

describe("@thematic/client in Chromium", () => {
  it("bundles for the browser with openapi-fetch alone and no Node built-in", () => {
    expect(bundle.inputs.some((path) => path.startsWith("node:"))).toBe(false);
    expect(
      bundle.inputs
        .filter((path) => path.includes("node_modules"))
        .every((path) => /node_modules\/openapi-fetch\//.test(path)),
    ).toBe(true);
    expect(bundle.text).not.toMatch(/\bfrom\s*["']node:|\brequire\(/);
  });

  it("creates, submits and waits for a build across origins, in a sandbox session", async () => {
    const outcome = await page.evaluate(
      async ({ baseUrl, key, timeoutMs }) => {
        const client = new window.thematic.ThematicClient({
          baseUrl,
          apiKey: key,
          headers: { "X-Mock-Session": "browser" },
        });
        const created = await client.post("/v1/strategies", {
          body: { name: "From the browser", objective: "Grid-scale battery storage and power electronics." },
        });
        await client.post("/v1/strategies/{id}/submit", { params: { path: { id: created.id } } });
        const built = await client.waitForBuild(created.id, { initialDelayMs: 50, timeoutMs });
        const result = await client.optimize(created.id, { query: { maxWeight: 0.5 } });
        return { status: built.status, holdings: result.portfolio.length };
      },
      { baseUrl: mock.url, key: KEY, timeoutMs: scaled(20_000) },
    );
    expect(outcome.status).toBe(100);
    expect(outcome.holdings).toBeGreaterThan(0);
    expect(
      mock.dispatcher.session("browser")?.ctx.store.state.strategies.some((s) => s.name === "From the browser"),
    ).toBe(true);
    expect(mock.ctx.store.state.strategies.some((s) => s.name === "From the browser")).toBe(false);
  });

  it("throws ThematicApiError with the service's message, and aborts with AbortError", async () => {
    const outcome = await page.evaluate(
      async ({ baseUrl, key }) => {
        const { ThematicClient, isThematicApiError } = window.thematic;
        const client = new ThematicClient({ baseUrl, apiKey: key });
        const missing = await client
          .get("/v1/strategies/{id}", { params: { path: { id: "00000000-0000-4000-8000-000000000000" } } })
          .catch((e: unknown) => e);
        const controller = new AbortController();
        const pending = client
          .get("/v1/benchmarks", { signal: controller.signal, headers: { "X-Mock-Latency": "5000" } })
          .catch((e: unknown) => e);
        controller.abort();
        const aborted = (await pending) as Error;
        return {
          isApiError: isThematicApiError(missing, 404),
          error: (missing as { error: string }).error,
          aborted: aborted.name,
        };
      },
      { baseUrl: mock.url, key: KEY },
    );
    expect(outcome).toEqual({ isApiError: true, error: expect.stringMatching(/not found/), aborted: "AbortError" });
  });
});
