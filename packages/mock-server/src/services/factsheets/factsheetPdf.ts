import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { currentRunDate } from "../premade/currentRunDate.ts";
import { lookupPremade } from "../premade/lookupPremade.ts";
import { readRun, type ReadableRun } from "../runs/readRun.ts";
import { runCompanies } from "../runs/runCompanies.ts";
import type { ArchivedMode } from "../strategies/visibility.ts";
import { readFactsheet } from "./readFactsheet.ts";
import { renderFactsheetPdf } from "./renderFactsheetPdf.ts";

/**
 * The factsheet PDF of the run (`versionId`, `asOfDate`) of a strategy the caller may see, once
 * it is ready (see `readFactsheet`), rendered from the run's companies (`renderFactsheetPdf`); a
 * premade strategy's current run shows its current list.
 *
 * @throws ApiError 404 when the strategy, version or run is absent or invisible, or its factsheet
 *   is not ready
 * @example
 * factsheetPdf(ctx, alice, premade.id, premadeVersionId(premade), "2026-10-30", "include")[0] // => 0x25 ("%")
 */
export function factsheetPdf(
  ctx: ReadContext,
  caller: Caller,
  id: string,
  versionId: string,
  asOfDate: string,
  archived: ArchivedMode,
): Uint8Array {
  const read = readFactsheet(ctx, caller, id, { versionId, asOfDate }, archived);
  if (read.status !== "ready")
    throw new ApiError(404, `no factsheet is ready for version ${versionId} as of ${asOfDate} (status ${read.status})`);
  const premade = lookupPremade(ctx, id);
  const readable: ReadableRun =
    premade !== undefined && currentRunDate(premade) === asOfDate
      ? { kind: "premade", premade, asOfDate: null }
      : readRun(ctx, caller, id, { versionId, asOfDate });
  const facts =
    readable.kind === "user"
      ? { name: readable.strategy.name, description: readable.version.objective }
      : { name: premade?.name ?? "", description: premade?.objective ?? "" };
  return renderFactsheetPdf({ ...facts, asOfDate, versionId, companies: runCompanies(ctx, readable, {}) });
}
