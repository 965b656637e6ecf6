// Web pages against the mock, in headless Chromium: a page on another
// origin (a second tiny server, reached as http://evil.test through Chromium's host resolver
// rules) tries to wipe or slow the state with an HTML form, a no-cors fetch and a CORS fetch; a
// DNS-rebinding page reaches the mock's port under its own name. None may change anything. A page
// on a local frontend origin (the default allow-list) keeps full access.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, launchChromium } from "../_support/launchChromium.ts";
import { fixtureUniverse } from "./_support/world.ts";

const universe = fixtureUniverse();
const key = universe.users.find((u) => u.active)!.apiKey;
let mock: RunningServer;
let pages: Server;
let pagePort: number;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mock = await startServer({ port: 0, quiet: true, universe, optimizerWorkers: 1 });
  pages = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(
      '<!doctype html><html><head><meta charset="utf-8"></head><body><iframe name="sink"></iframe></body></html>',
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pagePort = (pages.address() as AddressInfo).port;
  // The standard switches without --disable-quic, plus the host resolver rules for evil.test and rebind.test.
  browser = await launchChromium([
    ...CHROMIUM_ARGS.filter((arg) => arg !== "--disable-quic"),
    "--host-resolver-rules=MAP evil.test 127.0.0.1, MAP rebind.test 127.0.0.1",
  ]);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await mock?.close();
});
beforeEach(async () => {
  // A known state to compare with: the clock moved by one second, no extra latency.
  await fetch(`${mock.url}/__mock/reset`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  await fetch(`${mock.url}/__mock/clock/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: '{"ms":1000}',
  });
  page = await browser.newPage();
  return () => page.close();
});

const untouched = () => {
  expect(mock.ctx.clock.offset()).toBe(1000);
  expect(mock.ctx.options.latencyMs).toBe(0);
};

/** Submits an auto-built form from the current page into its iframe and waits for the answer to load. */
async function submitForm(action: string, enctype: string, fields: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ action, enctype, fields }) =>
      new Promise<void>((resolve) => {
        const form = document.createElement("form");
        Object.assign(form, { action, method: "POST", enctype, target: "sink" });
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement("input");
          Object.assign(input, { type: "hidden", name, value });
          form.append(input);
        }
        document.body.append(form);
        document.querySelector("iframe")!.addEventListener("load", () => resolve(), { once: true });
        form.submit();
      }),
    { action, enctype, fields },
  );
}

describe("a page on another origin", () => {
  beforeEach(async () => {
    await page.goto(`http://evil.test:${pagePort}/`);
  });

  it("cannot reset the state or complete builds with an HTML form (urlencoded, multipart, text/plain JSON)", async () => {
    await submitForm(`${mock.url}/__mock/reset`, "application/x-www-form-urlencoded", { a: "1" });
    await submitForm(`${mock.url}/__mock/reset`, "multipart/form-data", { a: "1" });
    await submitForm(`${mock.url}/__mock/reset`, "text/plain", { '{"a":"': '"}' }); // body {"a":"="}
    await submitForm(`${mock.url}/__mock/builds/complete`, "application/x-www-form-urlencoded", {});
    untouched();
  });

  it("cannot reset or slow the state with fetch, in no-cors or cors mode", async () => {
    const outcomes = await page.evaluate(async (base) => {
      const json = { "Content-Type": "application/json" };
      const tries = [
        fetch(`${base}/__mock/reset`, { method: "POST", mode: "no-cors", body: "{}" }),
        fetch(`${base}/__mock/reset`, { method: "POST", mode: "no-cors", headers: json, body: "{}" }), // the header is dropped: text/plain
        fetch(`${base}/__mock/reset`, { method: "POST", headers: json, body: "{}" }),
        fetch(`${base}/__mock/settings`, { method: "PUT", headers: json, body: '{"latencyMs":60000}' }),
      ];
      return Promise.all(
        tries.map((p) =>
          p.then(
            (r) => (r.type === "opaque" ? "opaque" : `status ${r.status}`),
            () => "blocked",
          ),
        ),
      );
    }, mock.url);
    expect(outcomes).toEqual(["opaque", "opaque", "blocked", "blocked"]);
    untouched();
  });

  it("cannot read the API, even with a valid key", async () => {
    const outcome = await page.evaluate(
      async ({ base, key }) =>
        fetch(`${base}/v1/strategies`, { headers: { Authorization: `Bearer ${key}` } }).then(
          (r) => `status ${r.status}`,
          () => "blocked",
        ),
      { base: mock.url, key },
    );
    expect(outcome).toBe("blocked");
  });
});

describe("a DNS-rebinding page (the mock's port under the attacker's name)", () => {
  it("gets 403 {error} for every request, its own-origin control requests included", async () => {
    const rebound = `http://rebind.test:${mock.port}`;
    const response = await page.goto(`${rebound}/v1/health`);
    expect(response?.status()).toBe(403);
    expect(JSON.parse(await response!.text())).toHaveProperty("error");
    const status = await page.evaluate(
      async () =>
        (await fetch("/__mock/reset", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }))
          .status,
    );
    expect(status).toBe(403);
    untouched();
  });
});

describe("a page on a local frontend origin (the default allow-list)", () => {
  it("reads the API and drives the control surface", async () => {
    await page.goto(`http://localhost:${pagePort}/`);
    const outcome = await page.evaluate(
      async ({ base, key }) => {
        const list = await fetch(`${base}/v1/strategies`, { headers: { Authorization: `Bearer ${key}` } });
        const advanced = await fetch(`${base}/__mock/clock/advance`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"ms":500}',
        });
        return {
          list: list.status,
          isArray: Array.isArray(await list.json()),
          advanced: advanced.status,
          offset: ((await advanced.json()) as { clockOffsetMs: number }).clockOffsetMs,
        };
      },
      { base: mock.url, key },
    );
    expect(outcome).toEqual({ list: 200, isArray: true, advanced: 200, offset: 1500 });
  });
});
