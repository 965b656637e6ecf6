import { sleep } from "./abortable.ts";

/**
 * Time as the client sees it: `now()` for `Retry-After` dates, `sleep(ms, signal)` for every wait
 * (backoff between polls, `Retry-After`). Injectable so that tests run without real waits.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with `signal.reason` as soon as it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The platform's clock: `Date.now` and `setTimeout`. */
export const systemClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => sleep(ms, signal) };
