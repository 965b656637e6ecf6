import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";
import { runReadmePath } from "./_support/readmeBlock.ts";

const ctx = inject("packaging");

describe("the installed engine in plain Node ESM (no TypeScript loader)", () => {
  it("runs a backtest and a mean-CVaR optimization, with HiGHS's WebAssembly found beside the installed package", async () => {
    const script = `
      import { buyAndHoldBacktest, meanCvarOptimize, EngineError } from "@thematic/engine";
      const day = 86400;
      const calendar = Array.from({ length: 800 }, (_, i) => 18_519 * day + i * day);
      const closes = (a, b) => calendar.map((_, i) => 50 + a * i + 10 * Math.sin(i / b));
      const prices = new Map([["A", { start: 0, closes: closes(0.05, 5) }], ["B", { start: 0, closes: closes(0.02, 9) }], ["C", { start: 0, closes: closes(0.03, 3) }]]);
      const bt = buyAndHoldBacktest({ calendar, prices, holdings: [{ id: "A", weight: 1 }, { id: "B", weight: 1 }], benchmark: { symbol: "X", series: prices.get("C") }, years: 2 });
      const ids = ["A", "B", "C"];
      const returns = new Float64Array(799 * 3);
      for (let t = 0; t < 799; t++) ids.forEach((id, i) => { const c = prices.get(id).closes; returns[t * 3 + i] = c[t + 1] / c[t] - 1; });
      const companies = ids.map((id) => ({ id, marketCap: 1e10, linguisticBeta: 0.5, marketBuzz: 1, convictionScore: 0.5 }));
      const opt = await meanCvarOptimize(companies, { assetIds: ids, returns, periods: 799 }, { maxWeight: 0.5 });
      let error = null;
      try { buyAndHoldBacktest({ ...{ calendar, prices, holdings: [], benchmark: { symbol: "X", series: prices.get("C") } } }); } catch (e) { error = e instanceof EngineError ? e.code : String(e); }
      console.log(JSON.stringify({ weekCount: bt.metadata.weekCount, first: bt.timeSeries[0][1], weights: opt.weights.reduce((s, w) => s + w.weight, 0), status: opt.certificate.status, error }));
    `;
    writeFileSync(join(ctx.project, "engine-check.mjs"), script);
    const { stdout } = await runOk("node engine-check.mjs", ctx.project);
    const result = JSON.parse(stdout) as {
      weekCount: number;
      first: number;
      weights: number;
      status: string;
      error: string;
    };
    expect(result.weekCount).toBe(104);
    expect(result.first).toBe(10000);
    expect(result.weights).toBeCloseTo(1, 12);
    expect(result.status).toBe("optimal");
    expect(result.error).toBe("INVALID_INPUT");
  });

  it("runs the README's engine quick start in an empty folder, with the line `npm run pack` printed for it (as before publication)", async () => {
    const { stdout } = await runReadmePath(ctx, "engine");
    expect(stdout).toMatch(/│ portfolio │/);
    expect(stdout).toMatch(/│ SPY\s+│/);
    expect(stdout).toMatch(/solver: optimal, daily CVaR 95%: 0\.\d{4}/);
    expect(stdout).not.toMatch(/NaN|Infinity/);
  });
});
