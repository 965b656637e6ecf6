import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import type { StrategyVersion } from "../../schemas/strategy.ts";
import { currentRunDate } from "./currentRunDate.ts";
import { premadeVersionId } from "./premadeVersionId.ts";
import { isoSeconds } from "../_internal/isoSeconds.ts";

/** Run status of a premade snapshot state: completed 100, processing 50 (running), failed -1. */
const STATE_STATUS = { completed: 100, processing: 50, failed: -1 } as const;

/**
 * The one version of a premade strategy with its run state: its runs are the dated snapshots
 * (completed, processing or failed). Rollup: the current run (the latest completed snapshot),
 * `latest_run_date` its date, `runs_count` the number of snapshots. Date-scoped: the snapshot of
 * `asOfDate` (`status` null when there is none). Completed runs have a factsheet. Run instants
 * are the end of the as-of day (UTC), ISO-8601.
 *
 * @example
 * presentPremadeVersion(premade).is_active // => true
 */
export function presentPremadeVersion(p: PremadeStrategy, asOfDate?: string): StrategyVersion {
  const base = {
    version_id: premadeVersionId(p),
    strategy_id: p.id,
    description: p.objective,
    exclusions: [],
    is_active: true,
    created_at: isoSeconds(Date.parse(p.createdAt)),
  };
  const dayEnd = (date: string) => `${date}T23:59:59Z`;
  if (asOfDate !== undefined) {
    const snapshot = p.snapshots.find((s) => s.date === asOfDate);
    if (snapshot === undefined) {
      return {
        ...base,
        status: null,
        completed: false,
        has_factsheet: false,
        as_of_date: asOfDate,
        started_at: null,
        completed_at: null,
        latest_run_date: null,
        runs_count: null,
      };
    }
    const status = STATE_STATUS[snapshot.state];
    return {
      ...base,
      status,
      completed: status === 100,
      has_factsheet: status === 100,
      as_of_date: asOfDate,
      started_at: `${asOfDate}T00:00:00Z`,
      completed_at: snapshot.state === "processing" ? null : dayEnd(asOfDate),
      latest_run_date: null,
      runs_count: null,
    };
  }
  const current = currentRunDate(p);
  return {
    ...base,
    status: 100,
    completed: true,
    has_factsheet: true,
    as_of_date: null,
    started_at: current === null ? null : `${current}T00:00:00Z`,
    completed_at: current === null ? null : dayEnd(current),
    latest_run_date: current,
    runs_count: Math.max(1, p.snapshots.length),
  };
}
