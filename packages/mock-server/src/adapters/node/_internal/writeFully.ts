import type { SyncFs } from "./SyncFs.ts";

/**
 * Writes all of `data` at `position` of `fd`, looping over short writes (a write may take fewer
 * bytes than asked, e.g. when the disk fills up mid-way; the next one then fails with ENOSPC).
 *
 * @throws the file system's error (ENOSPC, EDQUOT, EIO…), or an EIO error when a write makes no progress
 * @example
 * writeFully(nodeFs, fd, Buffer.from("{}\n"), 0); // 3 bytes at offset 0
 */
export function writeFully(fs: SyncFs, fd: number, data: Uint8Array, position: number): void {
  let done = 0;
  while (done < data.length) {
    const n = fs.writeSync(fd, data, done, data.length - done, position + done);
    if (!(n > 0)) throw Object.assign(new Error(`write made no progress at byte ${position + done}`), { code: "EIO" });
    done += n;
  }
}
