import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { Persistence } from "../../store/Persistence.ts";
import type { StoreState } from "../../store/StoreState.ts";

/**
 * Persistence in one JSON file, crash-safe: `save` writes a temporary file beside the target,
 * fsyncs it, renames it over the target (atomic on POSIX) and fsyncs the directory, all
 * synchronously, so when it returns the state survives a SIGKILL or power loss, and a reader
 * never sees a half-written file.
 *
 * @param path the state file (created on first save)
 * @throws Error from `load` when the file exists but is not a state file of this mock
 * @example
 * const mock = createMock({ persistence: filePersistence("./mock-state.json") });
 */
export function filePersistence(path: string): Persistence {
  return {
    load() {
      if (!existsSync(path)) return null;
      const text = readFileSync(path, "utf8");
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(`[thematic-mock] ${path} is not valid JSON; delete it or choose another --data file`, { cause: error });
      }
      if (parsed === null || typeof parsed !== "object" || (parsed as { formatVersion?: unknown }).formatVersion !== 1) {
        throw new Error(`[thematic-mock] ${path} is not a thematic-mock state file (formatVersion 1)`);
      }
      return parsed as StoreState;
    },
    save(state) {
      const tmp = `${path}.${process.pid}.tmp`;
      const fd = openSync(tmp, "w");
      try {
        writeSync(fd, JSON.stringify(state));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, path);
      syncDirectory(dirname(path));
    },
  };
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
