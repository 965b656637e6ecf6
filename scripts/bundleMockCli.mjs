// One esbuild configuration for the `thematic-mock` command line, used twice:
// - at build time (`npm run build -w @thematic/mock-server`): packages/mock-server/dist/cli.js, the
//   file the installed `thematic-mock` bin imports. One file starts in about half the time of the
//   ~700 modules (ours, zod, hono) it replaces, and nothing is bundled when the command starts.
// - by the repository's `npm start` (scripts/thematic-mock-dev.mjs): from the TypeScript source,
//   so the development loop needs no build.
// Packages that find files next to their own modules stay imports, resolved from node_modules at
// run time: highs (highs.wasm), the MCP SDK (imported on the first /v1/mcp request) and
// @thematic/fixtures' data files (read through its package exports). Vega and Vega-Lite (imported
// by @thematic/charts on the studio's first chart) stay imports too: they would double the bundle
// (1.7 to 3.5 MB) for a page most runs never open, and they are optional peer dependencies,
// installed with @thematic/charts by those who want the studio's charts (the mock answers 501
// without them). Every external is a declared dependency or peer of @thematic/mock-server.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Registry packages left as run-time imports (see above). */
export const EXTERNAL = [
  "highs",
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/sdk/*",
  "msw",
  "msw/*",
  "vega",
  "vega-lite",
];

/**
 * Bundles packages/mock-server/src/adapters/node/cli.ts (and the workspace packages it uses, from
 * their TypeScript source) into one ESM file for Node 20.
 * No source map: stack traces name the bundle's lines; the library entries (dist/**) carry maps.
 * `solverWorker`: where the optimizer worker thread's entry is. The built package leaves it unset:
 * the bundle finds the compiled `dist/adapters/node/solverWorker.js` beside it. `npm start` sets it
 * to the TypeScript source (run in the worker through tsx), since a bundle has no sibling files.
 * @param {{ outfile: string, solverWorker?: string }} options
 */
export async function bundleMockCli({ outfile, solverWorker }) {
  await build({
    entryPoints: [join(repo, "packages/mock-server/src/adapters/node/cli.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["@thematic/source"],
    external: EXTERNAL,
    ...(solverWorker === undefined ? {} : { define: { __THEMATIC_SOLVER_WORKER__: JSON.stringify(solverWorker) } }),
    legalComments: "eof",
    // CommonJS dependencies inside an ESM bundle call require(): give them one.
    banner: {
      js: 'import { createRequire as __thematicCreateRequire } from "node:module"; const require = __thematicCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = process.argv[2];
  if (outfile === undefined) {
    process.stderr.write("usage: node scripts/bundleMockCli.mjs <outfile>\n");
    process.exit(2);
  }
  await bundleMockCli({ outfile });
}
