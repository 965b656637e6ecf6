import type { Caller, ServiceContext } from "../../app/ServiceContext.ts";
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
export type FactsheetRead = { status: "ready"; versionId: string; asOfDate: string } | { status: "generating" | "not_requested" };

/**
 * Where the factsheet of the selected run stands (real v2 reference "GET factsheet": a PDF when
 * ready, else `generating` or `not_requested`, never a 404 for a factsheet in flight). The run:
 * `versionId` (default the active version) and `asOfDate` (default its latest completed run, else
 * its latest run, so a factsheet asked for at submit reads `generating` while the run builds).
 * Premade strategies publish a factsheet for every completed run.
 *
 * @throws ApiError 404 when the strategy or version is absent or invisible, or there is no run
 *   as of `asOfDate`; 409 for a premade run that is processing or failed
 * @example
 * readFactsheet(ctx, alice, id, {}, "include").status // => "not_requested"
 */
export function readFactsheet(ctx: ServiceContext, caller: Caller, id: string, selection: RunSelection, archived: ArchivedMode): FactsheetRead {
  const premade = lookupPremade(ctx, id);
  if (premade !== undefined) {
    const readable = readRun(ctx, caller, id, selection);
    const asOfDate = readable.kind === "premade" ? (readable.asOfDate ?? currentRunDate(premade)) : null;
    return asOfDate === null ? { status: "not_requested" } : { status: "ready", versionId: premadeVersionId(premade), asOfDate };
  }
  const strategy = visibleStrategy(ctx, caller, id, archived);
  const version = selection.versionId === undefined ? activeVersion(strategy) : getVersion(ctx, caller, id, selection.versionId, archived).version;
  if (version === undefined) {
    if (selection.asOfDate !== undefined) throw new ApiError(404, `strategy ${id} has no run as of ${selection.asOfDate}`);
    return { status: "not_requested" };
  }
  const now = ctx.clock.now();
  const run = factsheetRun(version, selection.asOfDate, now);
  if (run === undefined) return { status: "not_requested" };
  const status = factsheetStatus(version, run, now);
  return status === "ready" ? { status, versionId: version.id, asOfDate: run.asOfDate } : { status };
}
