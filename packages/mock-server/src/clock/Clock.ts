/** The time source every service reads: milliseconds since the Unix epoch. Injected, so tests are deterministic. */
export interface Clock {
  /** The current time, ms since the Unix epoch. */
  now(): number;
}

/** The system clock (`Date.now()`), the default. @example systemClock.now() > 0 // => true */
export const systemClock: Clock = { now: () => Date.now() };
