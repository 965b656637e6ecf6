import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnsFromCsv } from "./returnsFromCsv.ts";
import { returnsFromPrices } from "./returnsFromPrices.ts";
import { returnsFromRecords } from "./returnsFromRecords.ts";

describe("returnsFromCsv", () => {
  it("equals returnsFromPrices and returnsFromRecords on the same closes (any table)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (t, n, seed) => {
          const ids = Array.from({ length: n }, (_, i) => `Asset "${i}", inc`);
          const dates = Array.from({ length: t }, (_, k) => 1706659200 + k * 7 * 86400);
          const closes = ids.map((_, i) =>
            Array.from({ length: t }, (_, k) => 10 + ((seed * (i + 3) + k * 7919) % 1000) / 7),
          );
          const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
          const csv = [
            ["date", ...ids.map(quote)].join(","),
            ...dates.map((d, k) =>
              [new Date(d * 1000).toISOString().slice(0, 10), ...closes.map((c) => String(c[k]))].join(","),
            ),
          ].join("\r\n");
          const fromCsv = returnsFromCsv(csv);
          const fromPrices = returnsFromPrices(new Map(ids.map((id, i) => [id, closes[i]!])), { dates });
          const fromRecords = returnsFromRecords(
            dates.map((d, k) => ({ date: d, ...Object.fromEntries(ids.map((id, i) => [id, closes[i]![k]!])) })),
          );
          expect(fromCsv.assets).toEqual(ids);
          expect(fromCsv.frequency).toBe("weekly");
          expect(Array.from(fromCsv.returns)).toEqual(Array.from(fromPrices.returns));
          expect(Array.from(fromRecords.returns)).toEqual(Array.from(fromPrices.returns));
          expect(fromCsv.dates).toEqual(fromPrices.dates);
        },
      ),
      { seed: 29, numRuns: 60 },
    );
  });

  it("names the row and column of a cell that is not a number", () => {
    expect(() => returnsFromCsv("date,A\n2024-01-01,100\n2024-01-02,n/a\n2024-01-03,101")).toThrow(
      /row 2, column A: "n\/a" is not a number/,
    );
  });

  it("reads returns when told, and refuses a sampling it cannot read", () => {
    const r = returnsFromCsv("date,A\n2024-01-31,0.01\n2024-02-29,-0.02", { values: "returns" });
    expect([r.periods, r.frequency, Array.from(r.returns)]).toEqual([2, "monthly", [0.01, -0.02]]);
    expect(() => returnsFromCsv("date,A\n2024-01-01,1\n2024-03-01,2")).toThrow(/give frequency/);
  });
});
