import fc from "fast-check";
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
    expect(parts.axisLabels.find((l) => l.includes("Company 0"))).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Company ${i}`),
      "Other (20 holdings)",
    ]);
    expect(parts.markTexts[0]).toBe(`${((30 / total) * 100).toFixed(1)}%`);
    const other = Array.from({ length: 20 }, (_, i) => 20 - i).reduce((a, b) => a + b, 0);
    expect(parts.markTexts[10]).toBe(`${((other / total) * 100).toFixed(1)}%`);
    expect(parts.legendLabels).toEqual([]);
  });

  it("accepts an optimizer result, keeps two holdings of one name apart, and shows every bar when all fit", async () => {
    const parts = svgParts(
      await weightsChart({
        weights: [
          { id: "a", weight: 0.5, label: "Acme" },
          { id: "b", weight: 0.3, label: "Acme" },
          { id: "c", weight: 0.2 },
        ],
      }),
    );
    expect(parts.bars).toBe(3);
    expect(parts.axisLabels.find((l) => l.includes("Acme"))).toEqual(["Acme", "Acme (b)", "c"]);
  });

  it("rejects bad weights naming the field", () => {
    expect(() => weightsChartSpec([])).toThrow(/^weights: must hold at least one weight$/);
    expect(() => weightsChartSpec([{ id: "a", weight: -1 }])).toThrow(
      /weights\[0\].weight: must be a finite number >= 0/,
    );
    expect(() =>
      weightsChartSpec([
        { id: "a", weight: 1 },
        { id: "a", weight: 1 },
      ]),
    ).toThrow(/weights\[1\].id: repeats "a"/);
    expect(() => weightsChartSpec([{ id: "a", weight: 0 }])).toThrow(
      /weights: weights must sum to a finite number > 0 \(every weight is 0\)/,
    );
    expect(() => weightsChartSpec({ weights: [{ id: "a", weight: 1 }] }, { top: 0 })).toThrow(/options.top/);
  });

  it("neither draws nor counts zero weights, as an optimizer's result lists them", async () => {
    const result = {
      method: "minimum-variance",
      weights: [
        { id: "A", weight: 0.6 },
        { id: "B", weight: 0 },
        { id: "C", weight: 0.4 },
        { id: "D", weight: 0 },
      ],
    };
    const parts = svgParts(await weightsChart(result));
    expect(parts.bars).toBe(2);
    expect(parts.subtitles).toEqual(["2 holdings · 2 zero weights not drawn"]);
    expect(parts.axisLabels.find((l) => l.includes("A"))).toEqual(["A", "C"]);
    // Only the other holdings are summed into Other: two zero weights beyond top do not make an Other bar.
    const top = weightsChartSpec([...result.weights, { id: "E", weight: 0 }], { top: 2 }) as unknown as {
      data: { values: Array<{ label: string }> };
      title: { subtitle: string };
    };
    expect(top.data.values.map((b) => b.label)).toEqual(["A", "C"]);
    expect(top.title.subtitle).toBe("2 holdings · 3 zero weights not drawn");
  });

  it("takes labelled weights { id: weight } or a Map, drawn the same as the list", () => {
    const bars = (input: Parameters<typeof weightsChartSpec>[0]) =>
      (weightsChartSpec(input) as unknown as { data: { values: unknown[] } }).data.values;
    const list = bars([
      { id: "A", weight: 0.25 },
      { id: "B", weight: 0.75 },
      { id: "C", weight: 0 },
    ]);
    expect(bars({ A: 0.25, B: 0.75, C: 0 })).toEqual(list);
    expect(
      bars(
        new Map([
          ["A", 0.25],
          ["B", 0.75],
          ["C", 0],
        ]),
      ),
    ).toEqual(list);
    expect(() => weightsChartSpec({ A: 0.5, B: Number.NaN })).toThrow(
      /^weights\[1\]\.weight: must be a finite number >= 0, got NaN$/,
    );
    expect(() => weightsChartSpec({})).toThrow(/^weights: must hold at least one weight$/);
  });

  it("any labelled weights: one bar per non-zero weight, named by its id, the same whatever the order given", () => {
    const weights = fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[A-Z]{1,5}$/),
        weight: fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1, noNaN: true })),
      }),
      {
        selector: (w) => w.id,
        minLength: 1,
        maxLength: 30,
      },
    );
    fc.assert(
      fc.property(
        weights.filter((w) => w.some((x) => x.weight > 0)),
        fc.infiniteStream(fc.nat()),
        (list, seeds) => {
          const spec = (input: Parameters<typeof weightsChartSpec>[0]) =>
            weightsChartSpec(input, { top: 100 }) as unknown as {
              data: { values: Array<{ label: string; weight: number }> };
              title: { subtitle: string };
            };
          const held = list.filter((w) => w.weight > 0);
          const drawn = spec(list);
          expect(drawn.data.values.map((b) => b.label).sort()).toEqual(held.map((w) => w.id).sort());
          expect(drawn.title.subtitle.startsWith(`${held.length} holding${held.length === 1 ? "" : "s"}`)).toBe(true);
          const it = seeds[Symbol.iterator]();
          const shuffled = [...list].sort(() => ((it.next().value as number) % 3) - 1);
          expect(spec(Object.fromEntries(shuffled.map((w) => [w.id, w.weight]))).data.values).toEqual(
            drawn.data.values,
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});
