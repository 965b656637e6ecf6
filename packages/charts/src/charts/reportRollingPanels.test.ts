import { describe, expect, it } from "vitest";
import {
  type QuantstatsVersion,
  rollingBeta,
  rollingSharpe,
  rollingSortino,
  rollingVolatility,
  simpleReturns,
  type StatsConvention,
  tearSheet,
} from "@thematic/engine";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { tearSheetReport, tearSheetReportSpecs } from "./tearSheetReport.ts";

/** The drawn points of one line of a time panel: `[seconds, value]` in order. */
function drawn(spec: unknown, series: string): Array<[number, number]> {
  const rows = (spec as { data: { values: Array<{ date: number; value: number; series: string }> } }).data.values;
  return rows.filter((row) => row.series === series).map((row) => [row.date / 1000, row.value]);
}
const pairs = (t: Float64Array, v: Float64Array, w: number): Array<[number, number]> =>
  Array.from(v, (x, k) => [t[k + w]!, x]);

const presets: Array<{ convention: StatsConvention; quantstatsVersion?: QuantstatsVersion }> = [
  { convention: "engine" },
  { convention: "empyrical" },
  { convention: "quantstats" },
  { convention: "quantstats", quantstatsVersion: "0.0.81" },
];

describe("the report's rolling panels follow the convention preset (the engine's rolling statistics, drawn)", () => {
  for (const frequency of ["weekly", "daily"] as const) {
    const backtest = sampleBacktest(3, 11, frequency);
    const p = frequency === "daily" ? 252 : 52;
    const window = p / 2;
    const t = Float64Array.from(backtest.timeSeries, (x) => x[0]);
    const r = simpleReturns(backtest.timeSeries.map((x) => x[1]));
    const b = simpleReturns(backtest.benchmarkTimeSeries.map((x) => x[1]));

    it.each(presets)(`${frequency}: %o at a 3 % rate, every line equals the engine's`, (preset) => {
      const options = { riskFreeRate: 0.03, ...preset };
      const panels = tearSheetReportSpecs(backtest, options);
      const sheet = tearSheet(backtest, { periodsPerYear: p, rollingWindow: window, ...options });
      const rolling = { periodsPerYear: p, ...options };
      expect(drawn(panels.rollingSharpe, "Portfolio")).toEqual(sheet.rollingSharpe);
      expect(drawn(panels.rollingSortino, "Portfolio")).toEqual(sheet.rollingSortino);
      expect(drawn(panels.rollingVolatility, "Portfolio")).toEqual(sheet.rollingVolatility);
      expect(drawn(panels.rollingBeta, `${window}-${frequency === "daily" ? "day" : "week"} window`)).toEqual(
        sheet.rollingBeta,
      );
      expect(drawn(panels.rollingSharpe, "SPY")).toEqual(pairs(t, rollingSharpe(b, window, rolling), window));
      expect(drawn(panels.rollingSortino, "SPY")).toEqual(pairs(t, rollingSortino(b, window, rolling), window));
      expect(drawn(panels.rollingVolatility, "SPY")).toEqual(pairs(t, rollingVolatility(b, window, p), window));
      expect(drawn(panels.rollingBeta, `${p}-${frequency === "daily" ? "day" : "week"} window`)).toEqual(
        pairs(t, rollingBeta(r, b, p), p),
      );
    });

    it(`${frequency}: quantstats 0.0.81's rate de-annualised over the window shows in the panels (0.0.84 and the engine de-annualise over the year)`, () => {
      const sharpe = (preset: (typeof presets)[number]) =>
        drawn(tearSheetReportSpecs(backtest, { riskFreeRate: 0.03, ...preset }).rollingSharpe, "Portfolio");
      const sortino = (preset: (typeof presets)[number]) =>
        drawn(tearSheetReportSpecs(backtest, { riskFreeRate: 0.03, ...preset }).rollingSortino, "Portfolio");
      expect(sharpe({ convention: "quantstats" })).toEqual(sharpe({ convention: "engine" }));
      const old = sharpe({ convention: "quantstats", quantstatsVersion: "0.0.81" });
      const now = sharpe({ convention: "engine" });
      // Twice the per-period rate taken off: every window's ratio is lower.
      expect(old.every(([, x], k) => x < now[k]![1])).toBe(true);
      const sortinoNow = sortino({ convention: "engine" });
      expect(
        sortino({ convention: "quantstats", quantstatsVersion: "0.0.81" }).every(([, x], k) => x < sortinoNow[k]![1]),
      ).toBe(true);
    });
  }

  it("names the quantstats release in the page's header", async () => {
    const { html } = await tearSheetReport(sampleBacktest(2), {
      convention: "quantstats",
      quantstatsVersion: "0.0.81",
    });
    expect(html).toContain("quantstats 0.0.81");
  });

  it("refuses a quantstats version without the quantstats preset, naming the field", () => {
    expect(() => tearSheetReportSpecs(sampleBacktest(2), { quantstatsVersion: "0.0.81" })).toThrowError(
      /quantstatsVersion/,
    );
  });
});
