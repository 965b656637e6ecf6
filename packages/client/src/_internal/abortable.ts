/**
 * A signal that aborts when `signal` does or after `timeoutMs` (a `TimeoutError`), whichever is
 * first; `undefined` when neither is given.
 */
export function deadlineSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  const signals: AbortSignal[] = [];
  if (signal !== undefined) signals.push(signal);
  if (timeoutMs !== undefined) signals.push(AbortSignal.timeout(timeoutMs));
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
}

/** Resolves after `ms`, or rejects with `signal.reason` as soon as it aborts (no timer left behind). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
