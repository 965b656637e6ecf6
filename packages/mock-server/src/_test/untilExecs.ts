import { readFileSync } from "node:fs";

/**
 * Test helper (not exported): resolves once process `pid` runs `name` (its /proc comm). A shell that
 * `exec`s a program stops reaping its children from then on, which is what the zombie tests need.
 */
export async function untilExecs(pid: number, name: string): Promise<void> {
  const comm = () => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "latin1").trim();
    } catch {
      return null;
    }
  };
  while (comm() !== name) await new Promise((r) => setTimeout(r, 10));
}
