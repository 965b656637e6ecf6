#!/usr/bin/env -S node --max-semi-space-size=64
// `npm start` in the repository: the thematic-mock CLI from its TypeScript source, with no build.
// esbuild bundles the source (about 0.2 s) into node_modules/.cache (one file per process, so
// concurrent launches never race; removed once loaded), where registry packages and
// @thematic/fixtures' data files resolve as they do for the installed package. The installed
// package runs its prebuilt dist/cli.js instead (packages/mock-server/bin/thematic-mock.mjs).
// A launch interrupted before the bundle is loaded removes it on SIGINT, SIGTERM or SIGHUP; one
// killed outright (SIGKILL) leaves it, and the next launch removes it (sweepStaleBundles).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleMockCli } from "./bundleMockCli.mjs";

/** A bundle older than this is stale even when its pid runs again (pids are reused); a launch loads its bundle within seconds. */
const STALE_AFTER_MS = 10 * 60 * 1000;
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

const cache = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".cache", "thematic-mock");
mkdirSync(cache, { recursive: true });
sweepStaleBundles(cache);
const outfile = join(cache, `cli.${process.pid}.mjs`);
const solverWorker = pathToFileURL(
  join(dirname(fileURLToPath(import.meta.url)), "..", "packages/mock-server/src/adapters/node/solverWorker.ts"),
).href;
const interrupted = (signal) => {
  rmSync(outfile, { force: true });
  for (const s of SIGNALS) process.removeListener(s, interrupted);
  process.kill(process.pid, signal); // die of the signal, as without this handler
};
for (const s of SIGNALS) process.on(s, interrupted);
try {
  await bundleMockCli({ outfile, solverWorker });
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
  for (const s of SIGNALS) process.removeListener(s, interrupted); // the CLI installs its own
}

/**
 * Removes the `cli.<pid>.mjs` bundles that launches killed during start-up left in `dir`: those
 * of processes that no longer run (or are zombies), and any older than 10 minutes.
 * @param {string} dir
 */
function sweepStaleBundles(dir) {
  for (const name of readdirSync(dir)) {
    const pid = Number(/^cli\.(\d+)\.mjs$/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const file = join(dir, name);
    try {
      if (isRunning(pid) && Date.now() - statSync(file).mtimeMs < STALE_AFTER_MS) continue;
      rmSync(file, { force: true });
    } catch {
      // Removed by another launch meanwhile.
    }
  }
}

/**
 * Whether `pid` runs: on Linux from /proc (a zombie, killed but not reaped, does not), elsewhere
 * `kill(pid, 0)`.
 * @param {number} pid
 */
function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch (error) {
    if (error.code === "ENOENT" && process.platform === "linux") return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
