import type { ReadContext } from "../../context/contextParts.ts";
import { ApiError } from "../../errors/ApiError.ts";
import type { StudioChartInput } from "../../schemas/studio.ts";
import { prepareBacktestPrices } from "../backtest/prepareBacktestPrices.ts";
import { runBacktest } from "../backtest/runBacktest.ts";
import { CHARTS_REGISTRY_COMMAND, chartsInstallCommand } from "./chartsInstallCommand.ts";
import { studioHoldings } from "./studioHoldings.ts";

/** What the explorer draws: an SVG chart, or the full report as one HTML page. */
export interface StudioDrawing {
  contentType: "image/svg+xml; charset=utf-8" | "text/html; charset=utf-8";
  body: string;
}

/**
 * The studio explorer's chart: a backtest of the chosen holdings (`runBacktest`, exactly
 * `POST /v1/backtest`) drawn by @thematic/charts as an SVG document, or (`full-report`) the full
 * tear sheet (`tearSheetReport`: the metrics and every panel) as one self-contained HTML page. The
 * charts package (and Vega with it) is imported on the first call, so the mock starts as fast
 * without it. It is an optional peer dependency (Vega is a third of a full install, for one page
 * of the studio): without it installed, the chart answers 501 with the command that adds it
 * ({@link chartsInstallCommand}: the tarballs' paths when the mock was installed from tarballs).
 *
 * @throws ApiError 404/400 from {@link studioHoldings}; 400 for an unknown benchmark or too little
 *   price data; 501 when @thematic/charts is not installed
 * @example
 * (await studioChart(ctx, { source: { kind: "premade", id }, benchmark: "SPY", years: 5, chart: "nav" })).body.startsWith("<svg") // => true
 */
export async function studioChart(ctx: ReadContext, input: StudioChartInput): Promise<StudioDrawing> {
  const { label, holdings } = studioHoldings(ctx, input.source);
  await prepareBacktestPrices(ctx);
  const result = runBacktest(ctx, { holdings, years: input.years, benchmark: input.benchmark });
  try {
    return await draw(await import("@thematic/charts"), input, label, result);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    const command = chartsInstallCommand();
    const unpublished =
      command === CHARTS_REGISTRY_COMMAND
        ? " (until the @thematic packages are published, install instead the tarballs of @thematic/charts and @thematic/engine that `npm run pack` makes in the toolkit's repository)"
        : "";
    throw new ApiError(
      501,
      `the studio's charts need the optional package @thematic/charts (with its Vega): ${command}, then restart the mock${unpublished}`,
    );
  }
}

/** The chart asked for, drawn by `charts` (Vega and Vega-Lite are imported by its first call). */
async function draw(
  charts: typeof import("@thematic/charts"),
  input: StudioChartInput,
  label: string,
  result: ReturnType<typeof runBacktest>,
): Promise<StudioDrawing> {
  const perf = {
    portfolio: result.timeSeries,
    benchmark: result.benchmarkTimeSeries,
    portfolioLabel: shorten(label),
    benchmarkLabel: result.benchmarkMetadata.symbol,
  };
  const svg = (body: string): StudioDrawing => ({ contentType: "image/svg+xml; charset=utf-8", body });
  switch (input.chart) {
    case "nav":
      return svg(await charts.navChart(perf, { logScale: input.years >= 10 }));
    case "drawdown":
      return svg(await charts.drawdownChart(perf));
    case "rolling-volatility":
      return svg(await charts.rollingVolatilityChart(perf));
    case "rolling-sharpe":
      return svg(await charts.rollingSharpeChart(perf));
    case "tear-sheet":
      return svg(await charts.tearSheetCharts({ backtest: result, portfolioLabel: shorten(label) }));
    case "full-report": {
      const named = { ...result, portfolioLabel: perf.portfolioLabel, benchmarkLabel: perf.benchmarkLabel };
      const { html } = await charts.tearSheetReport(named, {
        title: shorten(`${label} against ${perf.benchmarkLabel}`),
      });
      return { contentType: "text/html; charset=utf-8", body: html };
    }
  }
}

/** Legend names are at most 80 characters (the charts' limit); names are up to 200. */
function shorten(label: string): string {
  return label.length <= 80 ? label : `${label.slice(0, 79)}…`;
}
