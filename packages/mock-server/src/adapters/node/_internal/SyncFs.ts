import * as fs from "node:fs";

/**
 * The synchronous file-system calls the file persistence makes: node:fs by default; tests pass
 * a layer that fails like a full disk (ENOSPC, short writes, EIO on fsync) to check that no
 * failure loses or corrupts state.
 */
export type SyncFs = Pick<
  typeof fs,
  | "openSync"
  | "closeSync"
  | "writeSync"
  | "fsyncSync"
  | "ftruncateSync"
  | "fstatSync"
  | "renameSync"
  | "unlinkSync"
  | "readFileSync"
  | "existsSync"
  | "readdirSync"
  | "statSync"
  | "symlinkSync"
  | "readlinkSync"
  | "realpathSync"
  | "statfsSync"
>;

/** The real file system. */
export const nodeFs: SyncFs = fs;
