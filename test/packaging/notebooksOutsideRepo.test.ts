// The example notebooks run outside the repository, set up as examples/README.md ("Outside the
// repository") and each notebook's first cell say: a fresh folder, the `notebooks` line
// `npm run pack` printed (as before publication), the notebooks copied in, and every code cell run
// by Deno in that folder against the folder's installed `thematic-mock`.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { npmEnv, run, runOk } from "./_support/npmEnv.ts";
import { beforePublication, readmeBlock } from "./_support/readmeBlock.ts";

const ctx = inject("packaging");
const examples = join(ctx.repo, "examples");
const notebooks = readdirSync(examples)
  .filter((f) => f.endsWith(".ipynb"))
  .sort();

describe("the example notebooks outside the repository", () => {
  const install = readmeBlock(ctx.repo, "notebooks-install", "examples/README.md");

  it.each(notebooks)("%s: its first cell gives the set-up of examples/README.md", (file) => {
    const notebook = JSON.parse(readFileSync(join(examples, file), "utf8")) as {
      cells: Array<{ cell_type: string; source: string[] | string }>;
    };
    const first = notebook.cells[0]!;
    const text = Array.isArray(first.source) ? first.source.join("") : first.source;
    expect(first.cell_type).toBe("markdown");
    for (const line of install.split("\n").filter((l) => l.startsWith("npm "))) expect(text).toContain(line);
    expect(text.replace(/\s+/g, " ")).toContain("the `notebooks` line that `npm run pack` prints");
    expect(text).toContain("npx thematic-mock");
  });

  it("run, every code cell, in a fresh folder with the packages installed by the printed `notebooks` line", async () => {
    const parent = mkdtempSync(join(ctx.work, "notebooks-"));
    await runOk(
      beforePublication(install, ctx.pack),
      parent,
      npmEnv(ctx.unpublishedRegistryUrl, ctx.npmCache),
      300_000,
    );
    const folder = join(parent, /cd (\S+)/.exec(install)![1]!);
    for (const file of notebooks) copyFileSync(join(examples, file), join(folder, file));
    // The runner starts the folder's own mock (no THEMATIC_API_URL).
    const { THEMATIC_API_URL: _external, ...env } = process.env;
    const result = await run(
      `node "${join(ctx.repo, "scripts", "run-notebooks.mjs")}" --project .`,
      folder,
      env,
      300_000,
    );
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(0);
    const ran = [...output.matchAll(/^run-notebooks: (\S+\.ipynb): \d+ code cells ran, \d+ charts? shown/gm)].map(
      (m) => m[1],
    );
    expect(ran).toEqual(notebooks);
    // The folder is outside the repository: @thematic/* could only come from its node_modules.
    expect(folder.startsWith(ctx.repo)).toBe(false);
    expect(readdirSync(join(folder, "node_modules", "@thematic")).sort()).toEqual([
      "charts",
      "engine",
      "fixtures",
      "mock-server",
    ]);
  });
});
