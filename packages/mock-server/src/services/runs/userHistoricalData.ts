import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { activeVersion, runStatus } from "../builds.ts";
import { type RankedCompaniesOptions, rankedCompanies } from "../strategies/rankedCompanies.ts";
import { visibleStrategy } from "../strategies/visibility.ts";
import { checkAsOfDate } from "./checkAsOfDate.ts";
import { constituentsAsOf, runConstituents } from "./runConstituents.ts";
import { latestCompletedRun, runOn } from "./versionRuns.ts";

/**
 * The companies of a user strategy as of `date` (real v1 reference "historical-data"): the active
 * version's run of that date when it has one (a v2 historical submit, or the live run of that
 * day), else its selection as of that date computed now (`selectConstituentsAsOf`: the same
 * function a historical run runs, so the answer is what that run would hold). Conviction ranked
 * with `scoringMinMarketCap` and the market caps of that date, `reasoning` with
 * `includeReasoning`. Empty while the strategy has
 * no completed run (never submitted, building or failed).
 *
 * @throws ApiError 404 when the strategy is absent, archived or invisible; 400 for a future or
 *   pre-history date; 409 when the run of that date is still running or failed
 * @example
 * userHistoricalData(ctx, alice, id, "2025-06-30", {}).length > 0 // => true
 */
export function userHistoricalData(
  ctx: ReadContext,
  caller: Caller,
  id: string,
  date: string,
  options: RankedCompaniesOptions,
): CompanyOut[] {
  const s = visibleStrategy(ctx, caller, id, "exclude");
  const now = ctx.clock.now();
  checkAsOfDate(ctx, date, now, "query.date");
  const version = activeVersion(s);
  if (version === undefined || latestCompletedRun(version, now) === undefined) return [];
  const run = runOn(version, date);
  if (run !== undefined) {
    const status = runStatus(run.run, now);
    if (status !== 100)
      throw new ApiError(
        409,
        `the run as of ${date} is ${status < 0 ? `failed (status ${status})` : `still running (status ${status}); retry later`}`,
      );
    return rankedCompanies(ctx.universe, runConstituents(ctx, version, run), {
      ...options,
      asOfDate: run.kind === "historical" ? date : undefined,
    });
  }
  return rankedCompanies(ctx.universe, constituentsAsOf(ctx, version, date), { ...options, asOfDate: date });
}
