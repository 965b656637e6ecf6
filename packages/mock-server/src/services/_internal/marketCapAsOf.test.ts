import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companies, testUniverse } from "../../_test/testUniverse.ts";
import { marketCapAsOf } from "./marketCapAsOf.ts";

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const calendar = testUniverse.prices.calendar;

describe("marketCapAsOf", () => {
  it("is the universe's figure on the last price date, and scales with the close on earlier days", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: companies.length - 1 }),
        fc.integer({ min: 0, max: calendar.length - 1 }),
        (k, j) => {
          const company = companies[k]!;
          const series = testUniverse.prices.series.get(company.securities[0]!.id)!;
          expect(marketCapAsOf(testUniverse.prices, company, isoOf(calendar[calendar.length - 1]!))).toBe(
            company.marketCap,
          );
          const then = marketCapAsOf(testUniverse.prices, company, isoOf(calendar[j]!));
          const expected = Math.round(
            (company.marketCap * series.closes[j]!) / series.closes[series.closes.length - 1]!,
          );
          expect(then).toBe(expected);
          expect(then).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a weekend date takes the Friday before; before the first price, the universe's figure", () => {
    const company = companies[0]!;
    const friday = calendar[calendar.length - 1]!; // 2025-05-30, a Friday
    expect(marketCapAsOf(testUniverse.prices, company, isoOf(friday + 86400))).toBe(
      marketCapAsOf(testUniverse.prices, company, isoOf(friday)),
    );
    expect(marketCapAsOf(testUniverse.prices, company, "2001-01-01")).toBe(company.marketCap);
    expect(marketCapAsOf(testUniverse.prices, { ...company, securities: [] }, "2025-01-02")).toBe(company.marketCap);
  });
});
