import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { drawdownChartSpec } from "../charts/drawdownChart.ts";
import { navChartSpec } from "../charts/navChart.ts";
import { seriesColumns } from "./seriesColumns.ts";

/** Every number in a spec's data is finite (NaN and ±Infinity would become null in JSON). */
function finiteData(spec: unknown): boolean {
  const values = (spec as { data: { values: Array<Record<string, unknown>> } }).data.values;
  return values.every((row) => Object.values(row).every((v) => typeof v !== "number" || Number.isFinite(v)));
}

describe("series input", () => {
  it("any input is either refused with a ChartError or drawn with finite data only", () => {
    const value = fc.oneof(fc.double(), fc.constantFrom(0, -1, 1e308, 5e-324), fc.string(), fc.constant(null));
    const point = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.oneof(fc.double(), fc.integer({ min: -1e13, max: 1e13 })), value) },
      { weight: 1, arbitrary: fc.anything() },
    );
    fc.assert(
      fc.property(fc.array(point, { maxLength: 12 }), fc.boolean(), (points, sorted) => {
        const series = sorted
          ? [...points].sort((a, b) => (Array.isArray(a) && Array.isArray(b) ? Number(a[0]) - Number(b[0]) : 0))
          : points;
        for (const build of [navChartSpec, drawdownChartSpec]) {
          try {
            expect(finiteData(build({ portfolio: series as never }))).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(ChartError);
          }
        }
      }),
    );
  });

  it("accepts increasing days of positive values and names the first bad point", () => {
    expect(
      Array.from(
        seriesColumns(
          "s",
          [
            [0, 1],
            [86400, 2],
          ],
          2,
          true,
        ).t,
      ),
    ).toEqual([0, 86400]);
    expect(() =>
      seriesColumns(
        "s",
        [
          [0, 1],
          [1e17, 2],
        ],
        2,
      ),
    ).toThrow(/^s\[1\]\[0\]: time must be Unix seconds \(years 1 to 9999\), got 100000000000000000$/);
    expect(() =>
      seriesColumns(
        "s",
        [
          [1700000000000, 1],
          [1700086400000, 2],
        ],
        2,
      ),
    ).toThrow(
      new ChartError(
        "s[0][0]",
        "time must be Unix seconds (years 1 to 9999), got 1700000000000: it looks like milliseconds (2023-11-14 once divided by 1000); give seconds",
        {
          details: { value: 1700000000000, unit: "seconds" },
        },
      ),
    );
    expect(() => seriesColumns("s", "x", 2)).toThrow(/s: must be an array/);
    expect(() =>
      seriesColumns(
        "s",
        [
          [0, 1],
          [1, 2, 3],
        ],
        2,
      ),
    ).toThrow(/s\[1\]: must be a \[unixSeconds, value\] pair/);
  });
});
