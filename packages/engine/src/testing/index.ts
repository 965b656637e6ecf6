/**
 * @thematic/engine/testing: fast-check arbitraries of the engine's domain and the reference
 * oracles the engine's own tests compare against, for property-based suites outside the engine.
 * Needs `fast-check` (an optional peer dependency of @thematic/engine; only this entry uses it).
 * Every arbitrary is a function returning a fresh `fc.Arbitrary`; random data inside one (price
 * walks, factor returns) derives from a seed fast-check draws, so failures replay and shrink.
 *
 * @example
 * import fc from "fast-check";
 * import { buyAndHoldBacktest } from "@thematic/engine";
 * import { arbitraryPortfolio, closeTo, oracleNav } from "@thematic/engine/testing";
 *
 * fc.assert(fc.property(arbitraryPortfolio(), ({ input }) =>
 *   closeTo(buyAndHoldBacktest(input).timeSeries.at(-1)![1], oracleNav(input).nav.at(-1)!, 1e-9)));
 *
 * @module @thematic/engine/testing
 */

// Arbitraries
export {
  arbitraryBacktestScenario,
  arbitraryPortfolio,
  type BacktestScenario,
  type BacktestScenarioOptions,
} from "./backtestScenario.ts";
export { arbitraryCalendar, arbitraryHoldings } from "./holdings.ts";
export { arbitraryPriceSeries } from "./priceSeries.ts";
export {
  arbitraryConfidence,
  arbitraryFiniteDouble,
  arbitraryPrice,
  arbitraryPrices,
  arbitraryReturn,
  arbitraryReturns,
  arbitraryTamePrice,
  uniformIn,
} from "./returns.ts";
export {
  arbitraryConvictionInput,
  arbitraryConvictionInputs,
  arbitraryMarketCap,
  arbitraryMinMarketCap,
  arbitraryOptimizerCompanies,
  arbitraryReportedMarketCap,
  arbitraryUnit,
  permutationOf,
} from "./companies.ts";
export {
  arbitraryMeanCvarOptions,
  arbitraryMeanCvarProblem,
  arbitraryReturnScenarios,
  arbitraryScoreTiltOptions,
  arbitraryScoreTiltProblem,
} from "./optimizerProblems.ts";
export { arbitraryFigi, arbitraryFigiBody, arbitraryIsin, arbitraryIsinBody } from "./identifiers.ts";

// Deterministic generators
export { seededRandom } from "./seededRandom.ts";
export { geometricRandomWalk, normal } from "./randomWalk.ts";
export { businessCalendar, mondayOf, utc } from "./businessCalendar.ts";
export { gaussianSource, syntheticUniverse } from "./syntheticUniverse.ts";

// Oracles (reference implementations sharing no code with the engine)
export { closeTo, closeToTolerance } from "./closeTo.ts";
export { oracleNav, oracleWeeklyPoints } from "./backtestOracle.ts";
export { ruObjective } from "./ruObjective.ts";
export { bruteForce, referenceLp, type ReferenceProblem, subsets } from "./referenceLp.ts";
export { centredCross, eligibleXY, isEligible, leverage, logistic, mean, sd } from "./convictionOracle.ts";
