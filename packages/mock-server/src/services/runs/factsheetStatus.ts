import type { VersionRecord } from "../../store/StoreState.ts";
import { runStatus } from "../builds.ts";
import type { DatedRun } from "./versionRuns.ts";

/** Where a run's factsheet stands: `ready` (a PDF exists), `generating` (asked, not ready yet) or `not_requested`. */
export type FactsheetStatus = "ready" | "generating" | "not_requested";

/**
 * The factsheet status of one run of a version at `now`: not asked for (or the run failed) →
 * `not_requested`; asked → `generating` until `durationMs` after the later of the request and the
 * end of the run (a factsheet needs the run's results), then `ready`.
 *
 * @example
 * factsheetStatus(version, run, now) // => "generating"
 */
export function factsheetStatus(
  version: Pick<VersionRecord, "factsheets">,
  dated: DatedRun,
  now: number,
): FactsheetStatus {
  const request = version.factsheets?.find((f) => f.asOfDate === dated.asOfDate);
  if (request === undefined) return "not_requested";
  const status = runStatus(dated.run, now);
  if (status < 0) return "not_requested";
  if (status !== 100) return "generating";
  const readyAt = Math.max(request.requestedAt, dated.run.startedAt + dated.run.durationMs) + request.durationMs;
  return now >= readyAt ? "ready" : "generating";
}
