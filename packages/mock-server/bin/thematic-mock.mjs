#!/usr/bin/env -S node --max-semi-space-size=64
// thematic-mock: the mock server's command line (see --help).
//
// The server is written in TypeScript. Loading ~150 source files through a TypeScript loader
// costs about a second, so this launcher bundles the CLI with esbuild (about 0.2 s) into
// dist/, workspace packages included and third-party packages left as imports, loads it and
// removes the file (one file per process, so concurrent launches never race on it). The whole start stays well under the 1.5 s the server promises.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outfile = join(root, "dist", `thematic-mock.${process.pid}.mjs`);

await build({
  entryPoints: [join(root, "src/adapters/node/cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["@thematic/source"],
  // The optimizer worker thread cannot live in this one-file bundle: it runs from the TypeScript
  // source through tsx (src/adapters/node/_internal/spawnSolverWorker.ts).
  define: { __THEMATIC_SOLVER_WORKER__: JSON.stringify(pathToFileURL(join(root, "src/adapters/node/solverWorker.ts")).href) },
  // Workspace packages (@thematic/*) are bundled from source; everything from the registry stays
  // an import, resolved from node_modules at run time (highs and swagger-ui-dist locate their
  // own files next to their modules).
  plugins: [
    {
      name: "externalize-registry-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith("@thematic/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  logLevel: "warning",
});
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
