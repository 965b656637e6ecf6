import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { npmEnv, runOk } from "./npmEnv.ts";
import { useFor, type PackOutput } from "./packOutput.ts";

/**
 * The fenced code block that follows `<!-- quickstart:<name> -->` in the repository's README.md
 * (or in `file`, relative to the repository), verbatim (so the README cannot drift from what the
 * packaging tests run).
 * @throws Error when the marker or its block is missing
 */
export function readmeBlock(repo: string, name: string, file = "README.md"): string {
  const readme = readFileSync(join(repo, file), "utf8");
  const marker = `<!-- quickstart:${name} -->`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`${file} has no ${marker}`);
  const block = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(readme.slice(at + marker.length));
  if (block === null) throw new Error(`${file} has no code block after ${marker}`);
  return block[1]!;
}

/**
 * A README's shell block as it runs before the packages are published, as the READMEs tell: its
 * one `npm install … @thematic/…` line replaced by the line `npm run pack` printed for it (the use
 * printed "instead of" exactly that command).
 * @throws Error when the block has no such line or more than one, or `npm run pack` printed none for it
 */
export function beforePublication(block: string, pack: Pick<PackOutput, "uses">): string {
  const lines = block.split("\n");
  const at = lines.flatMap((line, i) => (/^npm install .*@thematic\//.test(line) ? [i] : []));
  if (at.length !== 1)
    throw new Error(`expected one \`npm install … @thematic/…\` line in the block, found ${at.length}:\n${block}`);
  lines[at[0]!] = useFor(pack, lines[at[0]!]!.trim()).line;
  return lines.join("\n");
}

/**
 * A README user path run as a user would before the packages are published: the `<name>-install`
 * block of `file` in a fresh folder under `work`, its `npm install @thematic/…` line replaced by the
 * line `npm run pack` printed for it ({@link beforePublication}; a registry that knows no @thematic
 * package supplies the rest), then the `<name>-script` block saved as the file its first
 * line names (`// <file>.mjs (run it with: node <file>.mjs)`, or `// <file>.mts (run it with: npx tsx <file>.mts)`)
 * in the folder the install `cd`s into, and run with that command. `beforeRun` runs between the
 * two, in that folder (e.g. to start the installed mock the script talks to).
 * @returns the folder and the script's stdout
 * @throws Error when a block is missing or malformed, or a command fails
 */
export async function runReadmePath(
  ctx: { repo: string; work: string; unpublishedRegistryUrl: string; npmCache: string; pack: Pick<PackOutput, "uses"> },
  name: string,
  beforeRun?: (folder: string) => Promise<void>,
): Promise<{ folder: string; stdout: string }> {
  const parent = mkdtempSync(join(ctx.work, `readme-${name}-`));
  const install = readmeBlock(ctx.repo, `${name}-install`);
  const env = npmEnv(ctx.unpublishedRegistryUrl, ctx.npmCache);
  await runOk(beforePublication(install, ctx.pack), parent, env, 300_000);
  const script = readmeBlock(ctx.repo, `${name}-script`);
  const file = /^\/\/ (\S+\.m[jt]s) \(run it with: ((?:node|npx tsx) \S+)\)/.exec(script);
  if (file === null)
    throw new Error(
      `README.md: the ${name}-script block must start with \`// <file>.mjs (run it with: node <file>.mjs)\` or \`// <file>.mts (run it with: npx tsx <file>.mts)\``,
    );
  const cd = /cd (\S+)/.exec(install);
  if (cd === null) throw new Error(`README.md: the ${name}-install block must cd into the project it makes`);
  const folder = join(parent, cd[1]!);
  writeFileSync(join(folder, file[1]!), script);
  await beforeRun?.(folder);
  return { folder, stdout: (await runOk(file[2]!, folder, env)).stdout };
}
