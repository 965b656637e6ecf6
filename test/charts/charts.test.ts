import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as charts from "../../packages/charts/src/index.ts";
import type { BacktestLike } from "../../packages/charts/src/index.ts";
import {
  efficientFrontier,
  ledoitWolfCovariance,
  maximumSharpe,
  meanHistoricalReturn,
  scoreTilt,
} from "../../packages/engine/src/index.ts";
import { createMock } from "../../packages/mock-server/src/index.ts";
import { artifactDir, launchChromium } from "../_support/launchChromium.ts";

/**
 * Every chart of @thematic/charts drawn from real fixture data (a premade strategy's companies,
 * weighted by the engine's score tilt, backtested by the mock's POST /v1/backtest) and opened in
 * headless Chromium: the expected parts are there (title, axis titles, series, legend), every
 * text lies inside the picture, tick labels do not collide, and a screenshot of each is saved to
 * test/artifacts/charts/.
 */
const KEY = "thm_ines_63e54a1cde00f20d";
let browser: Browser;
let page: Page;
const svgs = new Map<string, string>();
let premade: { id: string; name: string };
/** The full tear-sheet report of the 10-year backtest: every panel, and the one HTML page. */
let report: Awaited<ReturnType<typeof charts.tearSheetReport>>;

interface Company {
  id: string;
  name: string;
  marketCap: number | null;
  linguisticBeta: number;
  marketBuzz: number;
  convictionScore: number | null;
}

