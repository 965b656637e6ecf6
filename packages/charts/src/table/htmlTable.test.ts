import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlTable } from "./htmlTable.ts";

const cells = (html: string): string[] => [...html.matchAll(/<t[dh](?: [^>]*)?>(.*?)<\/t[dh]>/g)].map((m) => m[1]!);

describe("htmlTable", () => {
  it("writes records as a table with formatted, right-aligned numbers", () => {
    const html = htmlTable(
      [
        { symbol: "GRID", weight: 0.5, cap: 12_345_678.9, beta: 0.879123 },
        { symbol: "SUN", weight: 1 / 6, beta: null },
      ],
      { formats: { weight: "percent" }, caption: "Weights" },
    );
    expect(html.startsWith('<table class="thematic-table"><caption>Weights</caption>')).toBe(true);
    expect(cells(html)).toEqual([
      "symbol",
      "weight",
      "cap",
      "beta",
      "GRID",
      "50.0%",
      "12,345,679",
      "0.8791",
      "SUN",
      "16.7%",
      "",
      "",
    ]);
    expect(html).toContain('<td style="text-align:right">50.0%</td>');
  });

  it("takes rows keyed by name, as console.table does, with an index header", () => {
    const html = htmlTable(
      { portfolio: { sharpe: 1.23456 }, SPY: { sharpe: 0.5 } },
      { indexHeader: "series", formats: { sharpe: { digits: 2 } } },
    );
    expect(cells(html)).toEqual(["series", "sharpe", "portfolio", "1.23", "SPY", "0.50"]);
    expect(cells(htmlTable([{ cap: 4400 }], { formats: { cap: { digits: 1 } } }))).toEqual(["cap", "4,400.0"]);
  });

  it("escapes strings and writes non-finite numbers as n/a", () => {
    const html = htmlTable([{ name: '<script>"x"&', v: Number.NaN, w: Number.POSITIVE_INFINITY }]);
    expect(html).not.toContain("<script>");
    expect(cells(html).slice(3)).toEqual(["&lt;script&gt;&quot;x&quot;&amp;", "n/a", "n/a"]);
  });

  it("refuses rows that are not objects and unknown formats, naming the field", () => {
    expect(() => htmlTable(null as never)).toThrow(/^rows: must be an array/);
    expect(() => htmlTable([1 as never])).toThrow(/^rows\[0\]: must be an object/);
    expect(() => htmlTable([{ a: 1 }], { formats: { a: "pct" as never } })).toThrow(/^options\.formats\.a: must be/);
  });

  it("never writes NaN or Infinity, and keeps one cell per column in every row", () => {
    const value = fc.oneof(
      fc.double(),
      fc.string({ maxLength: 8 }).filter((s) => !/NaN|Infinity/.test(s)),
      fc.constant(null),
      fc.boolean(),
    );
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.constantFrom("a", "b", "c"), value), { minLength: 1, maxLength: 6 }),
        (rows) => {
          const html = htmlTable(rows);
          const columns = new Set(rows.flatMap((r) => Object.keys(r))).size;
          const bodyRows = html.split("<tbody>")[1]!.split("<tr>").slice(1);
          for (const row of bodyRows) expect((row.match(/<td/g) ?? []).length).toBe(columns);
          const numbers = cells(html).filter((c) => /^-?[\d.,e+-]+%?$/.test(c));
          for (const n of numbers) expect(n).not.toMatch(/NaN|Infinity/);
          expect(html).not.toMatch(/>NaN<|>Infinity<|>-Infinity</);
        },
      ),
    );
  });
});
