import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { navChart, navChartSpec } from "./navChart.ts";

describe("navChart", () => {
  const backtest = sampleBacktest(5);

  it("draws the portfolio and the benchmark with a title, labelled axes and a legend", async () => {
    const parts = svgParts(await navChart(backtest));
    expect(parts.titles).toEqual(["NAV against SPY"]);
    expect(parts.subtitles[0]).toMatch(/^Weekly, rebased to 10,000 · \d{4}-\d\d-\d\d → 2026-11-20$/);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "NAV (rebased to 10,000)"]);
    expect(parts.lines).toBe(2);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
  });

  it("is deterministic: the same input gives the same bytes", async () => {
    expect(await navChart(backtest)).toBe(await navChart(sampleBacktest(5)));
  });

  it("has no legend for a single series, and uses the given labels and options", async () => {
    const single = svgParts(
      await navChart({ portfolio: backtest.timeSeries, portfolioLabel: "Grid" }, { title: "Grid NAV", logScale: true }),
    );
    expect(single.lines).toBe(1);
    expect(single.legendLabels).toEqual([]);
    expect(single.titles).toEqual(["Grid NAV"]);
    expect(single.axisTitles[1]).toBe("NAV (rebased to 10,000; log scale)");
    const pair = svgParts(
      await navChart({
        portfolio: backtest.timeSeries,
        benchmark: backtest.benchmarkTimeSeries,
        portfolioLabel: "Grid",
        benchmarkLabel: "QQQ",
      }),
    );
    expect(pair.legendLabels).toEqual(["Grid", "QQQ"]);
  });

  it.each([1, 3, 10, 20])("labels a %i-year axis with 4 to 13 round dates", async (years) => {
    const result = sampleBacktest(years);
    const labels = svgParts(await navChart(result)).axisLabels[0]!;
    expect(labels.length).toBeGreaterThanOrEqual(4);
    expect(labels.length).toBeLessThanOrEqual(13);
    for (const label of labels) expect(label).toMatch(years <= 3 ? /^[A-Z][a-z]{2} \d{4}$/ : /^\d{4}$/);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("escapes markup in labels", async () => {
    const svg = await navChart({ portfolio: backtest.timeSeries, portfolioLabel: "<script>x</script> & co" });
    expect(svg).not.toContain("<script>");
    expect(svgParts(svg).subtitles.length).toBe(1);
  });

  it("rejects bad input naming the field", () => {
    const bad =
      (input: unknown, options: unknown = {}) =>
      () =>
        navChartSpec(input as never, options as never);
    expect(bad({ portfolio: [] })).toThrow(new ChartError("portfolio", "needs at least 2 points, got 0"));
    expect(
      bad({
        portfolio: [
          [1, 10],
          [1, 11],
        ],
      }),
    ).toThrow(/portfolio\[1\]\[0\]: times must be strictly increasing/);
    expect(
      bad({
        portfolio: [
          [1, 10],
          [2, Number.NaN],
        ],
      }),
    ).toThrow(/portfolio\[1\]\[1\]: value must be a finite number/);
    expect(
      bad({
        portfolio: [
          [1, 10],
          [2, 0],
        ],
      }),
    ).toThrow(/portfolio\[1\]\[1\]: value must be > 0/);
    expect(
      bad({
        portfolio: [
          [1, 10],
          [2, 11],
        ],
        benchmark: [
          [1, 10],
          [2, 11],
        ],
        benchmarkLabel: "Portfolio",
      }),
    ).toThrow(/benchmarkLabel: must differ/);
    expect(
      bad({
        portfolio: [
          [1, 10],
          [2, 11],
        ],
        portfolioLabel: "x".repeat(81),
      }),
    ).toThrow(/portfolioLabel: must be at most 80 characters/);
    expect(
      bad(
        {
          portfolio: [
            [1, 10],
            [2, 11],
          ],
        },
        { width: 10 },
      ),
    ).toThrow(/options.width: must be an integer in 120..4000/);
    expect(bad({ ...backtest, timeSeries: [[1, 10]] })).toThrow(/timeSeries: needs at least 2 points/);
    expect(bad(null)).toThrow(ChartError);
  });

  it("says what the data are: daily points, and a series that was not rebased", async () => {
    const daily = sampleBacktest(1, 3, "daily");
    expect(svgParts(await navChart(daily)).subtitles[0]).toMatch(/^Daily, rebased to 10,000 · /);
    const prices = daily.timeSeries.map(([t, v]) => [t, v / 81.3] as [number, number]); // starts at 123.0012…
    const parts = svgParts(await navChart({ portfolio: prices, benchmark: daily.benchmarkTimeSeries }));
    expect(parts.subtitles[0]).toMatch(/^Daily, not rebased · /);
    expect(parts.axisTitles[1]).toBe("NAV (as given, not rebased)");
    const rebasedToOne = svgParts(
      await navChart({ portfolio: daily.timeSeries.map(([t, v]) => [t, v / 10000] as [number, number]) }),
    );
    expect(rebasedToOne.axisTitles[1]).toBe("NAV (rebased to 1)");
    const labels = rebasedToOne.axisLabels[1]!;
    expect(new Set(labels).size).toBe(labels.length); // decimals where the range needs them, not "1 1 1"
  });

  it("labels a log axis across the whole range of the data (51 to 163), each label once", async () => {
    const t0 = 1_600_000_000;
    const values = [
      ...Array.from({ length: 100 }, (_, i) => 100 - (49 * i) / 99),
      ...Array.from({ length: 100 }, (_, i) => 51 + (112 * i) / 99),
    ];
    const nav = values.map((v, i) => [t0 + i * 7 * 86400, v] as [number, number]);
    const labels = svgParts(await navChart({ portfolio: nav }, { logScale: true })).axisLabels[1]!.map((l) =>
      Number(l.replace(/,/g, "")),
    );
    expect(new Set(labels).size).toBe(labels.length);
    expect(Math.min(...labels)).toBeLessThanOrEqual(60);
    expect(Math.max(...labels)).toBeGreaterThanOrEqual(140);
    // Twenty years of a tenfold gain: powers of ten and their doubles and halves.
    const long = Array.from(
      { length: 1041 },
      (_, i) => [t0 + i * 7 * 86400, 10000 * 20 ** (i / 1040)] as [number, number],
    );
    expect(svgParts(await navChart({ portfolio: long }, { logScale: true })).axisLabels[1]).toEqual([
      "10,000",
      "20,000",
      "50,000",
      "100,000",
      "200,000",
    ]);
  });

  it("refuses millisecond timestamps with a hint, and misspelt options or input keys with the closest name", () => {
    const ms = backtest.timeSeries.map(([t, v]) => [t * 1000, v] as [number, number]);
    expect(() => navChartSpec({ portfolio: ms })).toThrow(
      /^portfolio\[0\]\[0\]: time must be Unix seconds \(years 1 to 9999\), got \d+: it looks like milliseconds \(\d{4}-\d\d-\d\d once divided by 1000\); give seconds$/,
    );
    expect(() => navChartSpec(backtest, { logscale: true } as never)).toThrow(
      new ChartError(
        "options.logscale",
        "options has no option logscale (did you mean logScale?); valid: title, width, height, logScale",
        {
          details: { key: "logscale", closest: "logScale", allowed: ["title", "width", "height", "logScale"] },
        },
      ),
    );
    expect(() => navChartSpec(backtest, { logScale: "yes" } as never)).toThrow(
      /^options\.logScale: must be true or false, got "yes"$/,
    );
    expect(() => navChartSpec({ portfolio: backtest.timeSeries, benchmarkLable: "QQQ" } as never)).toThrow(
      /^input\.benchmarkLable: input has no option benchmarkLable \(did you mean benchmarkLabel\?\)/,
    );
  });
});
