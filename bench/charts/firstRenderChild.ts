/** One cold sample of firstRender.ts: prints {importMs, firstMs, secondMs} as JSON. */
import { navChartSpec } from "../../packages/charts/src/charts/navChart.ts";
import { sampleBacktest } from "../../packages/charts/src/_test/sampleBacktest.ts";

const spec = navChartSpec(sampleBacktest(5), { logScale: true });
const t0 = performance.now();
const { renderSvg } = await import("../../packages/charts/src/render/renderSvg.ts");
await Promise.all([import("vega"), import("vega-lite")]);
const t1 = performance.now();
await renderSvg(spec);
const t2 = performance.now();
await renderSvg(spec);
const t3 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, secondMs: t3 - t2 }));
