import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";
import { servePage } from "./_support/servePage.ts";

const ctx = inject("packaging");

/** The page's script: a backtest and a mean-CVaR optimization (HiGHS WebAssembly) in the browser. */
const pageScript = (configure: string) => `
import { buyAndHoldBacktest, meanCvarOptimize, configureOptimizerSolver } from "@thematic/engine";
${configure}
const day = 86400;
const calendar = Array.from({ length: 600 }, (_, i) => 18_519 * day + i * day);
const closes = (a, b) => calendar.map((_, i) => 50 + a * i + 10 * Math.sin(i / b));
const prices = new Map([["A", { start: 0, closes: closes(0.05, 5) }], ["B", { start: 0, closes: closes(0.02, 9) }], ["C", { start: 0, closes: closes(0.03, 3) }]]);
const ids = ["A", "B", "C"];
const returns = new Float64Array(599 * 3);
for (let t = 0; t < 599; t++) ids.forEach((id, i) => { const c = prices.get(id).closes; returns[t * 3 + i] = c[t + 1] / c[t] - 1; });
window.result = (async () => {
  const bt = buyAndHoldBacktest({ calendar, prices, holdings: [{ id: "A", weight: 1 }, { id: "B", weight: 1 }], benchmark: { symbol: "X", series: prices.get("C") }, years: 1 });
  const companies = ids.map((id) => ({ id, marketCap: 1e10, linguisticBeta: 0.5, marketBuzz: 1, convictionScore: 0.5 }));
  const opt = await meanCvarOptimize(companies, { assetIds: ids, returns, periods: 599 }, { maxWeight: 0.5 });
  return { weekCount: bt.metadata.weekCount, sum: opt.weights.reduce((s, w) => s + w.weight, 0), status: opt.certificate.status };
})().catch((e) => ({ error: String(e && e.message || e) }));
`;

async function runInChromium(root: string): Promise<{ result: unknown; requested: string[]; errors: string[] }> {
  const errors: string[] = [];
  const served = await servePage(root, errors);
  try {
    const result = await served.page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result);
    return { result, requested: served.requested, errors };
  } finally {
    await served.close();
  }
}

describe("the installed engine in a browser bundle, in headless Chromium", () => {
  it("esbuild: highs.wasm (the `highs/runtime` export) copied beside the bundle and located with configureOptimizerSolver; node:module left external", async () => {
    const dir = join(ctx.project, "web-esbuild");
    mkdirSync(join(dir, "src"), { recursive: true });
    mkdirSync(join(dir, "public", "assets"), { recursive: true });
    const locate = `configureOptimizerSolver({ locateFile: (file) => new URL(\`/assets/\${file}\`, location.href).href });`;
    writeFileSync(join(dir, "src", "main.js"), pageScript(locate));
    writeFileSync(
      join(dir, "public", "index.html"),
      '<!doctype html><meta charset="utf-8"><script type="module" src="/assets/main.js"></script>',
    );
    await runOk(
      "npx esbuild web-esbuild/src/main.js --bundle --format=esm --platform=browser --external:node:module --outfile=web-esbuild/public/assets/main.js --log-level=warning",
      ctx.project,
    );
    copyFileSync(
      join(ctx.project, "node_modules", "highs", "build", "highs.wasm"),
      join(dir, "public", "assets", "highs.wasm"),
    );
    const { result, requested, errors } = await runInChromium(join(dir, "public"));
    expect(errors).toEqual([]);
    expect(result).toEqual({ weekCount: 52, sum: expect.closeTo(1, 12), status: "optimal" });
    expect(requested).toContain("/assets/highs.wasm");
  });

  it("vite: no configuration at all, vite emits highs.wasm as an asset and the engine finds it", async () => {
    const dir = join(ctx.project, "web-vite");
    mkdirSync(join(dir, "src"), { recursive: true });
    writeFileSync(join(dir, "src", "main.js"), pageScript(""));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><meta charset="utf-8"><script type="module" src="/src/main.js"></script>',
    );
    await runOk("npx vite build web-vite --logLevel warn", ctx.project);
    const { result, requested, errors } = await runInChromium(join(dir, "dist"));
    expect(errors).toEqual([]);
    expect(result).toEqual({ weekCount: 52, sum: expect.closeTo(1, 12), status: "optimal" });
    expect(requested.some((p) => /\/assets\/highs-[\w-]+\.wasm$/.test(p))).toBe(true);
  });
});
