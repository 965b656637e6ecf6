import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders never walked: installs, builds, generated output, version control. */
const SKIPPED = new Set(["node_modules", "dist", ".git", "coverage", "tmp", "artifacts"]);
/** Generated folders, relative to the root (the API reference written by `npm run docs:api`). */
const GENERATED = new Set(["docs/api"]);

/**
 * Paths (relative to `root`, with `/`) of every Markdown file of the repository, sorted.
 *
 * @example
 * repoMarkdownFiles(root).includes("docs/maths.md") // => true
 */
export function repoMarkdownFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split("\\").join("/");
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !GENERATED.has(rel) && !entry.name.startsWith(".tmp-")) walk(path);
      } else if (entry.isFile() && entry.name.endsWith(".md")) out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}
