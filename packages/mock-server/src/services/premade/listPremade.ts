import type { UniverseAccess } from "../../context/contextParts.ts";
import type { StrategyV1 } from "../../schemas/strategy.ts";
import { presentPremade } from "./presentPremade.ts";

/**
 * Every premade strategy in the v1 shape (docs/parity.md#premade-strategy-endpoints), in the library's order (the fixtures').
 *
 * @example
 * listPremade(ctx).every((s) => s.public && s.status === 100) // => true
 */
export function listPremade(ctx: UniverseAccess): StrategyV1[] {
  return ctx.universe.premadeStrategies.map((p) => presentPremade(ctx, p));
}
