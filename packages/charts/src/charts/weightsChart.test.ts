import { describe, expect, it } from "vitest";
import { svgParts } from "../_test/svgParts.ts";
import { weightsChart, weightsChartSpec } from "./weightsChart.ts";

describe("weightsChart", () => {
  const weights = Array.from({ length: 30 }, (_, i) => ({ id: `id${i}`, weight: 30 - i, label: `Company ${i}` }));

  it("draws the largest holdings as bars with percent labels and sums the rest into Other", async () => {
    const parts = svgParts(await weightsChart(weights, { top: 10 }));
    expect(parts.titles).toEqual(["Portfolio weights"]);
    expect(parts.subtitles).toEqual(["30 holdings · the 10 largest shown, the rest as Other"]);
    expect(parts.bars).toBe(11);
    expect(parts.axisTitles).toEqual(["Weight (% of portfolio)", "Holding"]);
    const total = (30 * 31) / 2;
    expect(parts.axisLabels.find((l) => l.includes("Company 0"))).toEqual([...Array.from({ length: 10 }, (_, i) => `Company ${i}`), "Other (20 holdings)"]);
    expect(parts.markTexts[0]).toBe(`${((30 / total) * 100).toFixed(1)}%`);
    const other = Array.from({ length: 20 }, (_, i) => 20 - i).reduce((a, b) => a + b, 0);
    expect(parts.markTexts[10]).toBe(`${((other / total) * 100).toFixed(1)}%`);
    expect(parts.legendLabels).toEqual([]);
  });

  it("accepts an optimizer result, keeps two holdings of one name apart, and shows every bar when all fit", async () => {
    const parts = svgParts(await weightsChart({ weights: [{ id: "a", weight: 0.5, label: "Acme" }, { id: "b", weight: 0.3, label: "Acme" }, { id: "c", weight: 0.2 }] }));
    expect(parts.bars).toBe(3);
    expect(parts.axisLabels.find((l) => l.includes("Acme"))).toEqual(["Acme", "Acme (b)", "c"]);
  });

  it("rejects bad weights naming the field", () => {
    expect(() => weightsChartSpec([])).toThrow(/weights: must be a non-empty array/);
    expect(() => weightsChartSpec([{ id: "a", weight: -1 }])).toThrow(/weights\[0\].weight: must be a finite number >= 0/);
    expect(() => weightsChartSpec([{ id: "a", weight: 1 }, { id: "a", weight: 1 }])).toThrow(/weights\[1\].id: repeats "a"/);
    expect(() => weightsChartSpec([{ id: "a", weight: 0 }])).toThrow(/weights: weights must sum to a finite number > 0/);
    expect(() => weightsChartSpec({ weights: [{ id: "a", weight: 1 }] }, { top: 0 })).toThrow(/options.top/);
  });
});
