import { hostTag, processLiveness, processToken } from "./processIdentity.ts";
import { nodeFs, type SyncFs } from "./SyncFs.ts";

/** Locks claimed by this process (path -> what was written), released at exit. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/** Errors of symlink() meaning "no symbolic links here" (Windows without the privilege, some file systems): use a plain file. */
const NO_SYMLINKS = new Set(["EPERM", "ENOSYS", "ENOTSUP", "EOPNOTSUPP", "EINVAL", "EACCES"]);

/** Who holds a lock, parsed from its content. */
interface LockOwner {
  pid: number;
  /** processToken of the owner; null for a lock of an older version (the pid alone). */
  token: string | null;
  /** hostTag of the owner's machine (for whoever reads the lock); null when unknown (older version). */
  host: string | null;
}

/**
 * Claims `path` (the `<state file>.lock`) for this process, so two servers never append to one
 * journal (their lines would interleave and the file would be refused at the next start).
 * See docs/decisions.md#state-file-lock.
 *
 * The lock is a symbolic link whose target names the owner, `thematic-mock:<pid>:<start token>:<host>`:
 * symlink() creates it with its content in one atomic step (never an empty lock, even when the
 * disk is full: a short target lives in the inode), and fails when it exists. Where symbolic
 * links are not available (Windows) it is a file created exclusively, removed again when its
 * content cannot be written. The owner is checked, not just its pid: a process that no longer
 * runs, a zombie (killed, not yet reaped) or a pid now used by another process (its start time
 * differs) leaves a stale lock, which is taken over (moved aside and checked, so two starting
 * servers cannot both take it). A lock of this process is accepted (several stores in one test
 * process). Released when the process exits. The owner is looked for on this machine (and in
 * this pid namespace): a state on a disk shared by two machines is not protected.
 *
 * @throws Error naming the other process when it holds the lock, or naming the lock file when it cannot be created (a full disk…)
 * @example
 * lockStateFile("/data/state.json.lock"); // -> /data/state.json.lock -> "thematic-mock:4242:81234567@4f1c9a2e:9b1f00aa"
 */
export function lockStateFile(path: string, fs: SyncFs = nodeFs): void {
  if (held.has(path)) return;
  const mine = `thematic-mock:${process.pid}:${processToken(process.pid)}:${hostTag()}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLock(fs, path, mine)) {
      held.set(path, mine);
      installExitHook(fs);
      return;
    }
    const content = readLock(fs, path);
    if (content === null) continue; // released meanwhile
    const owner = parseOwner(content);
    if (owner?.pid === process.pid) {
      held.set(path, content);
      installExitHook(fs);
      return;
    }
    const liveness =
      owner === null
        ? { alive: false as const, why: "the lock names no process" }
        : processLiveness(owner.pid, owner.token);
    if (liveness.alive) {
      throw new Error(
        `[thematic-mock] another process (pid ${owner!.pid}) is serving this state (${path}); stop it, or choose another --data file` +
          (owner!.token === null
            ? ` (this lock was written by an older version, so its owner cannot be checked further: delete ${path} if that pid is not a thematic-mock)`
            : ""),
      );
    }
    takeOver(fs, path, content);
  }
  throw new Error(`[thematic-mock] could not claim ${path}: other processes keep claiming it`);
}

/** Creates the lock with `content`; false when it exists already. */
function createLock(fs: SyncFs, path: string, content: string): boolean {
  try {
    fs.symlinkSync(content, path);
    return true;
  } catch (error) {
    const code = codeOf(error);
    if (code === "EEXIST") return false;
    if (!NO_SYMLINKS.has(code)) throw lockError(error, path);
  }
  let fd: number;
  try {
    fd = fs.openSync(path, "wx");
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw lockError(error, path);
  }
  try {
    const bytes = Buffer.from(`${content}\n`);
    if (fs.writeSync(fd, bytes, 0, bytes.length, 0) !== bytes.length)
      throw Object.assign(new Error("short write"), { code: "ENOSPC" });
  } catch (error) {
    try {
      fs.unlinkSync(path); // never leave an empty lock behind
    } catch {
      // Nothing more to do: the next start treats an empty lock as stale.
    }
    throw lockError(error, path);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** Moves a stale lock aside, checks that it was the one judged stale, and removes it (puts it back otherwise). */
function takeOver(fs: SyncFs, path: string, stale: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    fs.renameSync(path, aside);
  } catch {
    return; // gone already (another process took it over): try again
  }
  const moved = readLock(fs, aside);
  if (moved !== stale && moved !== null) {
    // Another process claimed it between our read and our move: give it back.
    try {
      createLock(fs, path, moved);
    } catch {
      // The next attempt reports whoever holds it now.
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    // Removed already.
  }
}

/** The lock's content (a symlink's target, or a file's text), or null when it does not exist. */
function readLock(fs: SyncFs, path: string): string | null {
  try {
    return fs.readlinkSync(path, "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return null;
  }
  try {
    return String(fs.readFileSync(path, "utf8")).trimEnd(); // a file lock ends in a newline
  } catch {
    return null;
  }
}

/** The owner named by a lock: `thematic-mock:<pid>:<token>:<host>`, or a bare pid (older versions); null when neither. */
function parseOwner(content: string): LockOwner | null {
  const text = content.trim();
  const current = /^thematic-mock:(\d+):([^:]+):([0-9a-f]{8})$/.exec(text);
  if (current !== null) return { pid: Number(current[1]), token: current[2]!, host: current[3]! };
  if (/^\d+$/.test(text) && Number(text) > 0) return { pid: Number(text), token: null, host: null };
  return null;
}

function lockError(error: unknown, path: string): Error {
  const code = codeOf(error);
  const why =
    code === "ENOSPC" || code === "EDQUOT"
      ? `the disk is full (${code}); free some space`
      : code === "ENOENT" || code === "ENOTDIR"
        ? `its directory does not exist (${code}); create it or choose another --data file`
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? `writing there is not allowed (${code}); fix the directory's permissions or choose another --data file`
          : `${code || String(error)}`;
  return new Error(`[thematic-mock] could not create the lock file ${path}: ${why}. Nothing was written`, {
    cause: error,
  });
}

const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? "");

function installExitHook(fs: SyncFs): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const [path, content] of held) {
      try {
        if (readLock(fs, path) === content) fs.unlinkSync(path);
      } catch {
        // Best effort: a later start takes a stale lock over.
      }
    }
  });
}
