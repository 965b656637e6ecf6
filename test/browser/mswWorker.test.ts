import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../_support/launchChromium.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The mock in a real browser: a page bundled for the browser platform starts msw's service worker
 * with `setupMockWorker`, and `fetch` calls from the page to the service's base URL are answered by
 * the mock (embedded fixtures, bearer auth, {error} bodies). Debian's Chromium runs headless
 * (.ci/run installs it when it is missing; CHROMIUM_PATH overrides its location).
 */
const KEY = "thm_ines_63e54a1cde00f20d";
let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, "_page/main.ts")],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    conditions: ["@thematic/source"],
    // The solver is only loaded by the optimizers (not exercised here) through a lazy import.
    external: ["highs"],
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]!.text;
  const worker = readFileSync(createRequire(import.meta.url).resolve("msw/mockServiceWorker.js"), "utf8");
  const html = `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/main.js"></script></head><body>mock</body></html>`;
  const fixtures = join(import.meta.dirname, "..", "..", "fixtures", "data");
  server = createServer((req, res) => {
    const data = /^\/fixtures\/([a-z-]+\.json)$/.exec(req.url ?? "");
    if (data !== null) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(readFileSync(join(fixtures, data[1]!)));
      return;
    }
    const [type, body] =
      req.url === "/main.js"
        ? ["text/javascript", script]
        : req.url === "/mockServiceWorker.js"
          ? ["text/javascript", worker]
          : ["text/html", html];
    res.writeHead(200, { "Content-Type": type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.evaluate(() => window.mockReady);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function call(
  path: string,
  init: { method?: string; key?: string; body?: unknown } = {},
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, init }) => {
      const headers: Record<string, string> = {};
      if (init.key !== undefined) headers.Authorization = `Bearer ${init.key}`;
      if (init.body !== undefined) headers["Content-Type"] = "application/json";
      const response = await fetch(`https://api.thematic.test${path}`, {
        method: init.method ?? "GET",
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    { path, init },
  );
}

describe("msw setupWorker in Chromium", () => {
  it("answers health without a key", async () => {
    expect(await call("/v1/health")).toEqual({ status: 200, json: { status: "OK", message: "Service is running" } });
  });

  it("serves the embedded fixtures behind bearer auth", async () => {
    const premade = await call("/v1/premade-strategies", { key: KEY });
    expect(premade.status).toBe(200);
    expect((premade.json as unknown[]).length).toBe(18);
    const unauthorised = await call("/v1/premade-strategies");
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.json).toEqual({ error: expect.any(String) });
  });

  it("runs the engine in the page: a backtest and a company search", async () => {
    const search = await call("/v1/helper/companies/search", {
      method: "POST",
      key: KEY,
      body: { query: "a", limit: 3 },
    });
    expect(search.status).toBe(200);
    const ids = (search.json as { results: Array<{ id: string }> }).results.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const backtest = await call("/v1/backtest", {
      method: "POST",
      key: KEY,
      body: { holdings: ids.map((companyId) => ({ companyId, weight: 1 })), years: 1 },
    });
    expect(backtest.status).toBe(200);
    const result = backtest.json as { timeSeries: Array<[number, number]>; metadata: { weekCount: number } };
    expect(result.timeSeries[0]![1]).toBe(10000);
    expect(result.metadata.weekCount).toBe(52);
  });

  it("keeps state in the page: a created strategy is listed, and bad input is 400 {error}", async () => {
    const created = await call("/v1/strategies", {
      method: "POST",
      key: KEY,
      body: { name: "Browser test", objective: "companies building grid-scale batteries" },
    });
    expect(created.status).toBe(201);
    const list = await call("/v1/strategies", { key: KEY });
    expect((list.json as Array<{ name: string }>).map((s) => s.name)).toContain("Browser test");
    const bad = await call("/v1/strategies", { method: "POST", key: KEY, body: { name: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: expect.stringMatching(/name/) });
  });
});
