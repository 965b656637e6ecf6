import { dirname } from "node:path";
import type { SyncFs } from "./SyncFs.ts";
import { syncDirectory } from "./syncDirectory.ts";
import { writeFully } from "./writeFully.ts";

/**
 * Replaces `path` with `data`, all or nothing: writes `<path>.<pid>.tmp` in full (looping over
 * short writes), fsyncs it, renames it over `path` (atomic on POSIX) and fsyncs the directory.
 * On any failure the temporary file is removed and `path` is left as it was.
 *
 * @throws the file system's error (ENOSPC, EIO…) after cleaning up
 * @example
 * writeFileAtomically(nodeFs, "state.json", Buffer.from("{}"));
 */
export function writeFileAtomically(fs: SyncFs, path: string, data: Uint8Array): void {
  const tmp = tempFileName(path, process.pid);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, "w");
    writeFully(fs, fd, data, 0);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, path);
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // Already failing; the unlink below matters more.
      }
    }
    try {
      fs.unlinkSync(tmp);
    } catch {
      // Not created, or the directory is unwritable: a later start removes it (cleanStaleTempFiles).
    }
    throw error;
  }
  syncDirectory(fs, dirname(path));
}

/** The temporary file a process writes before renaming it over `path`. @example tempFileName("s.json", 7) // => "s.json.7.tmp" */
export function tempFileName(path: string, pid: number): string {
  return `${path}.${pid}.tmp`;
}
