import type { ReadContext, StoreAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import { matchingVersionId } from "../../store/matchingVersionId.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { decideOutcome, isBuildRunning, isRunning, runStatus } from "../builds.ts";
import { isoDate } from "../runs/isoDate.ts";
import { constituentsAsOf } from "../runs/runConstituents.ts";
import { checkAsOfDate } from "../runs/checkAsOfDate.ts";
import { requestFactsheetRecord } from "../runs/requestFactsheetRecord.ts";
import { versionConstituents } from "./versionConstituents.ts";
import { checkHistoricalCredits } from "./historicalCredits.ts";
import { requireOwned } from "./visibility.ts";

/** Options of a submit (v2 body, real reference "Submit a LIVE or HISTORICAL run"); v1 submits with none. */
export interface SubmitOptions {
  /** YYYY-MM-DD; omitted or today (UTC) → a LIVE run, a past date → a HISTORICAL run, a future date → 400. */
  asOfDate?: string | undefined;
  /** The version to run; default: the version matching the draft (created if needed), promoted to active. */
  versionId?: string | undefined;
  /** Re-run even when a completed run of this version and date exists (v2; v1 always re-runs). */
  force?: boolean | undefined;
  /** Ask for a factsheet of the resulting run. */
  createFactsheet?: boolean | undefined;
  /** v1 semantics: a LIVE submit always starts a new run (no `force` check). */
  alwaysRun?: boolean | undefined;
}

/** What a submit did: the strategy, the version run and the run's as-of date. */
export interface SubmitResult {
  strategy: StrategyRecord;
  version: VersionRecord;
  asOfDate: string;
  kind: "live" | "historical";
}

/**
 * Submits the caller's strategy (docs/parity.md#generation-status; v2 reference "submit"). The version: `versionId`
 * when given (left as it is: not promoted), else the draft's, frozen into a new immutable
 * version when no saved version matches it, and made active (`draft_version_id` too). The run:
 *
 * - LIVE (no `asOfDate`, or today UTC): a new live build of the version starting now, lasting
 *   `options.buildDurationMs`, outcome decided now (`decideOutcome`); 423 while a live build of
 *   the strategy's active version (or of the version given) is running. With v2 semantics a
 *   version whose live run of today is already complete is not re-run unless `force`.
 * - HISTORICAL (a past date): a build of the version's selection as of that date
 *   (`selectConstituentsAsOf`), kept per (version, date); a completed one is kept unless `force`;
 *   423 while the run of that date is running; a new one spends a historical-run credit
 *   (`checkHistoricalCredits`: 429 with Retry-After when the week's or month's are used up).
 *
 * A pending forced outcome (control surface) is consumed by the run it decides. `createFactsheet`
 * asks for the factsheet of the resulting run.
 *
 * @throws ApiError 404 when absent, archived or invisible, or `versionId` is not one of its
 *   versions; 403 when not the owner; 400 for a future or pre-history `asOfDate`; 423 as above;
 *   429 when a historical run finds no credit left
 * @example
 * submitStrategy(ctx, alice, id).strategy.activeVersionId !== null // => true
 */
export function submitStrategy(
  ctx: ReadContext & StoreAccess,
  caller: Caller,
  id: string,
  options: SubmitOptions = { alwaysRun: true },
): SubmitResult {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const today = isoDate(now);
    const s = requireOwned(draft.state, caller, id, now, "exclude");
    const asOfDate = options.asOfDate ?? today;
    if (asOfDate !== today) checkAsOfDate(ctx, asOfDate, now, "body.as_of_date");
    const kind = asOfDate === today ? "live" : "historical";

    let version: VersionRecord | undefined;
    if (options.versionId !== undefined) {
      version = s.versions.find((v) => v.id === options.versionId);
      if (version === undefined) throw notFound("version", options.versionId);
    } else {
      if (kind === "live" && isBuildRunning(s, now))
        throw new ApiError(423, `strategy ${id} is still building; poll its status until it is 100 or negative`);
      const matchId = matchingVersionId(s);
      version = s.versions.find((v) => v.id === matchId);
      if (version === undefined) {
        version = {
          id: draft.newId(),
          objective: s.objective,
          exclusions: [...s.exclusions],
          createdAt: now,
          run: null,
          constituents: null,
        };
        s.versions.push(version);
      }
      s.activeVersionId = version.id;
      s.draftVersionId = version.id;
    }

    if (kind === "live") {
      if (isRunning(version.run, now))
        throw new ApiError(423, `version ${version.id} of strategy ${id} is still building; poll its status`);
      const doneToday =
        version.run !== null && isoDate(version.run.startedAt) === today && runStatus(version.run, now) === 100;
      if (options.alwaysRun === true || options.force === true || !doneToday) {
        const selects = versionConstituents(ctx, version).length > 0;
        version.liveRunCount = (version.liveRunCount ?? (version.run === null ? 0 : 1)) + 1;
        version.run = {
          startedAt: now,
          durationMs: ctx.options.buildDurationMs,
          outcome: decideOutcome(s, version.objective, selects),
        };
        s.nextOutcome = null;
      }
    } else {
      const runs = (version.historicalRuns ??= []);
      const existing = runs.find((r) => r.asOfDate === asOfDate);
      if (existing !== undefined && isRunning(existing, now)) {
        throw new ApiError(
          423,
          `the run of version ${version.id} as of ${asOfDate} is still building; poll the version with asOfDate=${asOfDate}`,
        );
      }
      if (existing === undefined || options.force === true || runStatus(existing, now) !== 100) {
        checkHistoricalCredits(ctx, draft.state, caller.userId, now);
        const selects = constituentsAsOf(ctx, version, asOfDate).length > 0;
        const run = {
          asOfDate,
          startedAt: now,
          durationMs: ctx.options.buildDurationMs,
          outcome: decideOutcome(s, version.objective, selects),
        };
        if (existing === undefined) runs.push(run);
        else Object.assign(existing, run);
        s.nextOutcome = null;
      }
    }

    if (options.createFactsheet === true)
      requestFactsheetRecord(version, asOfDate, now, ctx.options.buildDurationMs, false);
    s.updatedAt = now;
    return { strategy: s, version, asOfDate, kind };
  });
}
