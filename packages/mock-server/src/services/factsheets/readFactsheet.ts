import type { ClockAccess, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { activeVersion } from "../builds.ts";
import { currentRunDate } from "../premade/currentRunDate.ts";
import { lookupPremade } from "../premade/lookupPremade.ts";
import { premadeVersionId } from "../premade/premadeVersionId.ts";
import { factsheetRun } from "../runs/factsheetRun.ts";
import { factsheetStatus } from "../runs/factsheetStatus.ts";
import { readRun, type RunSelection } from "../runs/readRun.ts";
import { getVersion } from "../strategies/strategyVersions.ts";
import { type ArchivedMode, visibleStrategy } from "../strategies/visibility.ts";

/** A factsheet read: ready (a PDF exists for that version and date) or its generation status. */
export type FactsheetRead =
  | { status: "ready"; versionId: string; asOfDate: string }
  | { status: "generating" | "not_requested" };

/**
 * Where the factsheet of the selected run stands (real v2 reference "GET factsheet": a PDF when
 * ready, else `generating` or `not_requested`, never a 404 for a factsheet in flight; 404 for
 * a strategy or version the caller cannot see or a run that does not exist). The run:
 * `versionId` (default the active version) and `asOfDate` (default its latest completed run, else
 * its latest run, so a factsheet asked for at submit reads `generating` while the run builds).
 * Premade strategies publish a factsheet for every completed run.
 *
 * @throws ApiError 404 when the strategy or version is absent or invisible, or there is no run
 *   (never submitted, or none as of `asOfDate`); 409 for a premade run that is processing or failed
 * @example
 * readFactsheet(ctx, alice, submittedId, {}, "include").status // => "not_requested"
 */
export function readFactsheet(
  ctx: UniverseAccess & StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  selection: RunSelection,
  archived: ArchivedMode,
): FactsheetRead {
  const premade = lookupPremade(ctx, id);
  if (premade !== undefined) {
    const readable = readRun(ctx, caller, id, selection);
    const asOfDate = readable.kind === "premade" ? (readable.asOfDate ?? currentRunDate(premade)) : null;
    if (asOfDate === null) throw new ApiError(404, `premade strategy ${id} has no completed run yet: no factsheet`);
    return { status: "ready", versionId: premadeVersionId(premade), asOfDate };
  }
  const strategy = visibleStrategy(ctx, caller, id, archived);
  const version =
    selection.versionId === undefined
      ? activeVersion(strategy)
      : getVersion(ctx, caller, id, selection.versionId, archived).version;
  if (version === undefined) {
    throw new ApiError(
      404,
      selection.asOfDate !== undefined
        ? `strategy ${id} has no run as of ${selection.asOfDate}`
        : `strategy ${id} has no run yet (never submitted): submit it, then ask for its factsheet`,
    );
  }
  const now = ctx.clock.now();
  const run = factsheetRun(version, selection.asOfDate, now);
  if (run === undefined)
    throw new ApiError(
      404,
      `version ${version.id} of strategy ${id} has no run${selection.asOfDate === undefined ? "" : ` as of ${selection.asOfDate}`}: no factsheet`,
    );
  const status = factsheetStatus(version, run, now);
  return status === "ready" ? { status, versionId: version.id, asOfDate: run.asOfDate } : { status };
}
