import type { StrategyVersion } from "../../schemas/strategy.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { versionStatus } from "../builds.ts";

/**
 * A strategy version (snake_case like the strategy; `created_at` an HTTP-date in v1, ISO-8601 in
 * v2), with the status of its latest run and whether it is the active one.
 *
 * @example
 * presentVersion(strategy, version, now, "v2").created_at // => "2025-03-01T00:00:00.000Z"
 */
export function presentVersion(strategy: StrategyRecord, version: VersionRecord, now: number, api: "v1" | "v2"): StrategyVersion {
  const status = versionStatus(version, now);
  return {
    id: version.id,
    strategy_id: strategy.id,
    objective: version.objective,
    exclusions: [...version.exclusions],
    status,
    completed: status === 100,
    active: version.id === strategy.activeVersionId,
    created_at: api === "v1" ? new Date(version.createdAt).toUTCString() : new Date(version.createdAt).toISOString(),
  };
}
