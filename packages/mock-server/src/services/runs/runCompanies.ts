import type { MemoAccess, OptionsAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { historicalData } from "../premade/historicalData.ts";
import { premadeCompanies } from "../premade/premadeCompanies.ts";
import { type RankedCompaniesOptions, rankedCompanies } from "../strategies/rankedCompanies.ts";
import type { ReadableRun } from "./readRun.ts";
import { runConstituents } from "./runConstituents.ts";

/**
 * The companies of a resolved run (docs/parity.md#company-holding), conviction ranked with `scoringMinMarketCap`
 * (a historical run with the market caps of its date),
 * `reasoning` with `includeReasoning`: a user strategy's run (live or historical), a premade
 * strategy's current list or dated snapshot (the same lists as the v1 premade routes), or none
 * (empty).
 *
 * @example
 * runCompanies(ctx, readRun(ctx, alice, id, {}), {})[0].convictionScore // => the highest score
 */
export function runCompanies(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  readable: ReadableRun,
  options: RankedCompaniesOptions,
): CompanyOut[] {
  switch (readable.kind) {
    case "none":
      return [];
    case "premade":
      return readable.asOfDate === null
        ? premadeCompanies(ctx, readable.premade.id, options)
        : historicalData(ctx, readable.premade.id, readable.asOfDate, options);
    case "user":
      return rankedCompanies(ctx.universe, runConstituents(ctx, readable.version, readable.run), {
        ...options,
        asOfDate: readable.run.kind === "historical" ? readable.run.asOfDate : undefined,
      });
  }
}
