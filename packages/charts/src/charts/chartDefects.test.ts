/** Chart defects once seen (an axis, a label, a colour out of place), each pinned by a test. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { svgParts } from "../_test/svgParts.ts";
import { navChart } from "./navChart.ts";
import { tearSheetCharts } from "./tearSheetCharts.ts";
import { weightsChart, weightsChartSpec } from "./weightsChart.ts";

afterEach(() => vi.restoreAllMocks());

describe("chart defects", () => {
  it("a log-scale NAV chart writes nothing to stdout or stderr (Vega's logger is silent, and no zero on a log scale)", async () => {
    const out = vi.spyOn(process.stdout, "write");
    const err = vi.spyOn(process.stderr, "write");
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    const error = vi.spyOn(console, "error");
    const svg = await navChart(sampleBacktest(3), { logScale: true });
    expect(svg.startsWith("<svg")).toBe(true);
    for (const spy of [out, err, warn, log, error]) expect(spy).not.toHaveBeenCalled();
  });

  it("weightsChart puts the Holding title above the labels, never across them", async () => {
    const long = Array.from({ length: 6 }, (_, i) => ({
      id: `h${i}`,
      weight: 1 + i,
      label: `A company with a very long registered name, number ${i}`,
    }));
    const spec = weightsChartSpec(long) as unknown as { encoding: { y: { axis: Record<string, unknown> } } };
    expect(spec.encoding.y.axis).toMatchObject({
      title: "Holding",
      titleAngle: 0,
      titleY: -6,
      titleX: 0,
      titleAlign: "right",
    });
    const parts = svgParts(await weightsChart(long));
    expect(parts.axisTitles).toContain("Holding");
  });

  it("the tear sheet's weights panel notes a large remainder instead of a bar that dwarfs the others", async () => {
    const weights = Array.from({ length: 39 }, (_, i) => ({ id: `h${i}`, weight: i < 15 ? 0.04 : 0.0183 }));
    const spec = weightsChartSpec(weights, { top: 15, other: "note" }) as unknown as {
      data: { values: unknown[] };
      title: { subtitle: string };
    };
    expect(spec.data.values.length).toBe(15);
    expect(spec.title.subtitle).toMatch(/24 more \(\d+\.\d% in total\) not drawn/);
    expect(() => weightsChartSpec(weights, { other: "pie" as never })).toThrow(
      /options.other: must be "bar" or "note"/,
    );
    const parts = svgParts(await tearSheetCharts({ backtest: sampleBacktest(2), weights }));
    expect(parts.markTexts.some((t) => t.startsWith("Other"))).toBe(false);
  });

  it("every dated panel of a tear sheet shows the same date ticks in the same format", async () => {
    for (const years of [1, 3, 5]) {
      const parts = svgParts(await tearSheetCharts({ backtest: sampleBacktest(years) }));
      const dateAxes = parts.axisLabels.filter(
        (labels) => labels.length > 0 && labels.every((l) => /^(\w{3} )?\d{4}$/.test(l)),
      );
      expect(dateAxes.length).toBe(4); // NAV, drawdown, rolling volatility, rolling Sharpe
      for (const labels of dateAxes) expect(labels).toEqual(dateAxes[0]);
    }
  });
});
