#!/usr/bin/env -S node --max-semi-space-size=64
// thematic-mock: the mock server's command line (see --help). Runs the prebuilt bundle
// dist/cli.js (made by `npm run build`, shipped in the package): nothing is compiled or written
// at start. In the repository, `npm start` runs the TypeScript source instead
// (scripts/thematic-mock-dev.mjs), so the development loop needs no build.
import "../dist/cli.js";
