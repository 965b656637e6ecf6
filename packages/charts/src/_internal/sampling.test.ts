import fc from "fast-check";
import { PERIODS_PER_YEAR, rollingVolatility, simpleReturns } from "@thematic/engine";
import { businessCalendar, utc } from "@thematic/engine/testing";
import { describe, expect, it } from "vitest";
import { navChartSpec } from "../charts/navChart.ts";
import { rollingVolatilityChartSpec } from "../charts/rollingVolatilityChart.ts";
import { readSampling } from "./sampling.ts";

type Named = "daily" | "weekly" | "monthly" | "quarterly";
const UNIT: Record<Named, string> = { daily: "day", weekly: "week", monthly: "month", quarterly: "quarter" };

/** `n` dates of a sampling from 2001: business days, Fridays, month ends or quarter ends (Unix seconds). */
function datesOf(frequency: Named, n: number): number[] {
  const start = utc("2001-01-05"); // a Friday
  if (frequency === "daily") return businessCalendar(start, start + Math.ceil(n * 1.5 + 10) * 86400).slice(0, n);
  if (frequency === "weekly") return Array.from({ length: n }, (_, i) => start + i * 7 * 86400);
  const months = frequency === "monthly" ? 1 : 3;
  return Array.from({ length: n }, (_, i) => Date.UTC(2001, (i + 1) * months, 0) / 1000);
}

describe("the sampling of a series", () => {
  it("any frequency: the label, the window's unit and the annualisation factor agree with the data", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Named>("daily", "weekly", "monthly", "quarterly"),
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 69, maxLength: 200 }),
        (frequency, returns) => {
          const dates = datesOf(frequency, returns.length + 1);
          let nav = 100;
          const portfolio = dates.map((t, i) => [t, i === 0 ? nav : (nav *= 1 + returns[i - 1]!)] as [number, number]);
          const p = PERIODS_PER_YEAR[frequency];
          const spec = rollingVolatilityChartSpec({ portfolio }) as unknown as {
            title: { text: string; subtitle: string };
            data: { values: Array<{ value: number }> };
          };
          const window = Number(/^Rolling (\d+)-(\w+) volatility$/.exec(spec.title.text)![1]);
          expect(spec.title.text).toBe(`Rolling ${window}-${UNIT[frequency]} volatility`);
          expect(spec.title.subtitle).toBe(
            `Annualised (${p} periods a year), over the last ${window} ${frequency} returns`,
          );
          const engine = rollingVolatility(simpleReturns(portfolio.map(([, v]) => v)), window, p);
          expect(spec.data.values.map((d) => d.value)).toEqual(Array.from(engine));
          const nav0 = navChartSpec({ portfolio }) as unknown as { title: { subtitle: string } };
          expect(
            nav0.title.subtitle.startsWith(`${frequency[0]!.toUpperCase()}${frequency.slice(1)}, rebased to 100 · `),
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a given periodsPerYear refines the dates' sampling within a factor 1.5 of their rate, and is refused beyond", () => {
    const times = Float64Array.from(datesOf("daily", 300));
    expect(readSampling({ times, option: undefined })).toMatchObject({
      periodsPerYear: 252,
      frequency: "daily",
      source: "dates",
      label: "Daily",
    });
    expect(readSampling({ times, option: 260 })).toMatchObject({
      periodsPerYear: 260,
      frequency: "custom",
      source: "option",
      unit: "day",
      label: "Daily, 260 periods a year (given)",
    });
    expect(readSampling({ times, option: 252 })).toMatchObject({ periodsPerYear: 252, label: "Daily" });
    expect(() => readSampling({ times, option: 52 })).toThrow(
      /^options\.periodsPerYear: 52 contradicts the data: its points are daily \(about 261 a year; 252 periods a year by default\)/,
    );
    expect(() => readSampling({ times, option: 0 })).toThrow(
      /^options\.periodsPerYear: must be a number in \(0, 366\]/,
    );
    // Irregular dates: no sampling unless given, and then the label says it was given.
    const irregular = Float64Array.of(0, 10 * 86400, 20 * 86400, 30 * 86400);
    expect(readSampling({ times: irregular, option: undefined })).toBeUndefined();
    expect(readSampling({ times: irregular, option: 52 })).toMatchObject({
      periodsPerYear: 52,
      label: "Weekly, 52 periods a year (given)",
    });
  });
});
