// The page of a Vite app using the mock through msw in development (`vite` dev server,
// as the mock-server README shows), in headless Chromium. What the page downloads is counted from
// the browser's side: the mock's code and the fixture data are loaded on the first request to the
// mocked service (not with the page), the data as JSON files (not JavaScript), no optimizer
// WebAssembly is fetched by a page that does not optimize, and the JavaScript stays under 4 MB.
//
// "JavaScript" is the code of every script the page loads. Vite's dev server appends to each
// pre-bundled dependency its source map, inline, as a base64 comment (about twice the code again);
// those bytes are printed beside the code and bounded too, but they are Vite's debugging aid, not
// code the page runs.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Response as PlaywrightResponse } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { launchChromium } from "../_support/launchChromium.ts";
import { runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");
const MB = 1e6;

/** One response the page received: its URL path, content type, bytes, and bytes before an inline source map. */
interface Loaded {
  path: string;
  type: string;
  bytes: number;
  code: number;
}

const INLINE_MAP = "\n//# sourceMappingURL=data:";

describe("the dev page of a Vite app using the mock through msw (vite dev server, Chromium)", () => {
  it("loads the mock and its data on the first request, the data as JSON, no WebAssembly, under 4 MB of JavaScript", async () => {
    const dir = join(ctx.project, "web-dev");
    mkdirSync(join(dir, "src"), { recursive: true });
    await runOk("npx msw init web-dev/public --no-save", ctx.project);
    // The README's development block (dynamic import under import.meta.env.DEV), then a frontend's first calls.
    writeFileSync(
      join(dir, "src", "main.js"),
      `const base = "https://api.example.test";
window.started = (async () => {
  if (import.meta.env.DEV) {
    const { setupMockWorker } = await import("@thematic/mock-server/msw/browser");
    await setupMockWorker({ baseUrl: base }).start({ quiet: true });
  }
})();
window.firstCalls = async () => {
  const key = "thm_ines_63e54a1cde00f20d";
  const health = await (await fetch(base + "/v1/health")).json();
  const premade = await (await fetch(base + "/v1/premade-strategies", { headers: { Authorization: "Bearer " + key } })).json();
  const id = premade[0].id;
  const detail = await fetch(base + "/v1/premade-strategies/" + id + "/companies", { headers: { Authorization: "Bearer " + key } });
  return { health, premade: premade.length, detail: detail.status };
};
`,
    );
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><meta charset="utf-8"><script type="module" src="/src/main.js"></script>',
    );
    const vite = (await import(
      pathToFileURL(join(ctx.project, "node_modules", "vite", "dist", "node", "index.js")).href
    )) as typeof import("vite");
    const server = await vite.createServer({
      root: dir,
      logLevel: "warn",
      server: { port: 0, host: "127.0.0.1" },
      clearScreen: false,
    });
    await server.listen();
    const url = server.resolvedUrls!.local[0]!;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const loaded: Loaded[] = [];
      const pending: Array<Promise<void>> = [];
      const record = async (r: PlaywrightResponse) => {
        const body = await r.body().catch(() => Buffer.alloc(0));
        const map = body.lastIndexOf(INLINE_MAP);
        loaded.push({
          path: new URL(r.url()).pathname,
          type: r.headers()["content-type"] ?? "",
          bytes: body.length,
          code: map < 0 ? body.length : map,
        });
      };
      page.on("response", (r) => void pending.push(record(r)));
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(url);
      await page.evaluate(() => (window as unknown as { started: Promise<void> }).started);
      await Promise.all(pending);
      const atStart = loaded.splice(0);
      const result = await page.evaluate(() =>
        (window as unknown as { firstCalls: () => Promise<unknown> }).firstCalls(),
      );
      expect(result).toEqual({ health: { status: "OK", message: "Service is running" }, premade: 18, detail: 200 });
      await Promise.all(pending);
      const afterCalls = loaded.splice(0);
      expect(errors).toEqual([]);

      const js = (list: Loaded[]) => list.filter((l) => /javascript/.test(l.type));
      const sum = (list: Loaded[], field: "bytes" | "code") => list.reduce((total, l) => total + l[field], 0);
      const data = afterCalls.filter((l) => l.path.includes("/@thematic/fixtures/data/"));
      const all = [...atStart, ...afterCalls];
      process.stdout.write(
        `[dev page] at start: ${(sum(js(atStart), "code") / MB).toFixed(2)} MB of JavaScript (${(sum(js(atStart), "bytes") / MB).toFixed(2)} MB with Vite's inline source maps), ${js(atStart).length} scripts\n` +
          `[dev page] after the first calls: ${(sum(js(all), "code") / MB).toFixed(2)} MB of JavaScript (${(sum(js(all), "bytes") / MB).toFixed(2)} MB with the inline maps), ${js(all).length} scripts; fixture data ${(sum(data, "bytes") / MB).toFixed(2)} MB as ${data.length} JSON files\n` +
          js(all)
            .sort((a, b) => b.code - a.code)
            .slice(0, 6)
            .map(
              (l) =>
                `[dev page]   ${(l.code / MB).toFixed(3)} MB (${(l.bytes / MB).toFixed(3)}) ${l.path.replace(/.*\/node_modules\//, "")}\n`,
            )
            .join(""),
      );
      // Nothing of the mock's data with the page; every file of it, as JSON, on the first request.
      expect(atStart.filter((l) => l.path.includes("/@thematic/fixtures/"))).toEqual([]);
      expect(data.map((l) => l.path.replace(/.*\//, "")).sort()).toEqual(
        [
          "benchmarks",
          "companies",
          "meta",
          "portfolios",
          "premade-strategies",
          "price-model",
          "themes",
          "user-strategies",
          "users",
        ].map((f) => `${f}.json`),
      );
      expect(data.every((l) => /json/.test(l.type))).toBe(true);
      // The mock's code (the app, its routes and schemas) comes with the first request too.
      expect(sum(js(atStart), "code")).toBeLessThan(sum(js(afterCalls), "code"));
      // No optimizer: no WebAssembly, no solver script.
      expect(all.filter((l) => /\.wasm|highs/.test(l.path))).toEqual([]);
      expect(sum(js(all), "code")).toBeLessThan(4 * MB);
      expect(sum(js(all), "bytes")).toBeLessThan(10 * MB);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
