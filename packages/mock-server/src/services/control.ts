import type { ClockAccess, StoreAccess } from "../context/contextParts.ts";
import { announceClockRewind } from "../context/clockRewinds.ts";
import type { ServiceContext } from "../context/ServiceContext.ts";
import { ApiError, notFound } from "../errors/ApiError.ts";
import { LIMITS } from "../schemas/limits.ts";
import type { BuildOutcome } from "../store/StoreState.ts";
import type { MockStatus } from "../schemas/control.ts";
import type { RateLimitSetting } from "../schemas/rateLimitSetting.ts";
import { completeRunningBuilds, runningBuildCount } from "./builds.ts";

/** Snapshot of time, settings and build activity. */
export function mockStatus(ctx: ServiceContext): MockStatus {
  const now = ctx.clock.now();
  const strategies = ctx.store.state.strategies;
  return {
    now: new Date(now).toISOString(),
    clockOffsetMs: ctx.clock.offset(),
    latencyMs: ctx.options.latencyMs,
    buildDurationMs: ctx.options.buildDurationMs,
    rateLimit: ctx.options.rateLimit,
    runningBuilds: runningBuildCount(ctx.store.state, now),
    strategies: strategies.length,
  };
}

/**
 * Back to the fixtures: state, clock offset and memo (settings changed at run time are kept). What
 * expires on the mock's clock keeps the lifetime it had left: the reset announces how far the
 * clock went back (`context/clockRewinds.ts`), and OAuth codes and tokens and MCP tasks move back
 * with it (a reset never revives an expired one); presigned factsheet addresses are void (they
 * name the state generation, which the reset moves on).
 */
export function resetMock(ctx: ServiceContext): void {
  const dropped = ctx.clock.offset();
  ctx.store.reset();
  ctx.memo.clear();
  ctx.clock.resetOffset();
  announceClockRewind(ctx, dropped);
}

/**
 * Moves the mock's clock forward by `ms` (builds progress, archives age); the offset is persisted.
 *
 * @throws ApiError 400 when the clock would end more than `LIMITS.CLOCK_OFFSET_MAX_MS` ahead
 */
export function advanceClock(ctx: ServiceContext, ms: number): void {
  const total = ctx.clock.offset() + ms;
  if (total > LIMITS.CLOCK_OFFSET_MAX_MS) {
    const days = (x: number) => Math.floor(x / 86_400_000);
    throw new ApiError(
      400,
      `body.ms: the mock's clock may run at most ${days(LIMITS.CLOCK_OFFSET_MAX_MS)} days ahead (it is ${days(ctx.clock.offset())} days ahead now); POST /__mock/reset brings it back`,
    );
  }
  ctx.store.mutate((draft) => {
    draft.state.clockOffsetMs += ms;
  });
  ctx.clock.advance(ms);
  ctx.store.purgeExpired(); // strategies whose 30 days have passed are deleted now
}

/** Ends every running build now with its predetermined outcome; returns how many. */
export function completeBuilds(ctx: ClockAccess & StoreAccess): number {
  return ctx.store.mutate((draft) => completeRunningBuilds(draft.state, ctx.clock.now()));
}

/**
 * Forces the outcome of the next build of strategy `id` (any owner), or clears it with null.
 *
 * @throws ApiError 404 when no such strategy exists
 */
export function setNextBuildOutcome(ctx: StoreAccess, id: string, outcome: BuildOutcome | null): void {
  ctx.store.mutate((draft) => {
    const s = draft.state.strategies.find((x) => x.id === id);
    if (s === undefined) throw notFound("strategy", id);
    s.nextOutcome = outcome;
  });
}

/** Changes run-time settings (latency added to every request, duration of later builds, the optional rate limit). */
export function updateSettings(
  ctx: ServiceContext,
  settings: {
    latencyMs?: number | undefined;
    buildDurationMs?: number | undefined;
    rateLimit?: RateLimitSetting | null | undefined;
  },
): void {
  if (settings.rateLimit !== undefined) ctx.options.rateLimit = settings.rateLimit;
  if (settings.latencyMs !== undefined) ctx.options.latencyMs = settings.latencyMs;
  if (settings.buildDurationMs !== undefined) ctx.options.buildDurationMs = settings.buildDurationMs;
}
