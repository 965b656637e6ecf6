import { nodeFs, type SyncFs } from "./SyncFs.ts";
import { isProcessRunning } from "./isProcessRunning.ts";

const held = new Set<string>();
let exitHookInstalled = false;

/**
 * Claims `path` (a `<state file>.lock` holding the pid) for this process, so two servers never
 * append to one journal (their lines would interleave and the file would be refused at the next
 * start). A lock left by a process that no longer runs (SIGKILL) is taken over; one of this
 * process is accepted (several stores in one test process). Released when the process exits.
 *
 * @throws Error naming the other process when a running one holds the lock
 * @example
 * lockStateFile("/data/state.json.lock"); // creates it with this pid
 */
export function lockStateFile(path: string, fs: SyncFs = nodeFs): void {
  if (held.has(path)) return;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(path, "wx");
      try {
        fs.writeSync(fd, Buffer.from(`${process.pid}\n`), 0, String(process.pid).length + 1, 0);
      } finally {
        fs.closeSync(fd);
      }
      held.add(path);
      installExitHook(fs);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(readOwner(fs, path), 10);
    if (owner === process.pid) {
      held.add(path);
      installExitHook(fs);
      return;
    }
    if (Number.isInteger(owner) && owner > 0 && isProcessRunning(owner)) {
      throw new Error(`[thematic-mock] another process (pid ${owner}) is serving this state (${path}); stop it, or choose another --data file (delete ${path} if that pid is not a thematic-mock)`);
    }
    try {
      fs.unlinkSync(path); // stale: its process is gone
    } catch {
      // Removed by someone else meanwhile: retry the claim.
    }
  }
  throw new Error(`[thematic-mock] could not claim ${path}: another process keeps creating it`);
}

function readOwner(fs: SyncFs, path: string): string {
  try {
    return String(fs.readFileSync(path, "utf8"));
  } catch {
    return "";
  }
}


function installExitHook(fs: SyncFs): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const path of held) {
      try {
        if (Number.parseInt(readOwner(fs, path), 10) === process.pid) fs.unlinkSync(path);
      } catch {
        // Best effort: a later start takes a stale lock over.
      }
    }
  });
}
