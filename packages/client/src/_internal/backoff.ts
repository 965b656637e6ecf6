/** How the polls of a build are spaced: the k-th wait is min(maxDelayMs, initialDelayMs · factor^k), k = 0, 1, … */
export interface BackoffOptions {
  /** First wait, ms (default 250). */
  initialDelayMs?: number;
  /** Longest wait, ms (default 5000). */
  maxDelayMs?: number;
  /** Growth of the wait between polls (default 1.5). */
  factor?: number;
}

/**
 * The waits between polls: d_k = min(maxDelayMs, initialDelayMs · factor^k), k = 0, 1, …
 *
 * @throws RangeError unless 0 <= initialDelayMs <= maxDelayMs and factor >= 1
 * @example
 * const d = pollDelays({ initialDelayMs: 100, maxDelayMs: 300, factor: 2 });
 * [d.next().value, d.next().value, d.next().value, d.next().value] // => [100, 200, 300, 300]
 */
export function* pollDelays({
  initialDelayMs = 250,
  maxDelayMs = 5000,
  factor = 1.5,
}: BackoffOptions = {}): Generator<number, never> {
  let delay = initialDelayMs;
  while (true) {
    yield delay;
    delay = Math.min(maxDelayMs, delay * factor);
  }
}

/** Checks backoff options up front (a generator's body would only run on the first `next()`). */
export function checkBackoff({ initialDelayMs = 250, maxDelayMs = 5000, factor = 1.5 }: BackoffOptions): void {
  const ok =
    Number.isFinite(initialDelayMs) &&
    initialDelayMs >= 0 &&
    Number.isFinite(maxDelayMs) &&
    maxDelayMs >= initialDelayMs &&
    Number.isFinite(factor) &&
    factor >= 1;
  if (!ok)
    throw new RangeError(
      `backoff: need 0 <= initialDelayMs <= maxDelayMs and factor >= 1 (got ${initialDelayMs}, ${maxDelayMs}, ${factor})`,
    );
}
