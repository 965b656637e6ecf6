import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";
import { servePage } from "./_support/servePage.ts";

const ctx = inject("packaging");

describe("@thematic/mock-server/msw/browser in a user's app (vite), in headless Chromium", () => {
  it("serves the mock through msw's worker, which the app gets with `npx msw init public`", async () => {
    const dir = join(ctx.project, "web-msw");
    mkdirSync(join(dir, "src"), { recursive: true });
    // What the mock-server README tells a frontend team to run once.
    await runOk("npx msw init web-msw/public --no-save", ctx.project);
    expect(existsSync(join(dir, "public", "mockServiceWorker.js"))).toBe(true);
    writeFileSync(
      join(dir, "src", "main.js"),
      `import { setupMockWorker } from "@thematic/mock-server/msw/browser";
const base = "https://api.example.test";
window.result = (async () => {
  await setupMockWorker({ baseUrl: base }).start({ quiet: true });
  const key = "thm_ines_63e54a1cde00f20d";
  const health = await (await fetch(base + "/v1/health")).json();
  const premade = await fetch(base + "/v1/premade-strategies", { headers: { Authorization: "Bearer " + key } });
  const anonymous = await fetch(base + "/v1/premade-strategies");
  return { health, premade: [premade.status, (await premade.json()).length], anonymous: anonymous.status };
})().catch((e) => ({ error: String(e && e.message || e) }));
`,
    );
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><meta charset="utf-8"><script type="module" src="/src/main.js"></script>',
    );
    await runOk("npx vite build --logLevel warn", dir);
    expect(readFileSync(join(dir, "dist", "mockServiceWorker.js"), "utf8")).toMatch(/Mock Service Worker/);
    const errors: string[] = [];
    const served = await servePage(join(dir, "dist"), errors);
    try {
      const result = await served.page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result);
      expect(result).toEqual({
        health: { status: "OK", message: "Service is running" },
        premade: [200, 18],
        anonymous: 401,
      });
      expect(served.requested).toContain("/mockServiceWorker.js");
      // The one 401 is the anonymous request above (Chromium logs every failed status).
      expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    } finally {
      await served.close();
    }
  });
});
