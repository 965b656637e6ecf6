import { describe, expect, it } from "vitest";
import { panelsBeside, reportHtml, svgHeight } from "./reportHtml.ts";

describe("the report page's layout", () => {
  it("stands beside the table as many panels as its height holds, at least one", () => {
    expect(panelsBeside(1000, [300, 300, 300, 300])).toBe(3);
    expect(panelsBeside(2000, [300, 300, 300, 300])).toBe(4);
    expect(panelsBeside(100, [300, 300])).toBe(1);
    expect(panelsBeside(400, [300, 300])).toBe(1);
    expect(panelsBeside(500, [300, 300])).toBe(2);
  });

  it("reads an SVG's height", () => {
    expect(
      svgHeight('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="312.5" viewBox="0 0 800 312.5">'),
    ).toBe(312.5);
    expect(svgHeight("<svg>")).toBe(0);
  });

  it("puts the panels a long table holds beside it and the others in the grid, the parameters in the header, text escaped", () => {
    const svg = (h: number, id: string) => `<svg width="800" height="${h}"><title>${id}</title></svg>`;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      group: i < 30 ? "A" : "B",
      label: `row <${i}>`,
      portfolio: "1",
      benchmark: "–",
    }));
    const html = reportHtml(
      "T & co",
      {
        range: "2024-01-01 → 2024-12-31",
        returns: 251,
        sampling: "Daily, 252 periods a year",
        riskFreeRate: 0.03,
        convention: "quantstats",
        rollingWindow: "126-day",
      },
      rows,
      ["P", "B"],
      [svg(300, "one"), svg(300, "two"), svg(300, "three"), svg(300, "four"), svg(300, "five")],
    );
    // 30 + 60 × 21 + 2 × 33 = 1,356 px of table: four panels of 300 (and three gaps of 16) beside it.
    const beside = html.slice(html.indexOf('<div class="beside">'), html.indexOf('<div class="grid">'));
    expect(beside.match(/<svg/g)).toHaveLength(4);
    expect(html.slice(html.indexOf('<div class="grid">'))).toContain("five");
    expect(html).toContain("<title>T &amp; co</title>");
    expect(html).toContain("row &lt;0&gt;");
    expect(html).toContain("Risk-free rate</span>3.00% a year");
    expect(html).toContain("Convention</span>quantstats");
  });
});
