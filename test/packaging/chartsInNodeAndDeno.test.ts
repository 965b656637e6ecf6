import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { svgParts } from "../../packages/charts/src/_test/svgParts.ts";
import { runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

/**
 * One script, run as is by plain Node (ESM, no TypeScript loader) and by Deno from the fresh
 * project's node_modules: an engine backtest drawn by the installed @thematic/charts (Vega and
 * Vega-Lite resolved from the install). It prints the SVG.
 */
const SCRIPT = `import { buyAndHoldBacktest } from "@thematic/engine";
import { navChart } from "@thematic/charts";
const day = 86400;
const calendar = Array.from({ length: 800 }, (_, i) => 18_519 * day + i * day);
const closes = (a, b) => calendar.map((_, i) => 50 + a * i + 10 * Math.sin(i / b));
const prices = new Map([["A", { start: 0, closes: closes(0.05, 5) }], ["B", { start: 0, closes: closes(0.02, 9) }]]);
const result = buyAndHoldBacktest({ calendar, prices, holdings: [{ id: "A", weight: 1 }, { id: "B", weight: 1 }], benchmark: { symbol: "SPY", series: { start: 0, closes: closes(0.03, 3) } }, years: 2 });
const out = globalThis.Deno ? (s) => Deno.stdout.writeSync(new TextEncoder().encode(s)) : (s) => process.stdout.write(s);
out(await navChart(result));
`;

describe("the installed @thematic/charts draws an engine backtest's NAV", () => {
  beforeAll(() => writeFileSync(join(ctx.project, "charts-check.mjs"), SCRIPT));

  /** The chart's expected parts: title, both axes with units and ticks, two series with a legend. */
  function expectNavChart(svg: string): void {
    const parts = svgParts(svg);
    expect(parts.titles).toEqual(["NAV against SPY"]);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "NAV (rebased to 10,000)"]);
    expect(parts.axisLabels).toHaveLength(2);
    for (const labels of parts.axisLabels) expect(labels.length).toBeGreaterThan(2);
    expect(parts.lines).toBe(2);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
    expect(svg).not.toMatch(/NaN|Infinity/);
  }

  let nodeSvg = "";
  it("in plain Node ESM", async () => {
    nodeSvg = (await runOk("node charts-check.mjs", ctx.project)).stdout;
    expectNavChart(nodeSvg);
  });

  it("in Deno (the npm `deno` package's binary), byte for byte as in Node", async () => {
    const deno = join(ctx.repo, "node_modules", ".bin", "deno");
    const { stdout } = await runOk(`"${deno}" run --quiet --allow-read --allow-env charts-check.mjs`, ctx.project, {
      ...process.env,
      DENO_NO_UPDATE_CHECK: "1",
    });
    expectNavChart(stdout);
    // Text widths are estimated the same way without a canvas in both runtimes.
    if (nodeSvg !== "") expect(stdout).toBe(nodeSvg);
  });
});
