// A real small disk for the robustness tests: a tmpfs of a given size (needs Linux, root and
// mount; callers skip with the reason otherwise), and a filler that takes its free space.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmdirSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Mounts a tmpfs of `size` (e.g. "4m") at a new directory, or says why it cannot.
 *
 * @example
 * const disk = mountTmpfs("4m"); if ("dir" in disk) unmountTmpfs(disk.dir);
 */
export function mountTmpfs(size: string): { dir: string } | { reason: string } {
  if (process.platform !== "linux") return { reason: `tmpfs needs Linux (this is ${process.platform})` };
  if (process.getuid?.() !== 0) return { reason: "mounting a tmpfs needs root" };
  const dir = mkdtempSync(join(tmpdir(), "thematic-tmpfs-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return { dir };
  } catch (error) {
    rmdirSync(dir);
    return { reason: `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
}

/** Unmounts and removes a directory from {@link mountTmpfs}. */
export function unmountTmpfs(dir: string): void {
  execFileSync("umount", [dir]);
  rmdirSync(dir);
}

/**
 * Writes zeros to `file` until the disk is full, or until `leave` bytes are left free; returns
 * how many bytes it wrote.
 *
 * @example
 * fillDisk(join(dir, "filler")) // => 4190208
 */
export function fillDisk(file: string, leave = 0, freeBytes?: () => number): number {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(4096);
  let written = 0;
  try {
    for (;;) {
      if (leave > 0 && freeBytes !== undefined && freeBytes() - chunk.length < leave) break;
      written += writeSync(fd, chunk);
    }
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}
