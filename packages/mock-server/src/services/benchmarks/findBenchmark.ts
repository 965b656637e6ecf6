import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import { benchmarkCatalogue, type CatalogueBenchmark } from "./benchmarkCatalogue.ts";

/**
 * The benchmark of `symbol`, case-insensitive ("spy" finds SPY, "^gspc" finds ^GSPC), from the
 * context's catalogue (fixture benchmarks and the reference symbols), or undefined.
 *
 * @example
 * findBenchmark(ctx, "spy")?.symbol // => "SPY"
 */
export function findBenchmark(ctx: UniverseAccess & MemoAccess, symbol: string): CatalogueBenchmark | undefined {
  return benchmarkCatalogue(ctx).get(symbol.trim().toUpperCase());
}
