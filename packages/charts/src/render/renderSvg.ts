import type { TopLevelSpec } from "vega-lite";

/**
 * Renders a Vega-Lite spec to an SVG document (a string), without a DOM: Vega-Lite compiles the
 * spec to Vega, a headless Vega view (`renderer: "none"`) lays it out and `view.toSVG()` writes
 * the markup. Works in Node, Deno and browsers. Same spec, same runtime, same bytes: no clocks,
 * random ids or clip paths are involved (text widths are estimated from the font size where no
 * canvas exists, as in Node and Deno; a browser measures them with its canvas).
 *
 * Vega and Vega-Lite (~1 MB) are imported on the first call, so importing the spec builders
 * costs nothing. Neither logs anything (their loggers are set to `None`).
 *
 * @example
 * const week = 604800;
 * const spec = navChartSpec({ portfolio: [[1704412800, 10000], [1704412800 + week, 10150], [1704412800 + 2 * week, 10090]] });
 * (await renderSvg(spec)).startsWith("<svg") // => true
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import("vega"), import("vega-lite")]);
  // A library writes nothing to stdout or stderr: Vega-Lite's compiler and Vega's view log to a
  // silent logger (their default writes warnings such as a dropped scale property to the console).
  const logger = vega.logger(vega.None);
  const view = new vega.View(vega.parse(compiled(vegaLite, spec, logger)), {
    renderer: "none",
    logger,
    logLevel: vega.None,
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Name of the top-level inline data in the compiled spec when its values are handed over after compiling. */
const INLINE = "inline_values";

/**
 * The Vega spec of `spec`. Top-level inline data is compiled as a named data set and its values
 * put in the compiled spec afterwards: Vega-Lite copies a spec's inline values while it compiles
 * (thousands of rows on daily data), and the output is otherwise the same (only the data set's
 * name, which never reaches the SVG, differs).
 */
function compiled(
  vegaLite: typeof import("vega-lite"),
  spec: TopLevelSpec,
  logger: ReturnType<typeof import("vega").logger>,
) {
  const data = (spec as { data?: { values?: unknown; name?: unknown; format?: unknown } }).data;
  if (data === undefined || !Array.isArray(data.values) || Object.keys(data).length !== 1)
    return vegaLite.compile(spec, { logger }).spec;
  const out = vegaLite.compile({ ...spec, data: { name: INLINE } } as TopLevelSpec, { logger }).spec;
  const entry = out.data?.find((d) => d.name === INLINE);
  if (entry === undefined) return vegaLite.compile(spec, { logger }).spec;
  (entry as { values?: unknown }).values = data.values;
  return out;
}
