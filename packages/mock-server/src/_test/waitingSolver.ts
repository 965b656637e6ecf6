// Test helper: a SolverRunner whose solves never finish on their own, recording the signal each
// was given (so a test can see whether a client that left stopped its solve).
import { expect, vi } from "vitest";
import type { SolverRunner } from "../context/SolverRunner.ts";

/** A solver that waits until its job's signal aborts (then rejects); `signal()` is the last job's. */
export function waitingSolver(): { solver: SolverRunner; signal: () => AbortSignal | undefined } {
  let last: AbortSignal | undefined;
  const solver: SolverRunner = {
    run: (_job, _limit, signal) =>
      new Promise((_resolve, reject) => {
        last = signal;
        signal?.addEventListener("abort", () => reject(new Error("stopped")));
      }),
    close: async () => {},
  };
  return { solver, signal: () => last };
}

/**
 * Sends a request with `send` (given the client's signal), waits until the solver has the job,
 * then leaves (aborts the request) and expects the request to fail on the client's side and the
 * job's signal to abort.
 */
export async function expectLeavingStopsTheSolve(
  seen: () => AbortSignal | undefined,
  send: (signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  const client = new AbortController();
  const outcome = send(client.signal).then(
    () => "answered",
    () => "left",
  );
  await vi.waitFor(() => expect(seen()).toBeDefined());
  expect(seen()!.aborted).toBe(false);
  client.abort();
  expect(await outcome).toBe("left");
  await vi.waitFor(() => expect(seen()!.aborted).toBe(true));
}
