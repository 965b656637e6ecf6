import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { npmEnv, runOk } from "./npmEnv.ts";

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

/**
 * A README user path run as a user would: the `<name>-install` block in a fresh folder under
 * `work` (through the local registry), then the `<name>-script` block saved as the file its first
 * line names (`// <file>.mjs (run it with: node <file>.mjs)`) in the folder the install `cd`s into,
 * and run with that command.
 * @returns the folder and the script's stdout
 * @throws Error when a block is missing or malformed, or a command fails
 */
export async function runReadmePath(ctx: { repo: string; work: string; registryUrl: string; npmCache: string }, name: string): Promise<{ folder: string; stdout: string }> {
  const parent = mkdtempSync(join(ctx.work, `readme-${name}-`));
  const install = readmeBlock(ctx.repo, `${name}-install`);
  await runOk(install, parent, npmEnv(ctx.registryUrl, ctx.npmCache), 300_000);
  const script = readmeBlock(ctx.repo, `${name}-script`);
  const file = /^\/\/ (\S+\.mjs) \(run it with: (node \S+)\)/.exec(script);
  if (file === null) throw new Error(`README.md: the ${name}-script block must start with \`// <file>.mjs (run it with: node <file>.mjs)\``);
  const cd = /cd (\S+)/.exec(install);
  if (cd === null) throw new Error(`README.md: the ${name}-install block must cd into the project it makes`);
  const folder = join(parent, cd[1]!);
  writeFileSync(join(folder, file[1]!), script);
  return { folder, stdout: (await runOk(file[2]!, folder)).stdout };
}
