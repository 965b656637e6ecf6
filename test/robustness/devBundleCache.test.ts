// `npm start` bundles the CLI into node_modules/.cache/thematic-mock/cli.<pid>.mjs (1.8 MB) and
// removes it once loaded; a launch killed during start-up left it there for good (7 of 40 kills).
// Now an interrupted launch (SIGTERM, SIGINT, SIGHUP) removes its bundle, and
// the next launch removes those of launches killed outright (SIGKILL).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LAUNCHER, type MockChild, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";

const cache = join(LAUNCHER, "..", "..", "node_modules", ".cache", "thematic-mock");
const running: MockChild[] = [];
/** These tests wait on the children's output and exits; the bound only ends a hung run (start-ups take seconds each under load). */
const CHILD_TIMEOUT = 180_000;
const launched: ChildProcess[] = [];
afterAll(async () => {
  await killAll(running);
  for (const c of launched) c.kill("SIGKILL");
});

/**
 * Launches `npm start`'s script and sends `signal` as soon as its bundle is on disk (start-up not
 * finished); resolves once it has exited, with whether the bundle was still there at the signal.
 * Retries (up to 5 launches) when the bundle was already loaded and removed when the signal landed.
 */
async function interruptStartUp(signal: NodeJS.Signals): Promise<{ bundle: string; exit: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const watcher = watch(cache);
    const child = spawn(process.execPath, [LAUNCHER, "--port", "0", "--quiet"], { stdio: "ignore" });
    launched.push(child);
    const bundle = join(cache, `cli.${child.pid}.mjs`);
    const exited = new Promise<string>((resolve) => child.once("exit", (code, sig) => resolve(String(sig ?? code))));
    const seen = await new Promise<boolean>((resolve) => {
      const check = () => {
        if (existsSync(bundle)) resolve(true);
      };
      watcher.on("change", check); // any entry of the directory created, renamed or written
      child.once("exit", () => resolve(false));
      check();
    });
    watcher.close();
    if (!seen) throw new Error("the launcher exited before writing its bundle");
    child.kill(signal);
    const exit = await exited;
    if (signal === "SIGKILL" && !existsSync(bundle)) continue; // it had loaded the bundle already: again
    return { bundle, exit };
  }
  throw new Error("could not interrupt a launch while its bundle was on disk");
}

describe("the dev launcher's bundle cache", () => {
  it(
    "a launch interrupted by SIGTERM during start-up removes its bundle and dies of the signal",
    async () => {
      const { bundle, exit } = await interruptStartUp("SIGTERM");
      expect(exit).toBe("SIGTERM");
      expect(existsSync(bundle)).toBe(false);
    },
    CHILD_TIMEOUT,
  );

  it(
    "the bundle of a launch killed with SIGKILL during start-up is removed by the next launch",
    async () => {
      const { bundle } = await interruptStartUp("SIGKILL");
      expect(existsSync(bundle)).toBe(true); // left behind: nothing runs at SIGKILL
      const next = await spawnMock(null);
      running.push(next);
      expect(existsSync(bundle)).toBe(false);
    },
    CHILD_TIMEOUT,
  );
});
