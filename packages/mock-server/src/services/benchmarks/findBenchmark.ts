import type { Universe } from "../../_internal/fixtures.ts";
import type { ServiceContext } from "../../app/ServiceContext.ts";

/**
 * The benchmark of `symbol` (exact, else upper-cased: "spy" finds SPY), or undefined.
 *
 * @example
 * findBenchmark(ctx, "spy")?.symbol // => "SPY"
 */
export function findBenchmark(ctx: ServiceContext, symbol: string): Universe["benchmarks"][number] | undefined {
  return ctx.universe.benchmarkBySymbol.get(symbol) ?? ctx.universe.benchmarkBySymbol.get(symbol.trim().toUpperCase());
}
