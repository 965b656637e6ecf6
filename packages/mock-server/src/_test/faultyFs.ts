import * as fs from "node:fs";
import type { SyncFs } from "../adapters/node/_internal/SyncFs.ts";

/** A file system whose disk can fill up or fail: see {@link faultyFs}. */
export interface FaultyFs extends SyncFs {
  /** Bytes writes may still add (Infinity: unlimited). A write beyond is cut short, the next fails with ENOSPC. */
  freeBytes: number;
  /** The error code the next fsync fails with (once), e.g. "EIO"; null: none. */
  failNextFsync: string | null;
  /** Error code every ftruncate fails with; null: none. */
  failTruncate: string | null;
}

const errno = (code: string, call: string) => Object.assign(new Error(`${code}: ${call} failed (injected)`), { code });

/**
 * node:fs with injected failures, as a nearly full disk behaves: a write that does not fit
 * writes what fits and returns a short count, the next one throws ENOSPC; fsync and ftruncate
 * can be made to fail. Used by the persistence's tests in every environment (no tmpfs needed).
 *
 * @example
 * const disk = faultyFs(); disk.freeBytes = 100; // the next 100 bytes fit, then ENOSPC
 */
export function faultyFs(): FaultyFs {
  const layer: FaultyFs = {
    ...(fs as unknown as SyncFs),
    freeBytes: Infinity,
    failNextFsync: null,
    failTruncate: null,
    writeSync: ((fd: number, data: Uint8Array, offset?: number, length?: number, position?: number | null) => {
      if (layer.freeBytes <= 0) throw errno("ENOSPC", "write");
      const from = offset ?? 0;
      const n = Math.min(length ?? data.length - from, layer.freeBytes);
      layer.freeBytes -= n;
      return fs.writeSync(fd, data, from, n, position);
    }) as unknown as SyncFs["writeSync"],
    fsyncSync: (fd: number) => {
      const code = layer.failNextFsync;
      if (code !== null) {
        layer.failNextFsync = null;
        throw errno(code, "fsync");
      }
      fs.fsyncSync(fd);
    },
    ftruncateSync: (fd: number, len?: number) => {
      if (layer.failTruncate !== null) throw errno(layer.failTruncate, "ftruncate");
      fs.ftruncateSync(fd, len);
    },
  };
  return layer;
}
