import type { MockChild } from "./concurrencySupport.ts";

/**
 * SIGKILLs every mock child still running and waits until each has exited (for afterAll).
 *
 * @example
 * afterAll(() => killAll(running));
 */
export async function killAll(children: readonly MockChild[]): Promise<void> {
  for (const m of children) {
    m.child.kill("SIGKILL");
    await m.exited;
  }
}
