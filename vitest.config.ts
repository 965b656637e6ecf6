import { configDefaults, defineConfig } from "vitest/config";

// Workspace packages are resolved to their TypeScript source through the
// "@thematic/source" export condition, so nothing needs a build to be tested.
const conditions = ["@thematic/source"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "fixtures/src/**/*.test.ts", "test/**/*.test.ts"],
    // The packed-package tests have their own run (npm run test:packaging, in .ci/run).
    exclude: [...configDefaults.exclude, "test/packaging/**"],
    environment: "node",
    testTimeout: 30_000,
  },
});
