import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The fenced code block that follows `<!-- quickstart:<name> -->` in the repository's README.md,
 * verbatim (so the README cannot drift from what the packaging tests run).
 * @throws Error when the marker or its block is missing
 */
export function readmeBlock(repo: string, name: string): string {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const marker = `<!-- quickstart:${name} -->`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no ${marker}`);
  const block = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(readme.slice(at + marker.length));
  if (block === null) throw new Error(`README.md has no code block after ${marker}`);
  return block[1]!;
}
