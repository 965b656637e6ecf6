import type { ClockAccess, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { activeVersion, runStatus } from "../builds.ts";
import { findPremade } from "../premade/findPremade.ts";
import { lookupPremade } from "../premade/lookupPremade.ts";
import { premadeVersionId } from "../premade/premadeVersionId.ts";
import { getVersion } from "../strategies/strategyVersions.ts";
import { visibleStrategy } from "../strategies/visibility.ts";
import { type DatedRun, latestCompletedRun, runOn } from "./versionRuns.ts";

/** Which run a read is about: a version (default: the active one) and an as-of date (default: its latest completed run). */
export interface RunSelection {
  versionId?: string | undefined;
  asOfDate?: string | undefined;
}

/** The completed run a read resolves to, of a user or a premade strategy, or none (no finished run yet). */
export type ReadableRun =
  | { kind: "user"; strategy: StrategyRecord; version: VersionRecord; run: DatedRun }
  | { kind: "premade"; premade: PremadeStrategy; asOfDate: string | null }
  | { kind: "none"; name: string };

/**
 * Resolves the run a v2 read selects (real v2 reference: `versionId` default the active version,
 * `asOfDate` default its latest completed run). A premade strategy (part of the public
 * catalogue) has one version whose runs are its dated snapshots; its default run is the current
 * one (`asOfDate` null). Without `asOfDate`, a strategy with no completed run reads as `none`
 * (empty lists); with one, the run of that date must exist and be complete.
 *
 * @throws ApiError 404 when the strategy or version is absent or invisible, or the version has
 *   no run as of `asOfDate`; 409 when that run is still running or failed
 * @example
 * readRun(ctx, alice, id, {}).kind // => "user"
 */
export function readRun(
  ctx: UniverseAccess & StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  selection: RunSelection,
): ReadableRun {
  const premade = lookupPremade(ctx, id);
  if (premade !== undefined) return readPremadeRun(ctx, premade.id, selection);
  const strategy = visibleStrategy(ctx, caller, id, "include");
  const version =
    selection.versionId === undefined
      ? activeVersion(strategy)
      : getVersion(ctx, caller, id, selection.versionId, "include").version;
  const now = ctx.clock.now();
  if (selection.asOfDate === undefined) {
    const run = version === undefined ? undefined : latestCompletedRun(version, now);
    return version === undefined || run === undefined
      ? { kind: "none", name: strategy.name }
      : { kind: "user", strategy, version, run };
  }
  const run = version === undefined ? undefined : runOn(version, selection.asOfDate);
  if (version === undefined || run === undefined) {
    throw new ApiError(
      404,
      `strategy ${id} has no run as of ${selection.asOfDate}${version === undefined ? "" : ` for version ${version.id}`}; submit one with as_of_date`,
    );
  }
  const status = runStatus(run.run, now);
  if (status !== 100) {
    throw new ApiError(
      409,
      `the run as of ${selection.asOfDate} is ${status < 0 ? `failed (status ${status})` : `still running (status ${status}); retry later`}`,
    );
  }
  return { kind: "user", strategy, version, run };
}

function readPremadeRun(ctx: UniverseAccess, id: string, selection: RunSelection): ReadableRun {
  const p = findPremade(ctx, id);
  if (selection.versionId !== undefined && selection.versionId !== premadeVersionId(p))
    throw notFound("version", selection.versionId);
  if (selection.asOfDate === undefined) return { kind: "premade", premade: p, asOfDate: null };
  const snapshot = p.snapshots.find((s) => s.date === selection.asOfDate);
  if (snapshot === undefined) throw notFound(`run of premade strategy ${p.id} as of`, selection.asOfDate);
  if (snapshot.state !== "completed") {
    throw new ApiError(
      409,
      `the run as of ${selection.asOfDate} is ${snapshot.state}${snapshot.state === "processing" ? "; retry later" : ""}`,
    );
  }
  return { kind: "premade", premade: p, asOfDate: selection.asOfDate };
}
