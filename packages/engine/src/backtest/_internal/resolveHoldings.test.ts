import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { PriceSeries } from "../types.ts";
import { resolveHoldings } from "./resolveHoldings.ts";
import { powerOfTwoScale } from "../../stats/powerOfTwoScale.ts";

describe("resolveHoldings: duplicate ids", () => {
  it("merges repeated ids in first-appearance order, weights added in list order, one warning per repeated id, wherever the first repeat falls", () => {
    const calendar = Float64Array.from({ length: 10 }, (_, i) => 1704672000 + i * 86400);
    const points = Int32Array.from([4, 9]);
    const prices = new Map<string, PriceSeries>(
      Array.from({ length: 12 }, (_, i) => [`I${i}`, { start: 0, closes: new Array(10).fill(10 + i) }]),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ id: fc.integer({ min: 0, max: 11 }), weight: fc.double({ min: 0.001, max: 1000, noNaN: true }) }),
          { minLength: 1, maxLength: 30 },
        ),
        (list) => {
          const holdings = list.map(({ id, weight }) => ({ id: `I${id}`, weight }));
          // The reference: a Map from id to slot, weights (divided by the same power of two) added in list order.
          const scale = powerOfTwoScale(Float64Array.from(holdings, (h) => h.weight));
          const slot = new Map<string, number>();
          const ids: string[] = [];
          const sums: number[] = [];
          const counts: number[] = [];
          for (const { id, weight } of holdings) {
            const m = slot.get(id);
            if (m === undefined) {
              slot.set(id, ids.length);
              ids.push(id);
              sums.push(weight / scale);
              counts.push(1);
            } else {
              sums[m]! += weight / scale;
              counts[m]!++;
            }
          }
          let total = 0;
          for (const s of sums) total += s;
          const warnings: string[] = [];
          const resolved = resolveHoldings(holdings, prices, calendar, points, warnings);
          expect(resolved.map((h) => [h.id, h.weight])).toStrictEqual(ids.map((id, m) => [id, sums[m]! / total]));
          expect(warnings).toStrictEqual(
            ids.flatMap((id, m) =>
              counts[m]! > 1 ? [`holding ${id} is listed ${counts[m]} times; its weights were added`] : [],
            ),
          );
        },
      ),
      { seed: 23044, numRuns: 300 },
    );
  });
});
