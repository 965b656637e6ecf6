import { describe, expect, it } from "vitest";
import { svgParts } from "../_test/svgParts.ts";
import { convictionChart, convictionChartSpec } from "./convictionChart.ts";

describe("convictionChart", () => {
  const companies = [
    { name: "Big High", marketCap: 2.5e11, convictionScore: 0.9 },
    { name: "Mid Moderate", marketCap: 4e9, convictionScore: 0.35 },
    { name: "Small Low", marketCap: 6e8, convictionScore: 0.05 },
    { name: "Small Zero", marketCap: 3e7, convictionScore: 0 },
    { name: "No cap", marketCap: null, convictionScore: 0.4 },
    { name: "No score", marketCap: 1e9, convictionScore: null },
  ];

  it("places every company with a cap and a score, coloured by band, on a log cap axis with decade ticks", async () => {
    const parts = svgParts(await convictionChart(companies));
    expect(parts.titles).toEqual(["Conviction score against market cap"]);
    expect(parts.subtitles).toEqual(["4 companies · 2 without a market cap or a score not shown"]);
    expect(parts.points).toBe(4);
    expect(parts.axisTitles).toEqual(["Market cap (USD, log scale)", "Conviction score (0 to 1)"]);
    expect(parts.axisLabels[0]).toEqual(["$10M", "$100M", "$1B", "$10B", "$100B", "$1T"]);
    expect(parts.legendLabels).toEqual(["High (> 0.5)", "Moderate (0.2–0.5)", "Low (< 0.2)"]);
  });

  it("rejects malformed companies naming the field, and a list where nothing can be placed", () => {
    expect(() => convictionChartSpec([{ name: "x", marketCap: -1, convictionScore: 0.5 }])).toThrow(
      /companies\[0\].marketCap/,
    );
    expect(() => convictionChartSpec([{ name: "x", marketCap: 1e9, convictionScore: 1.5 }])).toThrow(
      /companies\[0\].convictionScore: must be a number in \[0, 1\]/,
    );
    expect(() => convictionChartSpec([{ name: "", marketCap: 1e9, convictionScore: 0.5 }])).toThrow(
      /companies\[0\].name/,
    );
    expect(() => convictionChartSpec([{ name: "x", marketCap: null, convictionScore: 0.5 }])).toThrow(
      /companies: no company has both/,
    );
  });
});
