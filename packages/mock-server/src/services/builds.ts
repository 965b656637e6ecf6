import type { ClockAccess, StateAccess } from "../context/contextParts.ts";
import type { BuildOutcome, RunRecord, StrategyRecord, StoreState, VersionRecord } from "../store/StoreState.ts";

/**
 * Magic phrases: an objective containing one of them (case-insensitive) makes every build of it
 * end in that status. Documented in README.md ("Control surface").
 */
/** Builds of an objective containing it fail (status -1). */
export const FAIL_PHRASE = "mock:fail";
/** Builds of an objective containing it fail permanently (status -2). */
export const PERMANENT_FAIL_PHRASE = "mock:fail-permanently";

/**
 * Status of a run at time `now` (docs/parity.md#generation-status), a pure function of the clock: 0 at `startedAt`,
 * then ceil(95·elapsed/duration) clamped to 1..95 while running, and `outcome` (100, -1 or -2)
 * from `startedAt + durationMs` on.
 *
 * @example
 * runStatus({ startedAt: 0, durationMs: 1000, outcome: 100 }, 500) // => 48
 */
export function runStatus(run: RunRecord, now: number): number {
  const elapsed = now - run.startedAt;
  if (elapsed >= run.durationMs) return run.outcome;
  if (elapsed <= 0) return 0;
  return Math.min(95, Math.max(1, Math.ceil((95 * elapsed) / run.durationMs)));
}

/** True while a run has started and not reached its outcome. */
export function isRunning(run: RunRecord | null, now: number): boolean {
  return run !== null && now - run.startedAt < run.durationMs;
}

/** Status of a version: its latest run's, 0 when it never ran. */
export function versionStatus(version: VersionRecord, now: number): number {
  return version.run === null ? 0 : runStatus(version.run, now);
}

/** The active version of a strategy, or undefined when never submitted. */
export function activeVersion(strategy: StrategyRecord): VersionRecord | undefined {
  return strategy.versions.find((v) => v.id === strategy.activeVersionId);
}

/** Status of a strategy (`status` of docs/parity.md#strategy-v1, #strategy-v2): its active version's latest run, 0 when never submitted. */
export function strategyStatus(strategy: StrategyRecord, now: number): number {
  const version = activeVersion(strategy);
  return version === undefined ? 0 : versionStatus(version, now);
}

/** True while the active version of `strategy` is building (a submit now is 423). */
export function isBuildRunning(strategy: StrategyRecord, now: number): boolean {
  return isRunning(activeVersion(strategy)?.run ?? null, now);
}

/**
 * Whether strategy `strategyId` has a finished build (status 100) now: what optimize checks
 * before answering 202. False for an unknown id.
 *
 * @example
 * isBuildComplete(ctx, justSubmittedId) // => false
 */
export function isBuildComplete(ctx: StateAccess & ClockAccess, strategyId: string): boolean {
  const strategy = ctx.store.state.strategies.find((s) => s.id === strategyId);
  return strategy !== undefined && strategyStatus(strategy, ctx.clock.now()) === 100;
}

/**
 * The outcome a build started now will reach: the one forced by the control surface for this
 * strategy, else the magic phrase in the objective, else -1 when the objective selects no
 * company, else 100.
 */
export function decideOutcome(strategy: StrategyRecord, objective: string, selectsCompanies: boolean): BuildOutcome {
  if (strategy.nextOutcome !== null) return strategy.nextOutcome;
  const lower = objective.toLowerCase();
  if (lower.includes(PERMANENT_FAIL_PHRASE)) return -2;
  if (lower.includes(FAIL_PHRASE)) return -1;
  return selectsCompanies ? 100 : -1;
}

/**
 * Ends every running build now, live and historical, with its predetermined outcome, and makes
 * every factsheet asked for ready (control surface). Mutates `state`; returns how many builds it
 * ended.
 */
export function completeRunningBuilds(state: StoreState, now: number): number {
  let count = 0;
  for (const strategy of state.strategies) {
    for (const version of strategy.versions) {
      for (const run of [version.run, ...(version.historicalRuns ?? [])]) {
        if (run !== null && isRunning(run, now)) {
          run.durationMs = Math.max(0, now - run.startedAt);
          count += 1;
        }
      }
      for (const factsheet of version.factsheets ?? []) {
        factsheet.requestedAt = Math.min(factsheet.requestedAt, now);
        factsheet.durationMs = 0;
      }
    }
  }
  return count;
}

/** How many builds, live and historical, are running at `now`. */
export function runningBuildCount(state: Readonly<StoreState>, now: number): number {
  let count = 0;
  for (const strategy of state.strategies) {
    for (const version of strategy.versions) {
      for (const run of [version.run, ...(version.historicalRuns ?? [])]) if (isRunning(run, now)) count += 1;
    }
  }
  return count;
}

/**
 * When `strategy` last changed as a reader sees it at `now`: its recorded `updatedAt`, or the end
 * of its active version's latest build when that build has ended since (a build finishing
 * updates the strategy).
 *
 * @example
 * effectiveUpdatedAt(justSubmitted, submitTime + duration) // => submitTime + duration
 */
export function effectiveUpdatedAt(strategy: StrategyRecord, now: number): number {
  const run = activeVersion(strategy)?.run;
  if (run === null || run === undefined) return strategy.updatedAt;
  const end = run.startedAt + run.durationMs;
  return now >= end ? Math.max(strategy.updatedAt, end) : strategy.updatedAt;
}
