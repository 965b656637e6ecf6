#!/usr/bin/env -S node --max-semi-space-size=64
// thematic-mock: the mock server's command line (see --help). Runs the prebuilt bundle
// dist/cli.js (made by `npm run build`, shipped in the package): nothing is compiled or written
// at start. In the repository, `npm start` runs the TypeScript source instead
// (scripts/thematic-mock-dev.mjs), so the development loop needs no build.
import { fileURLToPath } from "node:url";

const cli = new URL("../dist/cli.js", import.meta.url);
try {
  await import(cli.href);
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(fileURLToPath(cli))) {
    process.stderr.write(
      "thematic-mock: dist/cli.js is missing: this is a source checkout; run `npm start` at the repository root, or `npm run build` first\n",
    );
    process.exit(1);
  }
  throw error;
}
