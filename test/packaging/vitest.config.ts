import { join } from "node:path";
import { defineConfig } from "vitest/config";

// The packaging tests (`npm run test:packaging`, run by .ci/run): the packed packages installed
// into a fresh project outside the repository. One file at a time (they share that project and
// drive Chromium); the setup builds, packs and installs once.
export default defineConfig({
  root: join(import.meta.dirname, "..", ".."),
  test: {
    include: ["test/packaging/**/*.test.ts"],
    globalSetup: ["test/packaging/_support/globalSetup.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
