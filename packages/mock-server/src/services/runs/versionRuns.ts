import type { RunRecord, VersionRecord } from "../../store/StoreState.ts";
import { runStatus } from "../builds.ts";
import { isoDate } from "./isoDate.ts";

/** One run of a version with its as-of date: LIVE (as of the day it started) or HISTORICAL (a past date). */
export interface DatedRun {
  asOfDate: string; // YYYY-MM-DD
  kind: "live" | "historical";
  run: RunRecord;
}

/** The latest LIVE run of a version, dated by the UTC day it started; undefined when it never ran live. */
export function liveRun(version: Pick<VersionRecord, "run">): DatedRun | undefined {
  return version.run === null
    ? undefined
    : { asOfDate: isoDate(version.run.startedAt), kind: "live", run: version.run };
}

/**
 * Every run of a version the store keeps (the latest live run and one historical run per date),
 * newest as-of date first (a historical run before the live run of the same date).
 *
 * @example
 * versionRuns(version).map((r) => r.asOfDate) // => ["2026-11-20", "2025-06-30"]
 */
export function versionRuns(version: Pick<VersionRecord, "run" | "historicalRuns">): DatedRun[] {
  const runs: DatedRun[] = (version.historicalRuns ?? []).map((h) => ({
    asOfDate: h.asOfDate,
    kind: "historical" as const,
    run: h,
  }));
  const live = liveRun(version);
  if (live !== undefined) runs.push(live);
  return runs.sort((a, b) =>
    a.asOfDate < b.asOfDate
      ? 1
      : a.asOfDate > b.asOfDate
        ? -1
        : a.kind === b.kind
          ? 0
          : a.kind === "historical"
            ? -1
            : 1,
  );
}

/** The run of a version for as-of date `date`: its historical run of that date, else its live run when dated `date`. */
export function runOn(version: Pick<VersionRecord, "run" | "historicalRuns">, date: string): DatedRun | undefined {
  return versionRuns(version).find((r) => r.asOfDate === date);
}

/** The completed (status 100) run with the latest as-of date at `now`, or undefined (the default run of every read). */
export function latestCompletedRun(
  version: Pick<VersionRecord, "run" | "historicalRuns">,
  now: number,
): DatedRun | undefined {
  return versionRuns(version).find((r) => runStatus(r.run, now) === 100);
}

/** How many runs a version has had: live runs (each submit) plus historical runs kept. */
export function runsCount(version: Pick<VersionRecord, "run" | "historicalRuns" | "liveRunCount">): number {
  return (version.liveRunCount ?? (version.run === null ? 0 : 1)) + (version.historicalRuns?.length ?? 0);
}

/** The run of a version that started last (whatever its as-of date), or undefined when it never ran. */
export function latestStartedRun(version: Pick<VersionRecord, "run" | "historicalRuns">): DatedRun | undefined {
  return versionRuns(version).sort((a, b) => b.run.startedAt - a.run.startedAt)[0];
}
