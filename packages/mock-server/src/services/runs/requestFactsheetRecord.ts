import type { VersionRecord } from "../../store/StoreState.ts";

/**
 * Records a factsheet request for the run of `asOfDate` of `version` (mutates it): a new request
 * when none exists or `force`; an existing one is kept otherwise. Generation takes `durationMs`
 * from the later of the request and the end of the run (see `factsheetStatus`).
 *
 * @example
 * requestFactsheetRecord(version, "2026-11-20", now, 4000, false); version.factsheets?.length // => 1
 */
export function requestFactsheetRecord(
  version: VersionRecord,
  asOfDate: string,
  now: number,
  durationMs: number,
  force: boolean,
): void {
  const factsheets = (version.factsheets ??= []);
  const existing = factsheets.find((f) => f.asOfDate === asOfDate);
  if (existing === undefined) factsheets.push({ asOfDate, requestedAt: now, durationMs });
  else if (force) Object.assign(existing, { requestedAt: now, durationMs });
}
