import type { SyncFs } from "./SyncFs.ts";

/** Errors that mean "directories cannot be fsynced here" (Windows, some file systems), not a failure. */
const UNSUPPORTED = new Set(["EISDIR", "EPERM", "EINVAL", "ENOTSUP", "EACCES", "EBADF"]);

/**
 * fsyncs directory `dir`, so a file created or renamed in it survives a power loss. Where a
 * directory cannot be opened or fsynced (Windows) the rename is still atomic, so that is skipped.
 *
 * @throws the file system's error when the fsync fails otherwise (EIO…)
 */
export function syncDirectory(fs: SyncFs, dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch (error) {
    if (!UNSUPPORTED.has(String((error as { code?: unknown }).code))) throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
