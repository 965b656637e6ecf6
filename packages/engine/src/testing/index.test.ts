// The kit as an outside suite uses it: through the package's `./testing` export, in two lines.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buyAndHoldBacktest, isValidFigi, isValidIsin, meanCvarOptimize, scoreTilt } from "@thematic/engine";
import {
  arbitraryCalendar,
  arbitraryHoldings,
  arbitraryMeanCvarProblem,
  arbitraryOptimizerCompanies,
  arbitraryPortfolio,
  arbitraryPriceSeries,
  arbitraryReturnScenarios,
  arbitraryScoreTiltProblem,
  arbitraryFigi,
  arbitraryIsin,
  closeTo,
  oracleNav,
} from "@thematic/engine/testing";

describe("@thematic/engine/testing", () => {
  it("the README's two lines: the backtest agrees with the oracle on arbitrary portfolios", () => {
    fc.assert(
      fc.property(arbitraryPortfolio(), ({ input }) =>
        closeTo(buyAndHoldBacktest(input).timeSeries.at(-1)![1], oracleNav(input).nav.at(-1)!, 1e-9),
      ),
      { numRuns: 40 },
    );
  });

  it("every portfolio is one the backtest accepts (regression: seed -2011246739 delisted the only holding before the window)", () => {
    fc.assert(
      fc.property(arbitraryPortfolio(), ({ input }) => buyAndHoldBacktest(input).timeSeries.length > 1),
      { seed: -2011246739, numRuns: 60 },
    );
    fc.assert(
      fc.property(
        arbitraryPortfolio({ maxHoldings: 1 }),
        ({ input }) => buyAndHoldBacktest(input).timeSeries.length > 1,
      ),
      { numRuns: 300 },
    );
  });

  it("portfolios include late listings and delistings, and calendars have gaps", () => {
    const samples = fc.sample(arbitraryPortfolio(), { numRuns: 200, seed: 7 });
    expect(samples.some((s) => s.lateIds.length > 0)).toBe(true);
    expect(samples.some((s) => s.delistedIds.length > 0)).toBe(true);
    const calendars = fc.sample(arbitraryCalendar(), { numRuns: 100, seed: 7 });
    for (const days of calendars) expect(days.every((d, i) => i === 0 || d > days[i - 1]!)).toBe(true);
    expect(calendars.some((days) => days.some((d, i) => i > 0 && d - days[i - 1]! > 3 * 86400))).toBe(true); // a holiday next to a weekend
  });

  it("price series fit their calendar with positive finite closes; holdings have a positive weight", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }).chain((n) => fc.tuple(fc.constant(n), arbitraryPriceSeries(n))),
        ([n, s]) => {
          expect(s.start + s.closes.length).toBeLessThanOrEqual(n);
          expect(Array.from(s.closes).every((c) => Number.isFinite(c) && c > 0)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        arbitraryHoldings(["A", "B", "C"]),
        (hs) => hs.some((h) => h.weight > 0) && hs.every((h) => ["A", "B", "C"].includes(h.id)),
      ),
    );
  });

  it("return scenarios are T × N returns > -1; companies have unique ids and signals in [0, 1]", () => {
    fc.assert(
      fc.property(arbitraryReturnScenarios(), ({ companies, scenarios }) => {
        expect(scenarios.returns.length).toBe(scenarios.periods * scenarios.assetIds.length);
        expect(scenarios.returns.every((r) => Number.isFinite(r) && r > -1)).toBe(true);
        expect(companies.map((c) => c.id)).toEqual(scenarios.assetIds);
      }),
      { numRuns: 30 },
    );
    fc.assert(
      fc.property(arbitraryOptimizerCompanies(), (cs) => {
        expect(new Set(cs.map((c) => c.id)).size).toBe(cs.length);
        for (const c of cs)
          expect(c.linguisticBeta >= 0 && c.linguisticBeta <= 1 && c.marketBuzz >= 0 && c.marketBuzz <= 1).toBe(true);
      }),
    );
  });

  it("optimizer problems are feasible: both optimizers accept them and honour their bounds", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryScoreTiltProblem(), async ({ companies, options }) => {
        const { weights } = await scoreTilt(companies, undefined, options);
        expect(weights.every((w) => w.weight <= options.maxWeight + 1e-12)).toBe(true);
      }),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(arbitraryMeanCvarProblem(), async ({ companies, scenarios, options }) => {
        const { weights } = await meanCvarOptimize(companies, scenarios, options);
        expect(weights.filter((w) => w.weight >= options.minActiveWeight! - 1e-9).length).toBeGreaterThanOrEqual(
          options.minHoldings!,
        );
        expect(weights.every((w) => w.weight <= options.maxWeight! + 1e-9)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it("identifiers are valid", () => {
    fc.assert(fc.property(arbitraryFigi(), arbitraryIsin(), (figi, isin) => isValidFigi(figi) && isValidIsin(isin)));
  });
});
