// One cold sample of firstRender.ts in plain Node (no TypeScript loader): renderSvg's own calls
// (packages/charts/src/render/renderSvg.ts) on the spec file given; prints {importMs, firstMs, secondMs}.
import { readFileSync } from "node:fs";
const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const t0 = performance.now();
const [vega, vegaLite] = await Promise.all([import("vega"), import("vega-lite")]);
const t1 = performance.now();
const render = async () => {
  const logger = vega.logger(vega.None);
  const view = new vega.View(vega.parse(vegaLite.compile(spec, { logger }).spec), {
    renderer: "none",
    logger,
    logLevel: vega.None,
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
};
await render();
const t2 = performance.now();
await render();
const t3 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, secondMs: t3 - t2 }));
