import type { ClockAccess, OptionsAccess, StoreAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import { activeVersion, runStatus } from "../builds.ts";
import { lookupPremade } from "../premade/lookupPremade.ts";
import { factsheetRun } from "../runs/factsheetRun.ts";
import { factsheetStatus } from "../runs/factsheetStatus.ts";
import { requestFactsheetRecord } from "../runs/requestFactsheetRecord.ts";
import { requireOwned } from "../strategies/visibility.ts";

/** Input of {@link requestFactsheet} (the POST factsheet body). */
export interface FactsheetRequest {
  asOfDate?: string | undefined;
  versionId?: string | undefined;
  force?: boolean | undefined;
}

/**
 * Asks for the factsheet of one run of the caller's strategy (real v2 reference "POST
 * factsheet"): the run of `asOfDate` of `versionId` (defaults: the active version, its latest
 * completed run, else its latest run). Generation takes `buildDurationMs` from the later of now
 * and the end of the run. A factsheet that is already ready is kept unless `force`.
 *
 * @returns `generating`, the one status the reference shows, also when a ready factsheet is kept
 *   (`force` off): GET factsheet then redirects at once
 * @throws ApiError 404 when the strategy, version or run is absent or invisible; 403 when not the
 *   owner (premade strategies are read-only: their factsheets always exist); 409 when the
 *   strategy was never submitted or the run failed
 * @example
 * requestFactsheet(ctx, alice, id, {}).status // => "generating"
 */
export function requestFactsheet(
  ctx: UniverseAccess & ClockAccess & OptionsAccess & StoreAccess,
  caller: Caller,
  id: string,
  request: FactsheetRequest,
): { status: "generating" } {
  if (lookupPremade(ctx, id) !== undefined) {
    throw new ApiError(
      403,
      `strategy ${id} is a premade strategy (read-only); its factsheets exist already: GET its factsheet`,
    );
  }
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const s = requireOwned(draft.state, caller, id, now, "include");
    const version =
      request.versionId === undefined ? activeVersion(s) : s.versions.find((v) => v.id === request.versionId);
    if (version === undefined) {
      if (request.versionId !== undefined) throw notFound("version", request.versionId);
      throw new ApiError(409, `strategy ${id} was never submitted: submit it, then ask for its factsheet`);
    }
    const run = factsheetRun(version, request.asOfDate, now);
    if (run === undefined)
      throw new ApiError(409, `version ${version.id} has no run: submit it, then ask for its factsheet`);
    const status = runStatus(run.run, now);
    if (status < 0)
      throw new ApiError(
        409,
        `the run as of ${run.asOfDate} failed (status ${status}): nothing to make a factsheet of`,
      );
    if (request.force !== true && factsheetStatus(version, run, now) === "ready")
      return { status: "generating" as const };
    requestFactsheetRecord(version, run.asOfDate, now, ctx.options.buildDurationMs, request.force === true);
    return { status: "generating" as const };
  });
}
