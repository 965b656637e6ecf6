// A Vite production build of an app that uses the msw handlers only in development, as
// the mock-server README shows (the block after <!-- msw-dev-only -->, verbatim), contains nothing
// of the mock (no optimizer WebAssembly, no fixtures, a few hundred bytes of JavaScript) and
// gives no warning. The static-import variant is built too, to show what the README warns about.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

/** The code block after `<!-- msw-dev-only -->` in the mock-server README. */
function devOnlyBlock(): string {
  const readme = readFileSync(join(ctx.repo, "packages", "mock-server", "README.md"), "utf8");
  const at = readme.indexOf("<!-- msw-dev-only -->");
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  if (at < 0 || block === undefined)
    throw new Error("packages/mock-server/README.md has no <!-- msw-dev-only --> block");
  return block;
}

/** Builds `main` as a Vite app's entry; returns the build output and the emitted files with their sizes. */
async function build(
  name: string,
  main: string,
): Promise<{ output: string; files: Array<{ file: string; bytes: number }> }> {
  const dir = join(ctx.project, name);
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "src", "main.js"), `${main}\ndocument.body.dataset.ready = "yes";\n`);
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><meta charset="utf-8"><script type="module" src="/src/main.js"></script>',
  );
  // As a user runs it: without vitest's NODE_ENV=test, which would make Vite build with DEV true.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const { stdout, stderr } = await runOk("npx vite build", dir, env);
  const assets = join(dir, "dist", "assets");
  const files = readdirSync(assets).map((file) => ({ file, bytes: statSync(join(assets, file)).size }));
  return { output: stdout + stderr, files };
}

describe("a production build of an app using the mock only in development (vite)", () => {
  it("as the README shows: nothing of the mock, no warning", async () => {
    const { output, files } = await build("web-prod-dev-only", devOnlyBlock());
    expect(output).not.toMatch(/externalized|warn/i);
    expect(files.map((f) => f.file).filter((f) => !f.endsWith(".js"))).toEqual([]);
    expect(files.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThan(4096);
  });

  it("with a static import instead: the warning and the optimizer's WebAssembly the README warns about", async () => {
    const { output, files } = await build(
      "web-prod-static",
      `import { setupMockWorker } from "@thematic/mock-server/msw/browser";\nif (import.meta.env.DEV) await setupMockWorker({ baseUrl: "https://api.example.com" }).start({ quiet: true });`,
    );
    expect(output).toMatch(/"node:module" has been externalized/);
    expect(files.some((f) => /^highs-.*\.wasm$/.test(f.file))).toBe(true);
  });
});
