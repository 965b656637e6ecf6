import type { Clock } from "./Clock.ts";

/** A clock that only moves when told: for tests. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` (>= 0). */
  advance(ms: number): void;
  /** Sets the time to `ms` since the epoch. */
  set(ms: number): void;
}

/**
 * A {@link ManualClock} starting at `startMs`.
 *
 * @param startMs the initial time, ms since the epoch (default 2025-06-02T00:00:00Z)
 * @example
 * const clock = createManualClock(0); clock.advance(1500); clock.now() // => 1500
 */
export function createManualClock(startMs = Date.UTC(2025, 5, 2)): ManualClock {
  let now = startMs;
  return {
    now: () => now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advance(ms): ms must be a finite number >= 0, got ${ms}`);
      now += ms;
    },
    set(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`set(ms): ms must be finite, got ${ms}`);
      now = ms;
    },
  };
}
