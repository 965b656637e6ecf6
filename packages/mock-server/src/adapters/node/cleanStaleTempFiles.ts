import { basename, dirname, join } from "node:path";
import { processLiveness } from "./_internal/processIdentity.ts";
import { nodeFs, type SyncFs } from "./_internal/SyncFs.ts";

/** A temporary file older than this is stale even when its pid is alive again (pids are reused). */
const STALE_AFTER_MS = 10 * 60 * 1000;

/**
 * Removes the `<state file>.<pid>.tmp` files a killed process left beside `path` (a SIGKILL in
 * the middle of a save): those of processes that no longer run (or are zombies, on Linux), and
 * any older than 10 minutes.
 * A live process's recent temporary file is left alone. Returns the names removed.
 *
 * @example
 * cleanStaleTempFiles("/data/state.json") // => ["state.json.4242.tmp"]
 */
export function cleanStaleTempFiles(path: string, fs: SyncFs = nodeFs, now = Date.now()): string[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const pid = Number(name.slice(prefix.length, -".tmp".length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    const file = join(dir, name);
    try {
      if (processLiveness(pid, null).alive && now - fs.statSync(file).mtimeMs < STALE_AFTER_MS) continue;
      fs.unlinkSync(file);
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
