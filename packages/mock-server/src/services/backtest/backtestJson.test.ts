import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "../../context/ServiceContext.ts";
import { realContext } from "../../_test/realContext.ts";
import type { Universe } from "../../_internal/fixtures.ts";
import { backtestJson } from "./backtestJson.ts";
import { runBacktest } from "./runBacktest.ts";

describe("backtestJson", () => {
  let universe: Universe;
  let ctx: ServiceContext;
  beforeAll(async () => {
    ({ universe, ctx } = await realContext());
  });

  it("is exactly JSON.stringify(runBacktest(…)), whichever portfolio first made the benchmark's half", () => {
    const ids = universe.companies.map((c) => c.id);
    const symbols = universe.benchmarks.map((b) => b.symbol);
    const input = fc.record({
      holdings: fc
        .uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 12 })
        .chain((picked) =>
          fc.tuple(
            ...picked.map((companyId) =>
              fc.double({ min: 0.01, max: 5, noNaN: true }).map((weight) => ({ companyId, weight })),
            ),
          ),
        ),
      years: fc.constantFrom(1, 2, 5, 20),
      // Lower case too: the lookup is case-insensitive, the kept text is keyed by the canonical symbol.
      benchmark: fc.constantFrom(...symbols, ...symbols.map((s) => s.toLowerCase())),
    });
    fc.assert(
      fc.property(input, (body) => {
        let expected: string;
        try {
          expected = JSON.stringify(runBacktest(ctx, body));
        } catch (e) {
          expect(() => backtestJson(ctx, body)).toThrow(e as Error);
          return;
        }
        expect(backtestJson(ctx, body)).toBe(expected);
      }),
      { numRuns: 120 },
    );
  });
});
