import * as fs from "node:fs";
import { join } from "node:path";
import type { SyncFs } from "../adapters/node/_internal/SyncFs.ts";

/** A file system whose disk holds `capacity` bytes: see {@link smallDisk}. */
export interface SmallDisk extends SyncFs {
  /** Bytes the disk holds in all; change it to fill or free the disk. */
  capacity: number;
  /** Bytes of the regular files under the directory now. */
  used(): number;
}

/**
 * node:fs over a directory, as if that directory were a disk of `capacity` bytes: the space used
 * is the size of the regular files under it (so truncating, replacing or deleting a file frees
 * its bytes, as on a real disk), a write that does not fit writes what fits and returns a short
 * count, the next throws ENOSPC, and statfs reports the free bytes. Symbolic links take no space
 * (a short target lives in the inode on ext4 and tmpfs). Test support for the persistence on a
 * small disk without mounting one.
 *
 * @example
 * const disk = smallDisk(dir, 4 << 20); // a 4 MiB disk
 */
export function smallDisk(dir: string, capacity: number): SmallDisk {
  const used = (at = dir): number => {
    let total = 0;
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) total += used(join(at, entry.name));
      else if (entry.isFile()) total += fs.statSync(join(at, entry.name)).size;
    }
    return total;
  };
  const enospc = () =>
    Object.assign(new Error("ENOSPC: no space left on device, write (injected)"), { code: "ENOSPC" });
  const disk: SmallDisk = {
    ...(fs as unknown as SyncFs),
    capacity,
    used: () => used(),
    writeSync: ((fd: number, data: Uint8Array, offset?: number, length?: number, position?: number | null) => {
      const from = offset ?? 0;
      const want = length ?? data.length - from;
      const size = fs.fstatSync(fd).size;
      const at = position ?? size;
      const free = Math.max(0, disk.capacity - used());
      const n = Math.min(want, Math.max(0, size - at) + free); // overwriting takes no new space
      if (n <= 0 && want > 0) throw enospc();
      return fs.writeSync(fd, data, from, n, position);
    }) as unknown as SyncFs["writeSync"],
    statfsSync: ((path: string) => {
      const real = fs.statfsSync(path);
      const free = Math.max(0, disk.capacity - used());
      return { ...real, bsize: 1, blocks: disk.capacity, bfree: free, bavail: free };
    }) as unknown as SyncFs["statfsSync"],
  };
  return disk;
}
