import { basename, dirname, join, resolve } from "node:path";
import type { SyncFs } from "./SyncFs.ts";

/**
 * The real path of a `--data` file: symbolic links resolved (those of the file itself, even
 * dangling, and of its directories), so that every name of one state file leads to the same
 * `.lock`, `.journal` and temporary files, and a compaction replaces the real file, not a link to it.
 * A file that does not exist yet keeps its name in its directory's real path.
 *
 * @throws Error naming the path when its links loop
 * @example
 * realDataPath("/data/link.json", nodeFs) // => "/srv/state/real.json" when link.json -> /srv/state/real.json
 */
export function realDataPath(path: string, fs: SyncFs): string {
  let at = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    try {
      return fs.realpathSync(at);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") throw error;
    }
    let target: string;
    try {
      target = fs.readlinkSync(at, "utf8"); // a dangling link: the file it will create
    } catch {
      return join(realDirectory(dirname(at), fs), basename(at)); // not there yet
    }
    at = resolve(dirname(at), target);
  }
  throw new Error(`[thematic-mock] ${path}: too many levels of symbolic links`);
}

function realDirectory(dir: string, fs: SyncFs): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir; // missing: the first write names it
  }
}