beforeAll(async () => {
  const { app } = createMock({ quiet: true });
  const get = async <T>(path: string, body?: unknown): Promise<T> => {
    const init: RequestInit = { headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" } };
    if (body !== undefined) Object.assign(init, { method: "POST", body: JSON.stringify(body) });
    const response = await app.request(path, init);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  premade = (await get<Array<{ id: string; name: string }>>("/v1/premade-strategies"))[2]!;
  const companies = await get<Company[]>(`/v1/premade-strategies/${premade.id}/companies`);
  const tilt = await scoreTilt(companies, undefined, { maxWeight: 0.1 });
  const names = new Map(companies.map((c) => [c.id, c.name]));
  // The holdings, heaviest first (the result lists every company in input order, zeros included).
  const held = tilt.weights
    .filter((w) => w.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const weights = held.map((w) => ({ ...w, label: names.get(w.id)! }));
  const ten = await get<BacktestLike>("/v1/backtest", {
    holdings: held.map((w) => ({ companyId: w.id, weight: w.weight })),
    years: 10,
    benchmark: "ACWI",
  });
  const twenty = await get<BacktestLike>("/v1/backtest", {
    holdings: held.map((w) => ({ companyId: w.id, weight: w.weight })),
    years: 20,
  });
  const one = await get<BacktestLike>("/v1/backtest", {
    holdings: held.map((w) => ({ companyId: w.id, weight: w.weight })),
    years: 1,
  });
  svgs.set("nav", await charts.navChart(ten));
  svgs.set("nav-20-years-log", await charts.navChart(twenty, { logScale: true }));
  svgs.set("nav-1-year", await charts.navChart(one));
  svgs.set("drawdown", await charts.drawdownChart(twenty));
  svgs.set("weights", await charts.weightsChart(weights));
  svgs.set("rolling-volatility", await charts.rollingVolatilityChart(ten));
  svgs.set("rolling-sharpe", await charts.rollingSharpeChart(one));
  svgs.set("conviction", await charts.convictionChart(companies));
  svgs.set(
    "tear-sheet",
    await charts.tearSheetCharts({ backtest: ten, weights, companies, portfolioLabel: premade.name }),
  );
  report = await charts.tearSheetReport(ten, { title: `Tear sheet: ${premade.name} against ACWI` });
  for (const [name, svg] of Object.entries(report.panels)) svgs.set(`report-${name}`, svg);
  // The efficient frontier of the eight largest weights' weekly returns (from their one-holding backtests' NAVs).
  const top = held.slice(0, 8);
  const navs = await Promise.all(
    top.map((w) => get<BacktestLike>("/v1/backtest", { holdings: [{ companyId: w.id, weight: 1 }], years: 5 })),
  );
  const weeks = Math.min(...navs.map((n) => n.timeSeries.length)) - 1;
  const returns = new Float64Array(weeks * top.length);
  navs.forEach((n, j) => {
    const v = n.timeSeries.slice(-weeks - 1).map(([, x]) => x);
    for (let t = 0; t < weeks; t++) returns[t * top.length + j] = v[t + 1]! / v[t]! - 1;
  });
  const matrix = { returns, periods: weeks };
  const sigma = ledoitWolfCovariance(matrix);
  const mu = meanHistoricalReturn(matrix);
  const frontier = efficientFrontier(mu, sigma, { maxWeight: 0.4, points: 30 });
  const tangency = maximumSharpe(mu, sigma, { maxWeight: 0.4 });
  const assets = top.map((w, j) => ({
    label: names.get(w.id)!.slice(0, 80),
    expectedReturn: mu.values[j]!,
    volatility: Math.sqrt(sigma.values[j * top.length + j]!),
  }));
  // The matrix is unlabelled, so the engine's figures are per weekly period: the chart annualises them with periodsPerYear.
  const point = (p: { performance: { volatility: number | null; expectedReturn: number | null } }) => ({
    volatility: p.performance.volatility!,
    expectedReturn: p.performance.expectedReturn!,
  });
  svgs.set(
    "efficient-frontier",
    await charts.efficientFrontierChart(
      { points: frontier.points.map(point), maximumSharpe: point(tangency), assets },
      { periodsPerYear: 52 },
    ),
  );
  browser = await launchChromium();
  page = await browser.newPage({ deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

interface Drawn {
  titles: string[];
  axisTitles: string[];
  lines: number;
  legend: string[];
  bars: number;
  points: number;
  /** Texts drawn (partly) outside the picture. */
  outside: string[];
  /** Pairs of tick labels of one axis whose boxes overlap. */
  collisions: string[];
}

/** Shows `svg` alone in the page, reads its parts from the live DOM and screenshots it. */
async function show(name: string): Promise<Drawn> {
  const svg = svgs.get(name)!;
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
  await page
    .locator("svg")
    .first()
    .screenshot({ path: join(artifactDir("charts"), `${name}.png`) });
  return page.evaluate(() => {
    const root = document.querySelector("svg")!;
    const box = root.getBoundingClientRect();
    const texts = (sel: string) => Array.from(root.querySelectorAll(sel), (e) => e.textContent ?? "");
    const outside = Array.from(root.querySelectorAll("text"))
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return (
          r.width > 0 &&
          (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        );
      })
      .map((t) => t.textContent ?? "");
    const collisions: string[] = [];
    for (const axis of Array.from(root.querySelectorAll(".role-axis"))) {
      // Labels Vega's overlap removal hid (opacity 0) are not drawn: only visible ones can collide.
      const labels = Array.from(axis.querySelectorAll(".role-axis-label text"))
        .filter((t) => t.getAttribute("opacity") !== "0")
        .map((t) => ({ text: t.textContent ?? "", r: t.getBoundingClientRect() }));
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i]!.r;
          const b = labels[j]!.r;
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            collisions.push(`${labels[i]!.text} / ${labels[j]!.text}`);
        }
    }
    return {
      titles: texts(".role-title-text text"),
      axisTitles: texts(".role-axis-title text"),
      lines: root.querySelectorAll("g.mark-line.role-mark > path").length,
      legend: texts(".role-legend-label text"),
      bars: root.querySelectorAll("g.mark-rect.role-mark > path").length,
      points: root.querySelectorAll("g.mark-symbol.role-mark > path").length,
      outside,
      collisions,
    };
  });
}

describe("charts in Chromium, from the fixtures", () => {
  it.each([
    ["nav", "NAV against ACWI", "ACWI"],
    ["nav-20-years-log", "NAV against SPY", "SPY"],
    ["nav-1-year", "NAV against SPY", "SPY"],
    ["drawdown", "Drawdown", "SPY"],
    ["rolling-volatility", "Rolling 52-week volatility", "ACWI"],
    ["rolling-sharpe", "Rolling 13-week Sharpe ratio", "SPY"],
  ])("%s: title, two labelled axes, two series with a legend, readable ticks", async (name, title, benchmark) => {
    const drawn = await show(name);
    expect(drawn.titles).toEqual([title]);
    expect(drawn.axisTitles.length).toBe(2);
    expect(drawn.axisTitles[0]).toBe("Date (UTC)");
    expect(drawn.lines).toBe(2);
    expect(drawn.legend).toEqual(["Portfolio", benchmark]);
    expect(drawn.outside).toEqual([]);
    expect(drawn.collisions).toEqual([]);
  });

  it("weights: one bar per holding (or Other), a weight axis, no legend", async () => {
    const drawn = await show("weights");
    expect(drawn.titles).toEqual(["Portfolio weights"]);
    expect(drawn.axisTitles).toEqual(["Weight (% of portfolio)", "Holding"]);
    expect(drawn.bars).toBeGreaterThanOrEqual(5);
    expect(drawn.bars).toBeLessThanOrEqual(21);
    expect(drawn.legend).toEqual([]);
    expect(drawn.outside).toEqual([]);
    expect(drawn.collisions).toEqual([]);
  });

  it("conviction: one point per company with a cap and a score, log cap axis, band legend", async () => {
    const drawn = await show("conviction");
    expect(drawn.titles).toEqual(["Conviction score against market cap"]);
    expect(drawn.axisTitles).toEqual(["Market cap (USD, log scale)", "Conviction score (0 to 1)"]);
    expect(drawn.points).toBeGreaterThan(10);
    expect(drawn.legend).toEqual(["High (> 0.5)", "Moderate (0.2–0.5)", "Low (< 0.2)"]);
    expect(drawn.outside).toEqual([]);
    expect(drawn.collisions).toEqual([]);
  });

  it.each([
    ["report-cumulativeReturns", "Cumulative returns"],
    ["report-cumulativeReturnsVolatilityMatched", "Cumulative returns, volatility-matched"],
    ["report-cumulativeReturnsLog", "Cumulative returns (log scale)"],
    ["report-annualReturns", "End-of-year returns"],
    ["report-endOfYearTable", "End-of-year returns, table"],
    ["report-periodReturns", "Weekly returns by date"],
    ["report-monthlyReturns", "Monthly returns"],
    ["report-returnDistribution", "Distribution of returns"],
    ["report-monthlyDistribution", "Distribution of monthly returns"],
    ["report-returnsByPeriod", "Returns by calendar period"],
    ["report-rollingVolatility", "Rolling volatility"],
    ["report-rollingSharpe", "Rolling Sharpe ratio"],
    ["report-rollingSortino", "Rolling Sortino ratio"],
    ["report-rollingBeta", "Rolling beta against ACWI"],
    ["report-underwater", "Underwater"],
    ["report-worstDrawdowns", "Worst drawdowns"],
    ["report-metrics", undefined],
    ["efficient-frontier", "Efficient frontier"],
  ] as const)(
    "%s (full report, frontier): titled, nothing outside the picture, readable ticks",
    async (name, title) => {
      const drawn = await show(name);
      if (title !== undefined) expect(drawn.titles[0]).toBe(title);
      expect(drawn.outside).toEqual([]);
      expect(drawn.collisions).toEqual([]);
    },
  );

  it("full report: one HTML page with the metrics table and every panel, drawn from disk without the network", async () => {
    await page.setContent(report.html);
    expect(await page.locator("svg").count()).toBe(16);
    expect(await page.locator("tbody tr:not(.group)").count()).toBe(report.metrics.length);
    expect(await page.locator("script, link, img, iframe").count()).toBe(0);
    await page.screenshot({ path: join(artifactDir("charts"), "full-report.png"), fullPage: true });
  });

  it("tear sheet: every panel on one page", async () => {
    const drawn = await show("tear-sheet");
    expect(drawn.titles).toEqual(
      expect.arrayContaining([
        `Tear sheet: ${premade.name} against ACWI`,
        "NAV against ACWI",
        "Drawdown",
        "Statistics",
        "Portfolio weights",
        "Conviction score against market cap",
      ]),
    );
    expect(drawn.lines).toBe(8);
    expect(drawn.outside).toEqual([]);
    expect(drawn.collisions).toEqual([]);
  });
});
