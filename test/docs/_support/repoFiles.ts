import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders never walked: installs, builds, generated output, version control. */
const SKIPPED = new Set(["node_modules", "dist", ".git", "coverage", "tmp", "artifacts"]);
/** Generated folders, relative to the root (the API reference written by `npm run docs:api`). */
const GENERATED = new Set(["docs/api"]);

/**
 * Paths (relative to `root`, with `/`) of every file of the repository whose name ends with one
 * of `extensions`, sorted; installs, builds and generated folders are not walked.
 *
 * @example
 * repoFiles(root, [".md"]).includes("docs/maths.md") // => true
 */
export function repoFiles(root: string, extensions: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split("\\").join("/");
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !GENERATED.has(rel) && !entry.name.startsWith(".tmp-")) walk(path);
      } else if (entry.isFile() && extensions.some((e) => entry.name.endsWith(e))) out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}
