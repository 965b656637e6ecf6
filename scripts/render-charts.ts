/**
 * Renders a picture of each chart of @thematic/charts into docs/images/ from the fixtures:
 * a premade strategy's companies, weighted by the engine's score tilt (conviction score,
 * capped at 8%), backtested over 10 years against SPY by the mock's POST /v1/backtest (the
 * engine's buy-and-hold backtest on the fixture prices), all in process.
 *
 *   npm run charts:pictures            # SVG and PNG (PNG needs Debian's chromium; CHROMIUM_PATH overrides)
 *   npm run charts:pictures -- --svg   # SVG only
 *
 * SVGs are byte-identical from run to run; PNGs are screenshots of them in headless Chromium.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scoreTilt } from "@thematic/engine";
import * as charts from "@thematic/charts";
import type { BacktestLike } from "@thematic/charts";
import { createMock } from "@thematic/mock-server";

/** Where the pictures live (committed; test/charts/pictures.test.ts checks the SVGs are current). */
export const PICTURES_DIR = join(import.meta.dirname, "..", "docs", "images");
const OUT = PICTURES_DIR;
/** The premade strategy drawn; the first premade strategy listed when the fixtures have none of that name. */
const STRATEGY = "AI Compute Infrastructure";
const KEY = "thm_ines_63e54a1cde00f20d"; // Ines Okafor, a fixture user (README)
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Company {
  id: string;
  name: string;
  symbol: string;
  marketCap: number | null;
  linguisticBeta: number;
  marketBuzz: number;
  convictionScore: number | null;
}

/** Every picture as `[file name without extension, SVG document]`, drawn from the fixtures. */
export async function chartPictures(): Promise<Array<[string, string]>> {
  const { app } = createMock({ quiet: true });
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const init: RequestInit = { headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" } };
    if (body !== undefined) Object.assign(init, { method: "POST", body: JSON.stringify(body) });
    const response = await app.request(path, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const premade = await api<Array<{ id: string; name: string }>>("/v1/premade-strategies");
  const strategy = premade.find((p) => p.name === STRATEGY) ?? premade[0];
  if (strategy === undefined) throw new Error("the fixtures have no premade strategy to draw");
  const name = strategy.name;
  const companies = await api<Company[]>(`/v1/premade-strategies/${strategy.id}/companies`);
  const tilt = await scoreTilt(companies, undefined, { signal: "convictionScore", maxWeight: 0.08 });
  const symbols = new Map(companies.map((c) => [c.id, c.symbol]));
  // The holdings, heaviest first (the result lists every company in input order, zeros included).
  const held = tilt.weights
    .filter((w) => w.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const weights = held.map((w) => ({
    ...w,
    label: `${symbols.get(w.id)} · ${companies.find((c) => c.id === w.id)!.name}`,
  }));
  const backtest = await api<BacktestLike>("/v1/backtest", {
    holdings: held.map((w) => ({ companyId: w.id, weight: w.weight })),
    years: 10,
    benchmark: "SPY",
  });
  const label = name;
  const perf = {
    portfolio: backtest.timeSeries,
    benchmark: backtest.benchmarkTimeSeries,
    portfolioLabel: label,
    benchmarkLabel: backtest.benchmarkMetadata.symbol,
  };

  return [
    ["nav", await charts.navChart(perf)],
    ["drawdown", await charts.drawdownChart(perf)],
    ["weights", await charts.weightsChart(weights, { title: `${name}: score-tilt weights (cap 8%)` })],
    ["rolling-volatility", await charts.rollingVolatilityChart(perf)],
    ["rolling-sharpe", await charts.rollingSharpeChart(perf)],
    ["conviction", await charts.convictionChart(companies, { title: `${name}: conviction score against market cap` })],
    ["tear-sheet", await charts.tearSheetCharts({ backtest, weights, companies, portfolioLabel: label })],
  ];
}

async function main(): Promise<void> {
  const svgOnly = process.argv.includes("--svg");
  const pictures = await chartPictures();
  mkdirSync(OUT, { recursive: true });
  for (const [name, svg] of pictures) writeFileSync(join(OUT, `${name}.svg`), svg);
  console.log(`wrote ${pictures.length} SVGs to ${OUT}`);
  if (!svgOnly) await screenshots(pictures);
}

/** One PNG per SVG: the SVG alone on a page of headless Chromium, at twice the CSS pixel density. */
async function screenshots(pictures: Array<[string, string]>): Promise<void> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    for (const [name, svg] of pictures) {
      await page.setContent(`<!doctype html><html><body style="margin:0;background:white">${svg}</body></html>`);
      await page
        .locator("svg")
        .first()
        .screenshot({ path: join(OUT, `${name}.png`) });
    }
  } finally {
    await browser.close();
  }
  console.log(`wrote ${pictures.length} PNGs to ${OUT}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
