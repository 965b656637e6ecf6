import { ApiError } from "../../errors/ApiError.ts";
import type { VersionRecord } from "../../store/StoreState.ts";
import { type DatedRun, latestCompletedRun, latestStartedRun, runOn } from "./versionRuns.ts";

/**
 * The run a factsheet read or request is about: the run of `asOfDate` when given, else the
 * version's latest completed run, else the run it started last (so a factsheet asked for at
 * submit is found while its run builds); undefined when the version never ran.
 *
 * @throws ApiError 404 when `asOfDate` is given and the version has no run of that date
 * @example
 * factsheetRun(version, undefined, now)?.asOfDate // => "2026-11-20"
 */
export function factsheetRun(
  version: Pick<VersionRecord, "id" | "run" | "historicalRuns">,
  asOfDate: string | undefined,
  now: number,
): DatedRun | undefined {
  if (asOfDate === undefined) return latestCompletedRun(version, now) ?? latestStartedRun(version);
  const run = runOn(version, asOfDate);
  if (run === undefined) throw new ApiError(404, `version ${version.id} has no run as of ${asOfDate}`);
  return run;
}
