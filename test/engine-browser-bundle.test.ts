import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The engine must load in a browser and in a Deno/Jupyter notebook: bundling it for the browser
 * platform must succeed with no Node built-in left in the output, and with the HiGHS solver
 * reached only through a lazy dynamic import (so importing the engine never loads WebAssembly).
 */
describe("@thematic/engine in a browser", () => {
  it("bundles for the browser platform without Node built-ins", async () => {
    const result = await build({
      entryPoints: ["packages/engine/src/index.ts"],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      conditions: ["@thematic/source"],
      external: ["highs"],
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.startsWith("node:"))).toBe(false);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/\bfrom\s*["']node:/);
    expect(code).not.toMatch(/\brequire\(["'](fs|path|os|crypto|node:[a-z]+)["']\)/);
    // The solver is only ever imported lazily.
    expect(code).not.toMatch(/^import[^;]*["']highs["']/m);
  });

  it("exposes one ESM entry with types and no side effects", async () => {
    const pkg = (await import("../packages/engine/package.json", { with: { type: "json" } })).default as Record<
      string,
      unknown
    >;
    expect(pkg.type).toBe("module");
    expect(pkg.sideEffects).toBe(false);
    const entry = (pkg.exports as Record<string, Record<string, string>>)["."]!;
    expect(Object.keys(entry)).toEqual(["@thematic/source", "types", "import"]);
  });
});
