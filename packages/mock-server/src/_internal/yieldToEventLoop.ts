/**
 * Resolves on a later turn of the event loop (a macrotask: `setImmediate` in Node, `setTimeout 0`
 * where it is missing, as in a browser running the msw adapter), so I/O waiting behind a long
 * series of synchronous steps (a health check, another client's request) is served in between.
 * A microtask (`await Promise.resolve()`) would not do: microtasks all run before the loop polls.
 *
 * Cost: one macrotask (well under a millisecond when the loop is idle).
 * @example
 * for (const step of steps) { step(); await yieldToEventLoop(); }
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
