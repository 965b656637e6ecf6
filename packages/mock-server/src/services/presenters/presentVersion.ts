import type { StrategyVersion } from "../../schemas/strategy.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { runStatus } from "../builds.ts";
import { isoSeconds } from "../_internal/isoSeconds.ts";
import { factsheetStatus } from "../runs/factsheetStatus.ts";
import { type DatedRun, latestCompletedRun, latestStartedRun, runOn, runsCount } from "../runs/versionRuns.ts";

/**
 * A strategy version with its run state (real v2 reference, "version"), timestamps ISO-8601 (to the
 * second) in v2 and HTTP-dates in v1. Without `asOfDate` (rollup): the run state of the version's most
 * recently started run, `latest_run_date` (latest completed run's as-of date) and `runs_count`;
 * `has_factsheet` when the latest completed run's factsheet is ready. With `asOfDate`
 * (date-scoped): that date's run (`status` null, `completed` false when it has none), the rollup
 * fields null.
 *
 * @example
 * presentVersion(strategy, version, now, "v2").version_id === version.id // => true
 */
export function presentVersion(
  strategy: StrategyRecord,
  version: VersionRecord,
  now: number,
  api: "v1" | "v2",
  asOfDate?: string,
): StrategyVersion {
  const stamp = (ms: number) => (api === "v1" ? new Date(ms).toUTCString() : isoSeconds(ms));
  const base = {
    version_id: version.id,
    strategy_id: strategy.id,
    description: version.objective,
    exclusions: [...version.exclusions],
    is_active: version.id === strategy.activeVersionId,
    created_at: stamp(version.createdAt),
  };
  if (asOfDate !== undefined) {
    const run = runOn(version, asOfDate);
    return {
      ...base,
      ...runState(run, now, stamp),
      has_factsheet: run !== undefined && factsheetStatus(version, run, now) === "ready",
      as_of_date: asOfDate,
      latest_run_date: null,
      runs_count: null,
    };
  }
  const latestStarted = latestStartedRun(version);
  const latestDone = latestCompletedRun(version, now);
  return {
    ...base,
    ...runState(latestStarted, now, stamp),
    has_factsheet: latestDone !== undefined && factsheetStatus(version, latestDone, now) === "ready",
    as_of_date: null,
    latest_run_date: latestDone?.asOfDate ?? null,
    runs_count: runsCount(version),
  };
}

function runState(
  dated: DatedRun | undefined,
  now: number,
  stamp: (ms: number) => string,
): Pick<StrategyVersion, "status" | "completed" | "started_at" | "completed_at"> {
  if (dated === undefined) return { status: null, completed: false, started_at: null, completed_at: null };
  const status = runStatus(dated.run, now);
  const end = dated.run.startedAt + dated.run.durationMs;
  return {
    status,
    completed: status === 100,
    started_at: stamp(dated.run.startedAt),
    completed_at: now >= end ? stamp(end) : null,
  };
}
