import { LIMITS } from "../schemas/limits.ts";
import type { Clock } from "./Clock.ts";

/** A clock shifted ahead of a base clock: how the control surface fast-forwards time. */
export interface OffsetClock extends Clock {
  /** Shifts time forward by `ms` (>= 0; the total at most `LIMITS.CLOCK_OFFSET_MAX_MS`) for every later reading. */
  advance(ms: number): void;
  /** The total shift so far, ms. */
  offset(): number;
  /** Drops the shift (back to the base clock). */
  resetOffset(): void;
}

/**
 * Wraps `base` so that the mock's control surface can move time forward without touching the
 * base clock: `now() = base.now() + offset`.
 *
 * @example
 * const c = createOffsetClock({ now: () => 1000 }); c.advance(500); c.now() // => 1500
 */
export function createOffsetClock(base: Clock): OffsetClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advance(ms): ms must be a finite number >= 0, got ${ms}`);
      if (offset + ms > LIMITS.CLOCK_OFFSET_MAX_MS)
        throw new RangeError(
          `advance(ms): the clock may be at most ${LIMITS.CLOCK_OFFSET_MAX_MS} ms ahead in total, it would be ${offset + ms}`,
        );
      offset += ms;
    },
    offset: () => offset,
    resetOffset() {
      offset = 0;
    },
  };
}
