import type { ChildProcess } from "node:child_process";

/**
 * Stops a server child: SIGTERM, then SIGKILL if it is still running after 3 s; resolves when it
 * has exited (at once when it already has).
 *
 * @example
 * await stopChild(child); child.exitCode !== null || child.signalCode !== null // => true
 */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
