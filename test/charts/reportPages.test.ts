import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tearSheetReport, type BacktestLike } from "@thematic/charts";
import { sampleBacktest } from "../../packages/charts/src/_test/sampleBacktest.ts";
import { artifactDir, launchChromium } from "../_support/launchChromium.ts";

/**
 * The full tear-sheet page of a daily, a weekly and a monthly backtest, laid out by headless
 * Chromium at 1,500 px: every panel inside the page, neither column left blank below the other,
 * nothing fetched; a full-page screenshot of each is kept in test/artifacts/report/.
 */

/** The weekly sample thinned to its last point of each calendar month, without a declared frequency. */
function monthly(weekly: BacktestLike): BacktestLike {
  const monthOf = (t: number) => new Date(t * 1000).toISOString().slice(0, 7);
  const keep = weekly.timeSeries.map(
    ([t], i) => i === weekly.timeSeries.length - 1 || monthOf(t) !== monthOf(weekly.timeSeries[i + 1]![0]),
  );
  const { frequency: _, ...rest } = weekly;
  return {
    ...rest,
    timeSeries: weekly.timeSeries.filter((_, i) => keep[i]),
    benchmarkTimeSeries: weekly.benchmarkTimeSeries.filter((_, i) => keep[i]),
  };
}

const pages = {
  daily: () => sampleBacktest(3, 7, "daily"),
  weekly: () => sampleBacktest(5, 7, "weekly"),
  monthly: () => monthly(sampleBacktest(8, 7, "weekly")),
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

describe("the full tear-sheet page in Chromium", () => {
  it.each(Object.keys(pages) as Array<keyof typeof pages>)(
    "%s report: every panel on the page, the columns balanced, nothing fetched",
    async (name) => {
      const { html, panels } = await tearSheetReport(pages[name]());
      const requests: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith("data:") && request.url() !== "about:blank") requests.push(request.url());
      });
      await page.setContent(html);
      expect(await page.locator("svg").count()).toBe(Object.keys(panels).length - 1);
      expect(await page.locator("script, link, img, iframe").count()).toBe(0);
      const layout = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const svgs = Array.from(document.querySelectorAll("svg"), (svg) => svg.getBoundingClientRect());
        return {
          pageWidth: document.documentElement.clientWidth,
          scrollWidth: document.documentElement.scrollWidth,
          table: box(".top table").bottom,
          beside: box(".beside").bottom,
          tallest: Math.max(
            ...Array.from(document.querySelectorAll(".beside svg"), (svg) => svg.getBoundingClientRect().height),
          ),
          rightmost: Math.max(...svgs.map((b) => b.right)),
          narrowest: Math.min(...svgs.map((b) => b.width)),
        };
      });
      expect(layout.scrollWidth).toBe(layout.pageWidth);
      expect(layout.rightmost).toBeLessThanOrEqual(layout.pageWidth);
      expect(layout.narrowest).toBeGreaterThan(300);
      // Beside the table stand as many panels as its height holds: the shorter column ends within a panel of the longer.
      expect(Math.abs(layout.table - layout.beside)).toBeLessThanOrEqual(layout.tallest);
      expect(requests).toEqual([]);
      await page.screenshot({ path: join(artifactDir("report"), `${name}-report.png`), fullPage: true });
    },
  );
});
